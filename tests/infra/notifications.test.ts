// Web Push in the deployed template (infra/cdk/constructs/notifications.ts): the
// morning schedules (06:00 Dakar, one per shard, each invoking the jobs function with its shard),
// the table's stream filtered on new loss entries into the jobs function only, the VAPID secret
// read by the two notifications functions only, and a scheduler role that may invoke that one
// function. Synthesized without bundling: these assertions read no Lambda code.
import { Template } from 'aws-cdk-lib/assertions';
import { appWithoutBundling } from '../helpers/cdk-app';
import { MORNING_CRON, MORNING_TIMEZONE, VAPID_SECRET_TEMPLATE } from '../../infra/cdk/constructs/notifications';
import { JOBS_FUNCTION, PUSH_SHARDS } from '../../functions/notifications/constants';
import { PERTE_STREAM_FILTER } from '@shared/stream';

const STAGE = 'test';
type Res = { Type: string; Properties: Record<string, any> };

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
const resourcesOf = (s: any): any[] => [].concat(s.Resource);

beforeAll(() => {
  const app = appWithoutBundling({ stage: STAGE, mailFrom: 'no-reply@ganaar.test' });
  remove = app.remove;
  resources = Template.fromStack(app.ganaar.stack).toJSON().Resources;
});

afterAll(() => remove());

describe('the morning schedules', () => {
  it('one per shard, at 06:00 Africa/Dakar, each invoking the jobs function with its shard', () => {
    const schedules = ofType('AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(PUSH_SHARDS);
    const [jobsId] = fnNamed(JOBS_FUNCTION);
    const shards = schedules.map(([, s]) => {
      expect(s.Properties).toMatchObject({
        ScheduleExpression: MORNING_CRON,
        ScheduleExpressionTimezone: MORNING_TIMEZONE,
        FlexibleTimeWindow: { Mode: 'OFF' },
      });
      expect(MORNING_CRON).toBe('cron(0 6 * * ? *)');
      expect(refId(s.Properties.Target.Arn)).toBe(jobsId);
      return JSON.parse(s.Properties.Target.Input).shard as number;
    });
    expect(shards.sort((a, b) => a - b)).toEqual(Array.from({ length: PUSH_SHARDS }, (_, i) => i));
  });

  it('runs under a role that may invoke the jobs function and nothing else', () => {
    const roles = ofType('AWS::IAM::Role').filter(([, r]) =>
      (r.Properties.AssumeRolePolicyDocument.Statement as any[]).some((s) => s.Principal?.Service === 'scheduler.amazonaws.com'),
    );
    expect(roles).toHaveLength(1);
    const [roleId] = roles[0];
    const [jobsId] = fnNamed(JOBS_FUNCTION);
    const st = statementsOf(roleId);
    expect(st).toHaveLength(1);
    expect(actions(st[0])).toEqual(['lambda:InvokeFunction']);
    expect(resourcesOf(st[0]).map(refId)).toEqual([jobsId]);
    for (const [, s] of ofType('AWS::Scheduler::Schedule')) expect(refId(s.Properties.Target.RoleArn)).toBe(roleId);
  });
});

describe('the stream of loss entries', () => {
  it('the table streams new images; only the jobs function reads it, filtered on new PRT# items', () => {
    const [, table] = ofType('AWS::DynamoDB::Table')[0];
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    const mappings = ofType('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(1);
    const [, m] = mappings[0];
    const [jobsId] = fnNamed(JOBS_FUNCTION);
    expect(refId(m.Properties.FunctionName)).toBe(jobsId);
    expect(m.Properties.FilterCriteria.Filters.map((f: any) => JSON.parse(f.Pattern))).toEqual([PERTE_STREAM_FILTER]);
    expect(m.Properties).toMatchObject({ StartingPosition: 'LATEST', MaximumRetryAttempts: 2, BisectBatchOnFunctionError: true });
    // No other function's role may read the stream (the bandes Lambda stays as it was).
    const readers = ofType('AWS::IAM::Policy').filter(([, p]) =>
      (p.Properties.PolicyDocument.Statement as any[]).some((s) => actions(s).includes('dynamodb:GetRecords')),
    );
    expect(readers).toHaveLength(1);
    const [, jobs] = fnNamed(JOBS_FUNCTION);
    expect(readers[0][1].Properties.Roles.map(refId)).toEqual([refId(jobs.Properties.Role)]);
  });
});

describe('the VAPID secret', () => {
  it('holds only its shape in the template and is read by the two notifications functions only', () => {
    const secrets = ofType('AWS::SecretsManager::Secret').filter(([, s]) => String(s.Properties.Description).includes('VAPID'));
    expect(secrets).toHaveLength(1);
    const [secretId, secret] = secrets[0];
    expect(JSON.parse(secret.Properties.SecretString)).toEqual(VAPID_SECRET_TEMPLATE);
    const readers = ofType('AWS::IAM::Policy')
      .filter(([, p]) => (p.Properties.PolicyDocument.Statement as any[]).some((s) => resourcesOf(s).some((r) => refId(r) === secretId)))
      .flatMap(([, p]) => p.Properties.Roles.map(refId));
    const roleOf = (name: string) => refId(fnNamed(name)[1].Properties.Role);
    expect(readers.sort()).toEqual([roleOf('notifications'), roleOf(JOBS_FUNCTION)].sort());
    for (const name of ['notifications', JOBS_FUNCTION]) expect(refId(fnNamed(name)[1].Properties.Environment.Variables.VAPID_SECRET_ARN)).toBe(secretId);
  });

  it('the jobs function may run 15 minutes (a shard of the businesses per invocation)', () => {
    expect(fnNamed(JOBS_FUNCTION)[1].Properties.Timeout).toBe(900);
  });
});
