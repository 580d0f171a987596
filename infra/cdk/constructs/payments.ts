// Subscription payments in the cloud: the providers' credentials (one Secrets Manager secret the
// operator fills, docs/deploy.md), the payment flow as a Standard Step Functions state machine built
// from the one ASL definition (shared/paiement-flow.ts) whose Task states invoke the payment-flow
// Lambda (functions/paiements/flow-handler.ts), and the payments API Lambda's rights on both.
// Least privilege: the API Lambda may start executions of this machine and answer its tasks; the
// flow Lambda may answer its tasks (a webhook that came first); the machine may invoke the flow
// Lambda only; both Lambdas read the providers' secret.
import { ArnFormat, Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { paymentFlowDefinition, type PaymentFlowTiming } from '@shared/paiement-flow';
import { acknowledgeNag, iamResourceFinding, wildcardFindingsUnder } from '../nag';
import { DomainFunction } from './domain-function';
import { PAYMENT_FLOW_FUNCTION } from '../../../functions/paiements/constants';

/** Name suffix of the flow's Lambda: `ganaar-<stage>-payments-flow`. */
export { PAYMENT_FLOW_FUNCTION };

/** Production timings of the flow (shared/paiement-flow.ts): Wave sessions live 30 minutes. */
export const CLOUD_TIMING: PaymentFlowTiming = { heartbeatSeconds: 600, callbackSeconds: 1800, pollSeconds: 60, maxPolls: 30 };

/** The shape of the providers' secret, with empty values for the operator to fill (docs/deploy.md). */
export const PAYMENT_SECRET_TEMPLATE = {
  wave: { apiKey: '', webhookSecret: '' },
  orangeMoney: { clientId: '', clientSecret: '', merchantCode: '', callbackKey: '' },
};

export interface PaymentsProps {
  stage: string;
  repoRoot: string;
  table: dynamodb.ITable;
  jwtSecret: secretsmanager.ISecret;
  jwtKeyVersion: string;
  mailFrom: string;
  /** The payments domain's API Lambda (the route table's rows, webhooks included). */
  api: DomainFunction;
  /** Where users open Ganaar (Wave sends payers back there; the Orange Money callback URL). */
  publicUrl: string;
  waveApiUrl: string;
  orangeMoneyApiUrl: string;
  trialDays: number;
  tokenTtlHours: number;
}

export class GanaarPayments extends Construct {
  readonly secret: secretsmanager.Secret;
  readonly flow: DomainFunction;
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: PaymentsProps) {
    super(scope, id);

    this.secret = new secretsmanager.Secret(this, 'ProviderSecret', {
      description: `Ganaar ${props.stage}: Wave and Orange Money credentials (JSON, docs/deploy.md)`,
      // Only the shape, with empty values: nothing secret is in the template; the operator puts the
      // real values, which later deploys leave alone (the template value does not change).
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify(PAYMENT_SECRET_TEMPLATE)),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledgeNag(this.secret, {
      id: 'AwsSolutions-SMG4',
      reason: 'The credentials are issued by Wave and Orange Money; they are rotated by the operator with the providers, not by a Lambda.',
    });

    const environment = {
      TRIAL_DAYS: String(props.trialDays),
      TOKEN_TTL_HOURS: String(props.tokenTtlHours),
      WAVE_API_URL: props.waveApiUrl,
      ORANGE_MONEY_API_URL: props.orangeMoneyApiUrl,
      PUBLIC_URL: props.publicUrl,
      PAYMENT_HEARTBEAT_SECONDS: String(CLOUD_TIMING.heartbeatSeconds),
      PAYMENT_CALLBACK_SECONDS: String(CLOUD_TIMING.callbackSeconds),
      PAYMENT_POLL_SECONDS: String(CLOUD_TIMING.pollSeconds),
      PAYMENT_MAX_POLLS: String(CLOUD_TIMING.maxPolls),
    };

    this.flow = new DomainFunction(this, 'FlowFunction', {
      domain: 'paiements',
      entryFile: 'flow-handler.ts',
      name: PAYMENT_FLOW_FUNCTION,
      repoRoot: props.repoRoot,
      stage: props.stage,
      timeout: Duration.seconds(30),
      environment,
    })
      .bindTable(props.table)
      .bindJwtSecret(props.jwtSecret, props.jwtKeyVersion)
      .bindMail(props.mailFrom);

    const logGroup = new logs.LogGroup(this, 'FlowLogs', { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY });
    const machineName = `ganaar-${props.stage}-payments`;
    this.stateMachine = new sfn.StateMachine(this, 'Flow', {
      stateMachineName: machineName,
      stateMachineType: sfn.StateMachineType.STANDARD,
      // The very definition the local stack runs, with this flow Lambda's ARN.
      definitionBody: sfn.DefinitionBody.fromString(Stack.of(this).toJsonString(paymentFlowDefinition(this.flow.fn.functionArn))),
      tracingEnabled: true,
      // Execution data stays out of the logs: the wait's input carries a task token.
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    this.flow.fn.grantInvoke(this.stateMachine);

    // The flow Lambda is in the machine's definition, so it names the machine by its ARN built from
    // the name (a reference would be a dependency cycle); the API Lambda references it.
    const machineArn = Stack.of(this).formatArn({
      service: 'states',
      resource: 'stateMachine',
      resourceName: machineName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    for (const [fn, arn] of [
      [props.api, this.stateMachine.stateMachineArn],
      [this.flow, machineArn],
    ] as const) {
      this.secret.grantRead(fn.fn);
      fn.fn.addEnvironment('PAYMENT_SECRETS_ARN', this.secret.secretArn);
      fn.fn.addEnvironment('PAYMENT_STATE_MACHINE_ARN', arn);
      // Both answer the flow's wait: the webhook (API), or the flow itself when the webhook came first.
      fn.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ['states:SendTaskSuccess', 'states:SendTaskFailure', 'states:SendTaskHeartbeat'], resources: [arn] }),
      );
    }
    for (const [k, v] of Object.entries(environment)) props.api.fn.addEnvironment(k, v);
    this.stateMachine.grantStartExecution(props.api.fn);

    acknowledgeNag(this.stateMachine, {
      id: `AwsSolutions-IAM5[${iamResourceFinding(this, `${this.flow.fn.functionArn}:*`)}]`,
      reason: 'Step Functions may invoke the payment-flow Lambda and its versions (lambda:InvokeFunction on <arn>:*, as grantInvoke writes it), nothing else.',
    });
    // CloudWatch Logs delivery and X-Ray have no resource-level permissions: CDK grants them on "*".
    acknowledgeNag(
      this.stateMachine,
      ...wildcardFindingsUnder(this.stateMachine)
        .filter((f) => f === 'Resource::*')
        .map((f) => ({
          id: `AwsSolutions-IAM5[${f}]`,
          reason: 'Log delivery (logs:*LogDelivery…) and X-Ray (xray:PutTraceSegments…) accept only "*" as resource.',
        })),
    );
  }
}
