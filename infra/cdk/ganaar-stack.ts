// The whole Ganaar cloud in one stack: the single table, the JWT secret, the images and logs
// buckets, one Lambda per domain of the route table, the HTTP API with one route per row, and
// CloudFront serving the SPA and the API on one origin.
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ROUTES, activeDomains, type Domain } from '@shared/api/routes';
import { DEFAULT_TABLE_NAME, TABLE } from '@shared/table';
import { DomainFunction } from './constructs/domain-function';
import { GanaarHttpApi } from './constructs/http-api';

/** The origin authorizer's function name suffix (`ganaar-<stage>-origin-authorizer`). */
export const ORIGIN_AUTHORIZER_FUNCTION = 'origin-authorizer';
import { WebDistribution } from './constructs/web-distribution';
import { GanaarPayments, PAYMENT_FLOW_FUNCTION } from './constructs/payments';
import { GanaarMonitoring } from './constructs/monitoring';
import { GanaarNotifications } from './constructs/notifications';
import { acknowledgeNag } from './nag';
import { NATIVE_MODULES } from './bundling';
import { JOBS_FUNCTION } from '../../functions/notifications/constants';

/** Domains whose routes store or read product images (spec part 2: api/produit/saveEcomImage). */
export const IMAGE_DOMAINS: readonly Domain[] = ['ecommerce'];

/** Object keys of product photos in the images bucket (IAM grants and CloudFront stop there). */
export const IMAGES_PREFIX = 'images/';

/** Domains whose requests wait on a provider (a mobile-money payment): API Gateway's 30 s cap. */
export const SLOW_DOMAINS: readonly Domain[] = ['paiements'];

export interface GanaarStackProps extends StackProps {
  stage: string;
  mailFrom: string;
  trialDays: number;
  tokenTtlHours: number;
  /** See GanaarSettings.jwtKeyVersion. */
  jwtKeyVersion: string;
  repoRoot: string;
  /** The built SPA; missing → no deployment (synth warns). */
  webDistDir: string;
  /** Where users open Ganaar, when not the distribution's own address (a custom domain). */
  publicUrl?: string;
  waveApiUrl: string;
  orangeMoneyApiUrl: string;
  /** The WAF web ACL (edge-stack.ts) CloudFront applies; none = no WAF (tests of other parts). */
  webAclArn?: string;
  alarmEmail?: string;
  monthlyBudgetUsd: number;
}

export class GanaarStack extends Stack {
  readonly table: dynamodb.Table;
  readonly jwtSecret: secretsmanager.Secret;
  readonly originSecret: secretsmanager.Secret;
  readonly shareSecret: secretsmanager.Secret;
  readonly imagesBucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;
  readonly functions = new Map<Domain, DomainFunction>();
  readonly httpApi: GanaarHttpApi;
  readonly originAuthorizer: DomainFunction;
  readonly web: WebDistribution;
  readonly payments: GanaarPayments;
  readonly monitoring: GanaarMonitoring;
  readonly notifications: GanaarNotifications;

  constructor(scope: Construct, id: string, props: GanaarStackProps) {
    super(scope, id, props);

    this.table = new dynamodb.Table(this, 'Table', {
      tableName: `${DEFAULT_TABLE_NAME}-${props.stage}`,
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // New loss entries reach the death alert (infra/cdk/constructs/notifications.ts).
      stream: dynamodb.StreamViewType.NEW_IMAGE,
    });
    for (const gsi of TABLE.gsis) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.name,
        partitionKey: { name: gsi.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.jwtSecret = new secretsmanager.Secret(this, 'JwtSecret', {
      description: `Ganaar ${props.stage}: HS256 key signing session tokens`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledgeNag(this.jwtSecret, {
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the HS256 key signs every user out and running containers keep the old key until recycled, so an operator rotates it on purpose (docs/deploy.md), not a schedule.',
    });

    // CloudFront sends it with every API request; the Lambdas trust the forwarded client IP only
    // with it (functions/lib/client-ip.ts). Alphanumeric: it travels as an HTTP header value.
    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: `Ganaar ${props.stage}: proves an API request came through CloudFront (client IP header)`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledgeNag(this.originSecret, {
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront reads the value at deploy time and warm Lambdas cache it: rotating means a new value and a deploy, done by an operator (docs/deploy.md), not a schedule.',
    });

    // Signs shared links (functions/partage/token.ts); read by the partage Lambda only.
    this.shareSecret = new secretsmanager.Secret(this, 'ShareSecret', {
      description: `Ganaar ${props.stage}: HMAC key signing the links of shared documents`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledgeNag(this.shareSecret, {
      id: 'AwsSolutions-SMG4',
      reason: 'Rotating the key turns every link already sent on WhatsApp into a 404, so an operator rotates it on purpose (docs/partage.md), not a schedule.',
    });

    this.logsBucket = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // CloudFront standard logs are written with an ACL, so this bucket must accept object-writer ACLs.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(180) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.imagesBucket = new s3.Bucket(this, 'ImagesBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // Replaced versions go after 30 days; an upload that never completed after 1 day.
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'images-bucket/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const domain of activeDomains()) {
      const fn = new DomainFunction(this, `Fn-${domain}`, {
        domain,
        repoRoot: props.repoRoot,
        stage: props.stage,
        timeout: SLOW_DOMAINS.includes(domain) ? Duration.seconds(25) : undefined,
        nodeModules: NATIVE_MODULES[domain] ? [...NATIVE_MODULES[domain]] : undefined,
        // Decoding a phone photo with libvips wants memory (and the CPU that comes with it).
        memorySize: IMAGE_DOMAINS.includes(domain) ? 1024 : undefined,
        environment: { TRIAL_DAYS: String(props.trialDays), TOKEN_TTL_HOURS: String(props.tokenTtlHours) },
      })
        .bindTable(this.table)
        .bindJwtSecret(this.jwtSecret, props.jwtKeyVersion)
        .bindOriginSecret(this.originSecret)
        .bindMail(props.mailFrom)
        .bindImages(this.imagesBucket, IMAGE_DOMAINS.includes(domain) ? 'read-write' : 'name-only', IMAGES_PREFIX);
      this.functions.set(domain, fn);
    }

    // Lets a request reach a handler only when it came through CloudFront (its origin secret).
    this.originAuthorizer = new DomainFunction(this, 'OriginAuthorizer', {
      domain: 'acces',
      entryFile: 'origin-authorizer.ts',
      name: ORIGIN_AUTHORIZER_FUNCTION,
      repoRoot: props.repoRoot,
      stage: props.stage,
      memorySize: 256,
      timeout: Duration.seconds(5),
    }).bindOriginSecret(this.originSecret);

    this.httpApi = new GanaarHttpApi(this, 'HttpApi', {
      stage: props.stage,
      routes: ROUTES,
      functions: new Map([...this.functions].map(([d, f]) => [d, f.fn])),
      originAuthorizer: this.originAuthorizer.fn,
    });

    this.web = new WebDistribution(this, 'Web', {
      apiDomainName: this.httpApi.domainName,
      logsBucket: this.logsBucket,
      webDistDir: props.webDistDir,
      originSecret: this.originSecret,
      imagesBucket: this.imagesBucket,
      webAclArn: props.webAclArn,
    });

    const publicUrl = props.publicUrl ?? `https://${this.web.distribution.distributionDomainName}`;
    this.functions.get('partage')?.bindSharedLinks(this.shareSecret, publicUrl, this.web.distribution);

    this.payments = new GanaarPayments(this, 'Payments', {
      stage: props.stage,
      repoRoot: props.repoRoot,
      table: this.table,
      jwtSecret: this.jwtSecret,
      jwtKeyVersion: props.jwtKeyVersion,
      mailFrom: props.mailFrom,
      api: this.functions.get('paiements')!,
      publicUrl,
      waveApiUrl: props.waveApiUrl,
      orangeMoneyApiUrl: props.orangeMoneyApiUrl,
      trialDays: props.trialDays,
      tokenTtlHours: props.tokenTtlHours,
    });

    this.notifications = new GanaarNotifications(this, 'Notifications', {
      stage: props.stage,
      repoRoot: props.repoRoot,
      table: this.table,
      jwtSecret: this.jwtSecret,
      jwtKeyVersion: props.jwtKeyVersion,
      mailFrom: props.mailFrom,
      api: this.functions.get('notifications')!,
      trialDays: props.trialDays,
      tokenTtlHours: props.tokenTtlHours,
    });

    // Metrics go to one namespace per stage (functions/lib/metrics.ts), read by the alarms below.
    const namespace = `Ganaar/${props.stage}`;
    const allFunctions = new Map<string, DomainFunction>([
      ...this.functions,
      [PAYMENT_FLOW_FUNCTION, this.payments.flow],
      [JOBS_FUNCTION, this.notifications.jobs],
      [ORIGIN_AUTHORIZER_FUNCTION, this.originAuthorizer],
    ]);
    for (const f of allFunctions.values()) f.fn.addEnvironment('METRICS_NAMESPACE', namespace);
    this.monitoring = new GanaarMonitoring(this, 'Monitoring', {
      stage: props.stage,
      functions: new Map([...allFunctions].map(([name, f]) => [name, f.fn])),
      api: this.httpApi.api,
      apiAccessLogs: this.httpApi.accessLogs,
      table: this.table,
      stateMachine: this.payments.stateMachine,
      flowFunction: this.payments.flow.fn,
      namespace,
      alarmEmail: props.alarmEmail,
      monthlyBudgetUsd: props.monthlyBudgetUsd,
    });

    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn, description: 'Every alarm and budget warning (docs/operations.md)' });
    new CfnOutput(this, 'DashboardName', { value: `ganaar-${props.stage}` });
    new CfnOutput(this, 'Url', { value: `https://${this.web.distribution.distributionDomainName}`, description: 'Ganaar (SPA and API)' });
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.api.apiEndpoint, description: 'HTTP API, direct (the SPA uses the CloudFront URL)' });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'JwtSecretArn', { value: this.jwtSecret.secretArn });
    new CfnOutput(this, 'ImagesBucketName', { value: this.imagesBucket.bucketName });
    new CfnOutput(this, 'SpaBucketName', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'PaymentSecretArn', {
      value: this.payments.secret.secretArn,
      description: 'Wave and Orange Money credentials to fill (docs/deploy.md)',
    });
    new CfnOutput(this, 'VapidSecretArn', {
      value: this.notifications.secret.secretArn,
      description: 'Web Push VAPID keys: fill once with npm run push:vapid (docs/notifications.md)',
    });
    new CfnOutput(this, 'PaymentStateMachineArn', { value: this.payments.stateMachine.stateMachineArn });
  }
}
