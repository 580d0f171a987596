// The IAM contract's recorder (tests/contract/iam-contract.test.ts): while the API and flow tests
// run, every AWS call a domain makes is appended to the file named by GANAAR_AWS_CALL_LOG — the
// service, the IAM action it needs, the resource and the condition keys IAM would see — so the
// contract can check each against that domain's role in the synthesized template. Off (one
// undefined check) everywhere else, in Lambda included.
//
// Resources are named by the environment variable that gave the code its name (TABLE_NAME,
// IMAGES_BUCKET, PAYMENT_STATE_MACHINE_ARN, JWT_SECRET_ARN…): the same variable holds the real
// resource's reference in the template, which is how the contract finds it there.
//
// The SDK clients get a middleware (instrumentClient). The local stack's stand-ins for services
// with no local twin — the mail outbox for SES, secrets from the environment or a file for Secrets
// Manager — record, at the point where the code chooses the stand-in, the call the AWS branch
// makes instead (recordAwsCall).
import { appendFileSync } from 'node:fs';
import { currentContext } from './request-context';

export interface AwsCall {
  /** The function that made it (a route-table domain, or `payments-flow`). */
  domain: string;
  /** IAM service prefix: dynamodb, s3, states, secretsmanager, ses. */
  service: string;
  /** IAM action name without the prefix (GetItem, PutObject, SendEmail…). */
  action: string;
  /** `env:<VARIABLE>` and what follows the resource's name (`/index/GSI1`, `/images/3/a.webp`). */
  resource: string;
  /** IAM condition keys of the request (ses:FromAddress). Values are `env:<VARIABLE>` too. */
  condition?: Record<string, string>;
}

/** Variables whose value names an AWS resource a function may call. */
const RESOURCE_VARIABLES = [
  'TABLE_NAME',
  'IMAGES_BUCKET',
  'PAYMENT_STATE_MACHINE_ARN',
  'JWT_SECRET_ARN',
  'ORIGIN_SECRET_ARN',
  'PAYMENT_SECRETS_ARN',
  'VAPID_SECRET_ARN',
  'MAIL_FROM',
];

let file: string | null | undefined;

function target(): string | null {
  if (file === undefined) file = process.env.GANAAR_AWS_CALL_LOG || null;
  return file;
}

/**
 * The local stack under test records into this file (infra/local/handler-env.ts): set here rather than
 * through the environment, which test workers inherit (their mocked clients are no domain's calls).
 */
export function setAwsCallLog(path: string): void {
  file = path;
  seen.clear();
}

/** Whether calls are being recorded (tests only). */
function recordingAwsCalls(): boolean {
  return target() !== null;
}

/** `env:TABLE_NAME` for the table's name, or the name itself when no variable holds it. */
function envRef(name: string | undefined): string {
  if (!name) return 'unknown';
  const variable = RESOURCE_VARIABLES.find((v) => process.env[v] === name);
  return variable ? `env:${variable}` : name;
}

/** Calls already written: the contract needs each distinct call once, not every repetition. */
const seen = new Set<string>();

export function recordAwsCall(call: Omit<AwsCall, 'domain'>): void {
  const to = target();
  if (!to) return;
  const line = JSON.stringify({ domain: currentContext()?.domain ?? 'unknown', ...call });
  if (seen.has(line)) return;
  seen.add(line);
  appendFileSync(to, `${line}\n`);
}

type Input = Record<string, any>;
const DOC_NAMES: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems',
  TransactWrite: 'TransactWriteItems',
};
const TRANSACT_ITEM: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

/** What IAM evaluates for one DynamoDB command: transactions need each item's own action. */
function dynamoCalls(command: string, input: Input): Omit<AwsCall, 'domain'>[] {
  const table = (name: string, index?: string) => `${envRef(name)}${index ? `/index/${index}` : ''}`;
  if (command === 'TransactWriteItems' || command === 'TransactGetItems') {
    return (input.TransactItems ?? []).flatMap((item: Input) =>
      Object.entries(item).map(([kind, body]) => ({ service: 'dynamodb', action: TRANSACT_ITEM[kind] ?? kind, resource: table((body as Input).TableName) })),
    );
  }
  if (command === 'BatchGetItem' || command === 'BatchWriteItem') {
    return Object.keys(input.RequestItems ?? {}).map((name) => ({ service: 'dynamodb', action: command, resource: table(name) }));
  }
  return [{ service: 'dynamodb', action: command, resource: table(input.TableName, input.IndexName) }];
}

function callsOf(service: string, commandName: string, input: Input): Omit<AwsCall, 'domain'>[] {
  const bare = commandName.replace(/Command$/, '');
  switch (service) {
    case 'dynamodb':
      return dynamoCalls(DOC_NAMES[bare] ?? bare, input);
    case 's3': {
      const action = bare === 'HeadObject' ? 'GetObject' : bare;
      const object = input.Key ? `/${input.Key}` : '';
      return [{ service, action, resource: `${envRef(input.Bucket)}${object}` }];
    }
    case 'states':
      // StartExecution names its machine; SendTask* name a task token, which IAM checks against
      // the machine the token belongs to: the payments machine, the only one.
      return [{ service, action: bare, resource: envRef(input.stateMachineArn ?? process.env.PAYMENT_STATE_MACHINE_ARN) }];
    case 'secretsmanager':
      return [{ service, action: bare, resource: envRef(input.SecretId) }];
    case 'ses':
      return [{ service, action: bare, resource: 'identity', condition: { 'ses:FromAddress': envRef(input.Source) } }];
    default:
      return [{ service, action: bare, resource: 'unknown' }];
  }
}

interface Instrumentable {
  middlewareStack: { add(mw: (next: any, context: any) => (args: any) => Promise<any>, opts: { step: 'initialize'; name: string }): void };
}

/** Adds the recorder to an SDK client when recording is on (tests); a no-op otherwise. */
export function instrumentClient<C extends Instrumentable>(client: C, service: string): C {
  if (!recordingAwsCalls()) return client;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      for (const call of callsOf(service, String(context.commandName ?? '?'), args.input ?? {})) recordAwsCall(call);
      return next(args);
    },
    { step: 'initialize', name: 'ganaarAwsCallRecorder' },
  );
  return client;
}
