// THE state machine of a subscription payment, in Amazon States Language. One definition for both
// worlds: the CDK app deploys it as a Standard workflow whose Task states invoke the payment-flow
// Lambda (functions/paiements/flow.ts), and the local stack runs this same definition with
// aws-local-stepfunctions, each Task state handed to the same flow function in-process
// (infra/local/stepfunctions/). Plain data, no AWS SDK: the SPA never imports it.
//
// One execution per payment, named after it (`pay-<tenant>-<payment>`), so a second start for the
// same payment fails harmlessly. Its path:
//   pending at the provider → wait for the provider's signed webhook (task token stored on the
//   payment item) → confirm with the provider's status API → activate the subscription once →
//   mail the receipt. No webhook in `heartbeatSeconds` (or `callbackSeconds` at most) → poll the
//   status API every `pollSeconds`, `maxPolls` times → still nothing: cancel at the provider and
//   mark the payment EXPIRED. A refusal marks it FAILED. Granting happens in one state only
//   (ActivateSubscription), idempotent on the payment's status.

/** Execution input, written by api/initMensualitePaiement. */
export interface PaymentFlowInput {
  tenantId: number;
  paymentId: number;
  /** What the provider answered when the payment was created: SUCCESS (Orange Money) or PENDING. */
  initialStatus: 'SUCCESS' | 'PENDING';
  poll: { count: number };
  timing: PaymentFlowTiming;
  /**
   * The request id of the API call that started the payment (or of the webhook that started a
   * late confirmation): every Task hands it to the flow Lambda, whose log lines carry it, so one
   * search finds the call and everything the flow did for it (docs/operations.md).
   */
  correlationId: string;
}

export interface PaymentFlowTiming {
  /** No webhook for this long (and no heartbeat from a progress event): go and ask the provider. */
  heartbeatSeconds: number;
  /** Hard cap of the wait for the webhook (must exceed heartbeatSeconds). */
  callbackSeconds: number;
  pollSeconds: number;
  maxPolls: number;
}

/** The payment-flow Lambda's actions, one per Task state (functions/paiements/flow.ts). */
export type PaymentFlowAction = 'awaitCallback' | 'checkStatus' | 'close' | 'activate' | 'mailReceipt';

/** Names of the states, used by the CDK synth tests and the local runner. */
export const FLOW_STATES = {
  route: 'RouteInitialStatus',
  await: 'AwaitProviderCallback',
  confirm: 'ConfirmWithProvider',
  decide: 'DecideOnStatus',
  countPoll: 'CountPoll',
  pollsLeft: 'PollsLeft',
  waitPoll: 'WaitBeforePoll',
  markFailed: 'MarkFailed',
  expire: 'CancelAtProviderAndExpire',
  afterClose: 'PaidWhileClosing',
  activate: 'ActivateSubscription',
  receipt: 'MailReceipt',
  paid: 'Paid',
  notPaid: 'NotPaid',
  activationFailed: 'ActivationFailed',
} as const;

/** The Lambda's own transient failures, retried by every Task state. */
const LAMBDA_TRANSIENT = ['Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.TooManyRequestsException'];

/** Thrown by the flow function when the provider cannot be reached (network, 5xx, 429). */
export const PROVIDER_UNAVAILABLE = 'ProviderUnavailable';

const FLOW_TIMEOUT_SECONDS = 86_400;

type Json = Record<string, unknown>;

function invoke(functionArn: string, action: PaymentFlowAction, extra: Json = {}): Json {
  return {
    Type: 'Task',
    Resource: 'arn:aws:states:::lambda:invoke',
    Parameters: {
      FunctionName: functionArn,
      Payload: { action, 'tenantId.$': '$.tenantId', 'paymentId.$': '$.paymentId', 'correlationId.$': '$.correlationId', ...extra },
    },
  };
}

export function paymentFlowDefinition(functionArn: string): Json {
  const S = FLOW_STATES;
  const retryLambda = { ErrorEquals: LAMBDA_TRANSIENT, IntervalSeconds: 1, MaxAttempts: 3, BackoffRate: 2 };
  /** Closes an unpaid payment at the provider, then marks it FAILED or EXPIRED (its reason for FAILED). */
  const close = (outcome: 'FAILED' | 'EXPIRED', comment: string): Json => ({
    ...invoke(functionArn, 'close', outcome === 'FAILED' ? { outcome, 'reason.$': '$.check.reason' } : { outcome, reason: null }),
    Comment: comment,
    ResultSelector: { 'status.$': '$.Payload.status' },
    ResultPath: '$.closed',
    Retry: [retryLambda, { ErrorEquals: [PROVIDER_UNAVAILABLE], IntervalSeconds: 2, MaxAttempts: 5, BackoffRate: 2 }],
    Next: S.afterClose,
  });
  return {
    Comment: 'Ganaar: one subscription payment, from the provider to the subscription (shared/paiement-flow.ts)',
    StartAt: S.route,
    TimeoutSeconds: FLOW_TIMEOUT_SECONDS,
    States: {
      [S.route]: {
        Type: 'Choice',
        Comment: 'Orange Money may answer SUCCESS at once: confirm it; otherwise wait for the webhook.',
        Choices: [{ Variable: '$.initialStatus', StringEquals: 'SUCCESS', Next: S.confirm }],
        Default: S.await,
      },
      [S.await]: {
        Type: 'Task',
        Comment: 'Stores the task token on the payment item; the signed webhook sends it back (SendTaskSuccess).',
        Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken',
        Parameters: {
          FunctionName: functionArn,
          Payload: {
            action: 'awaitCallback',
            'tenantId.$': '$.tenantId',
            'paymentId.$': '$.paymentId',
            'correlationId.$': '$.correlationId',
            'taskToken.$': '$$.Task.Token',
            'heartbeatSeconds.$': '$.timing.heartbeatSeconds',
            'callbackSeconds.$': '$.timing.callbackSeconds',
          },
        },
        HeartbeatSecondsPath: '$.timing.heartbeatSeconds',
        TimeoutSecondsPath: '$.timing.callbackSeconds',
        ResultPath: '$.callback',
        Retry: [retryLambda],
        Catch: [{ ErrorEquals: ['States.Timeout', 'States.HeartbeatTimeout'], ResultPath: '$.waited', Next: S.confirm }],
        Next: S.confirm,
      },
      [S.confirm]: {
        ...invoke(functionArn, 'checkStatus'),
        Comment: "Nothing is granted on a webhook's word: the provider's status API decides.",
        ResultSelector: { 'status.$': '$.Payload.status', 'reason.$': '$.Payload.reason' },
        ResultPath: '$.check',
        Retry: [retryLambda, { ErrorEquals: [PROVIDER_UNAVAILABLE], IntervalSeconds: 2, MaxAttempts: 3, BackoffRate: 2 }],
        Catch: [{ ErrorEquals: [PROVIDER_UNAVAILABLE], ResultPath: '$.error', Next: S.countPoll }],
        Next: S.decide,
      },
      [S.decide]: {
        Type: 'Choice',
        Choices: [
          { Variable: '$.check.status', StringEquals: 'SUCCESS', Next: S.activate },
          { Variable: '$.check.status', StringEquals: 'FAILED', Next: S.markFailed },
        ],
        Default: S.countPoll,
      },
      [S.countPoll]: {
        Type: 'Pass',
        Parameters: { 'count.$': 'States.MathAdd($.poll.count, 1)' },
        ResultPath: '$.poll',
        Next: S.pollsLeft,
      },
      [S.pollsLeft]: {
        Type: 'Choice',
        Choices: [{ Variable: '$.poll.count', NumericLessThanEqualsPath: '$.timing.maxPolls', Next: S.waitPoll }],
        Default: S.expire,
      },
      [S.waitPoll]: { Type: 'Wait', SecondsPath: '$.timing.pollSeconds', Next: S.confirm },
      [S.markFailed]: close('FAILED', 'Refused or cancelled: close it at the provider (so it cannot be paid later) and mark it FAILED.'),
      [S.expire]: close('EXPIRED', 'No answer after the polls: cancel at the provider and mark it EXPIRED.'),
      [S.afterClose]: {
        Type: 'Choice',
        Comment: 'Paid at the last moment (the provider refused to cancel a completed payment): grant it.',
        Choices: [{ Variable: '$.closed.status', StringEquals: 'SUCCESS', Next: S.activate }],
        Default: S.notPaid,
      },
      [S.activate]: {
        ...invoke(functionArn, 'activate'),
        Comment: "One transaction: the subscription, the payment's final state, the receipt, the month's revenue.",
        ResultSelector: { 'result.$': '$.Payload.result' },
        ResultPath: '$.activation',
        Retry: [retryLambda, { ErrorEquals: ['States.TaskFailed'], IntervalSeconds: 2, MaxAttempts: 5, BackoffRate: 2 }],
        Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: S.activationFailed }],
        Next: S.receipt,
      },
      [S.receipt]: {
        ...invoke(functionArn, 'mailReceipt'),
        ResultPath: null,
        Retry: [retryLambda, { ErrorEquals: ['States.TaskFailed'], IntervalSeconds: 5, MaxAttempts: 3, BackoffRate: 2 }],
        // The payment is granted whatever happens to the mail; the receipt stays in the history.
        Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.mailError', Next: S.paid }],
        Next: S.paid,
      },
      [S.paid]: { Type: 'Succeed' },
      [S.notPaid]: { Type: 'Succeed' },
      [S.activationFailed]: {
        Type: 'Fail',
        Error: 'ActivationFailed',
        Cause: 'The provider confirmed the payment but the subscription could not be written: extend it by hand from the operator console.',
      },
    },
  };
}
