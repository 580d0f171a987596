// Web Push in AWS (docs/notifications.md): the VAPID keys' secret, the jobs Lambda
// (functions/notifications/jobs.ts) with the morning schedules and the stream of new loss entries,
// and the grants between them — each the least that works:
// - the secret is read by the two notifications functions only (the routes' for the public key,
//   the jobs' to sign); it holds only the shape at deploy, `npm run push:vapid` fills it once;
// - one EventBridge Scheduler schedule per shard of subscribed businesses, cron(0 6 * * ? *) in
//   Africa/Dakar (UTC+0, as Abidjan), each invoking the jobs function with {shard: n} through a role
//   that may invoke that function and nothing else;
// - the table's stream (NEW_IMAGE) read by the jobs function through an event-source mapping whose
//   filter (shared/stream.ts) lets only new loss entries through: the bandes Lambda does nothing more.
import { Duration, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { PERTE_STREAM_FILTER } from '@shared/stream';
import { JOBS_FUNCTION, PUSH_SHARDS } from '../../../functions/notifications/constants';
import { acknowledgeNag } from '../nag';
import { DomainFunction } from './domain-function';

/** What the secret holds until `npm run push:vapid` fills it (nothing secret in the template). */
export const VAPID_SECRET_TEMPLATE = { publicKey: '', privateKey: '', subject: '' };
export const MORNING_CRON = 'cron(0 6 * * ? *)';
export const MORNING_TIMEZONE = 'Africa/Dakar';

export interface NotificationsProps {
  stage: string;
  repoRoot: string;
  table: dynamodb.Table;
  jwtSecret: secretsmanager.ISecret;
  jwtKeyVersion: string;
  mailFrom: string;
  /** The routes' function (domain notifications): it reads the public key. */
  api: DomainFunction;
  trialDays: number;
  tokenTtlHours: number;
}

export class GanaarNotifications extends Construct {
  readonly secret: secretsmanager.Secret;
  readonly jobs: DomainFunction;
  readonly schedulerRole: iam.Role;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);

    this.secret = new secretsmanager.Secret(this, 'VapidSecret', {
      description: `Ganaar ${props.stage}: VAPID keys of Web Push (JSON {publicKey, privateKey, subject}, filled by npm run push:vapid)`,
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify(VAPID_SECRET_TEMPLATE)),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledgeNag(this.secret, {
      id: 'AwsSolutions-SMG4',
      reason:
        'Every browser subscription is bound to the VAPID public key: a rotation ends every subscription on every phone, so it is an operator decision (docs/notifications.md), never a schedule.',
    });

    // Up to 10 000 businesses / PUSH_SHARDS per invocation at ~60 ms each (docs/notifications.md,
    // measured): minutes, under Lambda's 15-minute cap with a wide margin.
    this.jobs = new DomainFunction(this, 'JobsFunction', {
      domain: 'notifications',
      entryFile: 'jobs.ts',
      name: JOBS_FUNCTION,
      repoRoot: props.repoRoot,
      stage: props.stage,
      timeout: Duration.minutes(15),
      environment: { TRIAL_DAYS: String(props.trialDays), TOKEN_TTL_HOURS: String(props.tokenTtlHours) },
    })
      .bindTable(props.table)
      // functions/lib/config.ts checks the whole configuration at cold start: the same settings as every function.
      .bindJwtSecret(props.jwtSecret, props.jwtKeyVersion)
      .bindMail(props.mailFrom);

    for (const fn of [props.api, this.jobs]) {
      this.secret.grantRead(fn.fn);
      fn.fn.addEnvironment('VAPID_SECRET_ARN', this.secret.secretArn);
    }

    // The stream of new loss entries → the death alert.
    this.jobs.fn.addEventSourceMapping('LossEntries', {
      eventSourceArn: props.table.tableStreamArn!,
      startingPosition: lambda.StartingPosition.LATEST,
      batchSize: 100,
      maxBatchingWindow: Duration.seconds(1),
      // A notification is not a write: a batch that fails twice is dropped, never retried for a day.
      retryAttempts: 2,
      bisectBatchOnError: true,
      filters: [lambda.FilterCriteria.filter(PERTE_STREAM_FILTER as unknown as Record<string, unknown>)],
    });
    this.jobs.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
        resources: [props.table.tableStreamArn!],
      }),
    );
    this.jobs.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['dynamodb:ListStreams'], resources: ['*'] }));
    acknowledgeNag(this.jobs.role, {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'dynamodb:ListStreams has no resource-level permission (IAM reference): the event-source mapping needs it on "*"; the stream reads are on the table\'s stream ARN only.',
    });

    // EventBridge Scheduler invokes the jobs function, and only it.
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
      description: `Ganaar ${props.stage}: the morning schedules invoke the notifications jobs function`,
    });
    this.schedulerRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.jobs.fn.functionArn] }));
    for (let shard = 0; shard < PUSH_SHARDS; shard++) {
      new scheduler.CfnSchedule(this, `Morning${shard}`, {
        name: `ganaar-${props.stage}-matin-${shard}`,
        description: `Ganaar ${props.stage}: morning push summary, businesses of shard ${shard}`,
        scheduleExpression: MORNING_CRON,
        scheduleExpressionTimezone: MORNING_TIMEZONE,
        flexibleTimeWindow: { mode: 'OFF' },
        target: {
          arn: this.jobs.fn.functionArn,
          roleArn: this.schedulerRole.roleArn,
          input: JSON.stringify({ shard }),
          // A failed invocation is tried again within the hour, then dropped (tomorrow's summary is not late).
          retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 3600 },
        },
      });
    }
  }
}
