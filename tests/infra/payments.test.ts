// The payment side of the deployed template: the Standard state machine built from the one ASL
// definition the local stack runs, its states and its task Lambda, the webhook and operator routes
// (behind the origin authorizer only, never a user's token: signatures and roles are checked in the
// Lambdas), the providers' secret, and least-privilege grants between them. Synthesized without
// bundling: these assertions read no Lambda code (tests/infra/stack.test.ts checks the bundles, the
// flow task's included).
import { Template } from 'aws-cdk-lib/assertions';
import { appWithoutBundling } from '../helpers/cdk-app';
import { CLOUD_TIMING, PAYMENT_FLOW_FUNCTION, PAYMENT_SECRET_TEMPLATE } from '../../infra/cdk/constructs/payments';
import { readPaymentsConfig } from '../../functions/paiements/config';
import { paymentSecretsSchema } from '../../functions/paiements/secrets';
import { ROUTES, routeKey } from '@shared/api/routes';
import { FLOW_STATES, paymentFlowDefinition } from '@shared/paiement-flow';

const STAGE = 'test';
type Res = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

let resources: Record<string, Res>;
let remove: () => void;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const refId = (v: any): string | undefined => v?.Ref ?? v?.['Fn::GetAtt']?.[0];
const fnNamed = (name: string) => ofType('AWS::Lambda::Function').find(([, f]) => f.Properties.FunctionName === `ganaar-${STAGE}-${name}`)!;
const statementsOf = (roleId: string) =>
  ofType('AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: any) => refId(r) === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
const actions = (s: any): string[] => [].concat(s.Action);

beforeAll(() => {
  const app = appWithoutBundling({ stage: STAGE, mailFrom: 'no-reply@ganaar.test' });
  remove = app.remove;
  resources = Template.fromStack(app.ganaar.stack).toJSON().Resources;
});

afterAll(() => remove());

describe('the payment state machine', () => {
  it('is a Standard workflow whose definition is shared/paiement-flow.ts with the flow Lambda', () => {
    const machines = ofType('AWS::StepFunctions::StateMachine');
    expect(machines).toHaveLength(1);
    const [, sm] = machines[0];
    expect(sm.Properties.StateMachineType).toBe('STANDARD');
    expect(sm.Properties.StateMachineName).toBe(`ganaar-${STAGE}-payments`);
    const [flowId] = fnNamed(PAYMENT_FLOW_FUNCTION);
    // The definition string with the Lambda's ARN token replaced by a marker.
    const parts: any[] = sm.Properties.DefinitionString['Fn::Join'][1];
    const text = parts.map((p) => (typeof p === 'string' ? p : refId(p) === flowId ? 'FLOW_ARN' : 'OTHER')).join('');
    expect(JSON.parse(text)).toEqual(paymentFlowDefinition('FLOW_ARN'));
  });

  it('has the states of the flow: wait for the webhook with a task token, confirm, poll, activate, mail, fail or expire', () => {
    const def = paymentFlowDefinition('FLOW_ARN') as any;
    expect(Object.keys(def.States).sort()).toEqual(Object.values(FLOW_STATES).sort());
    const wait = def.States[FLOW_STATES.await];
    expect(wait.Resource).toBe('arn:aws:states:::lambda:invoke.waitForTaskToken');
    expect(wait.Parameters.Payload['taskToken.$']).toBe('$$.Task.Token');
    expect(wait).toMatchObject({ HeartbeatSecondsPath: '$.timing.heartbeatSeconds', TimeoutSecondsPath: '$.timing.callbackSeconds' });
    expect(wait.Catch[0]).toMatchObject({ ErrorEquals: ['States.Timeout', 'States.HeartbeatTimeout'], Next: FLOW_STATES.confirm });
    // Every Task invokes the flow Lambda; granting happens in one state.
    const tasks = Object.entries<any>(def.States).filter(([, s]) => s.Type === 'Task');
    for (const [, s] of tasks) expect(s.Parameters.FunctionName).toBe('FLOW_ARN');
    expect(tasks.filter(([, s]) => s.Parameters.Payload.action === 'activate').map(([n]) => n)).toEqual([FLOW_STATES.activate]);
    expect(def.States[FLOW_STATES.waitPoll]).toMatchObject({ Type: 'Wait', SecondsPath: '$.timing.pollSeconds', Next: FLOW_STATES.confirm });
    expect(def.States[FLOW_STATES.activationFailed].Type).toBe('Fail');
    expect(CLOUD_TIMING.heartbeatSeconds).toBeLessThan(CLOUD_TIMING.callbackSeconds);
  });

  it('logs every event (no execution data: it holds task tokens) and is traced', () => {
    const [, sm] = ofType('AWS::StepFunctions::StateMachine')[0];
    expect(sm.Properties.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: false });
    expect(sm.Properties.TracingConfiguration).toEqual({ Enabled: true });
  });

  it('may invoke the flow Lambda and nothing else', () => {
    const [, sm] = ofType('AWS::StepFunctions::StateMachine')[0];
    const [flowId] = fnNamed(PAYMENT_FLOW_FUNCTION);
    const invoke = statementsOf(refId(sm.Properties.RoleArn)!).filter((s) => actions(s).some((a) => a.startsWith('lambda:')));
    expect(invoke).toHaveLength(1);
    expect(actions(invoke[0])).toEqual(['lambda:InvokeFunction']);
    for (const r of [].concat(invoke[0].Resource)) expect(JSON.stringify(r)).toContain(flowId);
  });
});

describe('payment Lambdas', () => {
  it("the API Lambda may start this machine and answer its tasks, read the providers' secret, and waits up to 25 s", () => {
    const [, api] = fnNamed('paiements');
    const [smId] = ofType('AWS::StepFunctions::StateMachine')[0];
    const [secretId] = ofType('AWS::SecretsManager::Secret').find(([id]) => id.startsWith('PaymentsProviderSecret'))!;
    expect(api.Properties.Timeout).toBe(25);
    const st = statementsOf(refId(api.Properties.Role)!);
    const onMachine = st.filter((s) => actions(s).some((a) => a.startsWith('states:')));
    expect(onMachine.flatMap(actions).sort()).toEqual(
      ['states:SendTaskFailure', 'states:SendTaskHeartbeat', 'states:SendTaskSuccess', 'states:StartExecution'].sort(),
    );
    for (const s of onMachine) expect(refId(s.Resource)).toBe(smId);
    expect(st.some((s) => actions(s).includes('secretsmanager:GetSecretValue') && refId(s.Resource) === secretId)).toBe(true);
    const env = api.Properties.Environment.Variables;
    expect(refId(env.PAYMENT_STATE_MACHINE_ARN)).toBe(smId);
    expect(refId(env.PAYMENT_SECRETS_ARN)).toBe(secretId);
    expect(JSON.stringify(env.PUBLIC_URL)).toContain('DomainName');
    expect(env).toMatchObject({ WAVE_API_URL: 'https://api.wave.com', ORANGE_MONEY_API_URL: 'https://api.orange-sonatel.com' });
    // What the Lambda reads at cold start accepts it.
    const deployed = Object.fromEntries(
      Object.entries(env).map(([k, v]) => [k, typeof v === 'string' ? v : k === 'PUBLIC_URL' ? 'https://d123.cloudfront.net' : `resolved-${k}`]),
    );
    const cfg = readPaymentsConfig(deployed as NodeJS.ProcessEnv);
    expect(cfg.secretsFile).toBeUndefined();
    expect(cfg.sfnEndpoint).toBeUndefined();
    expect(cfg.timing).toEqual(CLOUD_TIMING);
  });

  it("the flow Lambda (functions/paiements/flow-handler.ts) may answer the machine's tasks but not start it", () => {
    const [, flow] = fnNamed(PAYMENT_FLOW_FUNCTION);
    expect(flow.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 30 });
    const st = statementsOf(refId(flow.Properties.Role)!);
    const states = st.flatMap(actions).filter((a) => a.startsWith('states:'));
    expect(states).not.toContain('states:StartExecution');
    expect(states).toContain('states:SendTaskSuccess');
    expect(JSON.stringify(st)).not.toMatch(/"Resource":"\*"/);
  });
});

describe('routes', () => {
  const apiRoutes = () => ofType('AWS::ApiGatewayV2::Route');

  // The providers call the webhooks through CloudFront, like every client: the route's only
  // authorizer is the origin one (CloudFront's secret header), never a user's token.
  it('the webhooks are public routes behind the origin authorizer only, integrated with the payments Lambda', () => {
    const [paymentsId] = fnNamed('paiements');
    for (const path of ['/api/paiement/webhook/wave', '/api/paiement/webhook/orange-money']) {
      const row = ROUTES.find((r) => r.path === path)!;
      expect(row).toMatchObject({ access: 'public', raw: true, method: 'POST' });
      const [, route] = apiRoutes().find(([, r]) => r.Properties.RouteKey === routeKey(row))!;
      const authorizers = ofType('AWS::ApiGatewayV2::Authorizer');
      expect(authorizers).toHaveLength(1);
      expect(route.Properties.AuthorizationType).toBe('CUSTOM');
      expect(route.Properties.AuthorizerId).toEqual({ Ref: authorizers[0][0] });
      const integration = resources[route.Properties.Target['Fn::Join'][1][1].Ref];
      expect(refId(integration.Properties.IntegrationUri)).toBe(paymentsId);
    }
  });

  it('initMensualitePaiement, the history and the operator console each have their route', () => {
    const keys = apiRoutes().map(([, r]) => r.Properties.RouteKey);
    for (const k of [
      'POST /api/initMensualitePaiement',
      'GET /api/paiement',
      'GET /api/paiement/{id}',
      'GET /api/paiement/transactions',
      'GET /api/operateur/entreprises',
      'POST /api/operateur/abonnement',
    ]) {
      expect(keys).toContain(k);
    }
    expect(fnNamed('operateur')).toBeDefined();
  });
});

describe("the providers' secret", () => {
  it('holds only the empty shape for the operator to fill, is retained, and the Lambdas check that shape', () => {
    const [, secret] = ofType('AWS::SecretsManager::Secret').find(([id]) => id.startsWith('PaymentsProviderSecret'))!;
    expect(JSON.parse(secret.Properties.SecretString)).toEqual(PAYMENT_SECRET_TEMPLATE);
    expect(secret.DeletionPolicy).toBe('Retain');
    // Left empty, the Lambdas refuse it by name instead of calling a provider with blanks.
    expect(paymentSecretsSchema.safeParse(PAYMENT_SECRET_TEMPLATE).success).toBe(false);
  });
});
