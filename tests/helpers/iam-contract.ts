// The IAM contract's evaluator: the AWS calls each function made during the tests (recorded by
// functions/lib/aws-calls.ts) against that function's role in the synthesized template. A small
// IAM evaluator for the shapes our policies use — Allow statements, actions and resources with
// `*`/`?` wildcards, StringEquals/StringLike conditions — over the template's own references: a
// `{ "Ref": "TableCD117FA1" }` renders as `<Ref:TableCD117FA1>`, `Fn::GetAtt … Arn` as
// `<Arn:…>`, joins are joined, so a call on the table named by TABLE_NAME (whose value in the
// function's environment is `{ Ref: Table… }`) is the ARN `<Arn:Table…>`, exactly what
// `grantReadWriteData` wrote.
import type { AwsCall } from '../../functions/lib/aws-calls';

type Json = any;
export interface TemplateJson {
  Resources: Record<string, { Type: string; Properties?: Json }>;
}

const PSEUDO: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': 'eu-west-1',
  'AWS::AccountId': '123456789012',
  'AWS::URLSuffix': 'amazonaws.com',
};

/** A template value as a string, references kept symbolic. */
export function render(v: Json): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object') {
    if ('Ref' in v) return PSEUDO[v.Ref] ?? `<Ref:${v.Ref}>`;
    if ('Fn::GetAtt' in v) return `<${v['Fn::GetAtt'][1]}:${v['Fn::GetAtt'][0]}>`;
    if ('Fn::Join' in v) return (v['Fn::Join'][1] as Json[]).map(render).join(v['Fn::Join'][0]);
    if ('Fn::ImportValue' in v) return `<Import:${render(v['Fn::ImportValue'])}>`;
  }
  return JSON.stringify(v);
}

export interface FunctionRole {
  /** `auth`, `payments-flow`…: the end of `ganaar-<stage>-<name>`, as the recorder names it. */
  name: string;
  env: Record<string, Json>;
  statements: Statement[];
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: Json;
  Condition?: Record<string, Record<string, Json>>;
}

/** Every function of the stage with its environment and the statements of its role's policies. */
export function functionRoles(t: TemplateJson, stage: string): FunctionRole[] {
  const prefix = `ganaar-${stage}-`;
  const out: FunctionRole[] = [];
  for (const [, r] of Object.entries(t.Resources)) {
    if (r.Type !== 'AWS::Lambda::Function' || !String(r.Properties?.FunctionName ?? '').startsWith(prefix)) continue;
    const roleId = r.Properties!.Role?.['Fn::GetAtt']?.[0];
    const statements = Object.values(t.Resources)
      .filter((p) => p.Type === 'AWS::IAM::Policy' && (p.Properties?.Roles ?? []).some((x: Json) => x?.Ref === roleId))
      .flatMap((p) => p.Properties!.PolicyDocument.Statement as Statement[]);
    out.push({ name: String(r.Properties!.FunctionName).slice(prefix.length), env: r.Properties!.Environment?.Variables ?? {}, statements });
  }
  return out;
}

const glob = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    'i',
  );
const list = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** The ARN (symbolic) and condition values IAM would see for a recorded call, in this function's environment. */
export function callTarget(call: AwsCall, fn: FunctionRole): { arn: string; context: Record<string, string> } | { missing: string } {
  const fromEnv = (ref: string): { value: Json } | { missing: string } => {
    const m = /^env:([A-Z_]+)(.*)$/.exec(ref);
    if (!m) return { value: ref };
    if (!(m[1] in fn.env)) return { missing: m[1] };
    return { value: fn.env[m[1]] };
  };
  const rest = /^env:[A-Z_]+(.*)$/.exec(call.resource)?.[1] ?? '';
  const context: Record<string, string> = {};
  for (const [k, ref] of Object.entries(call.condition ?? {})) {
    const v = fromEnv(ref);
    if ('missing' in v) return v;
    context[k] = render(v.value);
  }
  if (call.service === 'ses') return { arn: `arn:aws:ses:eu-west-1:123456789012:identity/${context['ses:FromAddress'] ?? '*'}`, context };
  const v = fromEnv(call.resource.replace(/^(env:[A-Z_]+).*$/, '$1'));
  if ('missing' in v) return v;
  // The table's and the bucket's variables hold their names; IAM speaks of their ARNs.
  const ref = v.value?.Ref as string | undefined;
  if ((call.service === 'dynamodb' || call.service === 's3') && ref) return { arn: `<Arn:${ref}>${rest}`, context };
  return { arn: `${render(v.value)}${rest}`, context };
}

function conditionsHold(st: Statement, context: Record<string, string>): boolean {
  for (const [op, entries] of Object.entries(st.Condition ?? {})) {
    for (const [key, expected] of Object.entries(entries)) {
      const given = context[key];
      if (given === undefined) return false;
      const values = list(expected).map(render);
      if (op === 'StringEquals' && !values.includes(given)) return false;
      if (op === 'StringLike' && !values.some((p) => glob(p).test(given))) return false;
      if (op !== 'StringEquals' && op !== 'StringLike') return false; // an operator we do not evaluate never grants
    }
  }
  return true;
}

/** The statement (index) that allows the call, or -1. */
export function allowingStatement(call: AwsCall, fn: FunctionRole): number {
  const target = callTarget(call, fn);
  if ('missing' in target) return -1;
  const action = `${call.service}:${call.action}`;
  return fn.statements.findIndex(
    (st) =>
      st.Effect === 'Allow' &&
      list(st.Action).some((a) => glob(a).test(action)) &&
      list(st.Resource).some((r) => glob(render(r)).test(target.arn)) &&
      conditionsHold(st, target.context),
  );
}

export interface ContractReport {
  /** Calls no statement of the function's role allows. */
  denied: { domain: string; call: string; why: string }[];
  /** Functions the tests made no call from (the recorder or the tests are missing something). */
  unseen: string[];
  /** Actions granted that no recorded call used, per function (runtime grants — logs, X-Ray — aside). */
  unused: { domain: string; action: string; resource: string }[];
}

const RUNTIME_ACTIONS = /^(logs|xray):/i;

export function checkContract(calls: AwsCall[], roles: FunctionRole[]): ContractReport {
  const byName = new Map(roles.map((r) => [r.name, r]));
  const denied: ContractReport['denied'] = [];
  const used = new Map<string, Set<string>>(); // function → "statementIndex|action pattern"
  for (const call of calls) {
    const fn = byName.get(call.domain);
    const label = `${call.service}:${call.action} on ${call.resource}${call.condition ? ` ${JSON.stringify(call.condition)}` : ''}`;
    if (!fn) {
      denied.push({ domain: call.domain, call: label, why: 'no function of that name in the template' });
      continue;
    }
    const target = callTarget(call, fn);
    if ('missing' in target) {
      denied.push({ domain: call.domain, call: label, why: `the function has no ${target.missing} variable (no resource bound)` });
      continue;
    }
    const i = allowingStatement(call, fn);
    if (i < 0) {
      denied.push({ domain: call.domain, call: label, why: `not allowed on ${target.arn}` });
      continue;
    }
    const action = `${call.service}:${call.action}`;
    for (const a of list(fn.statements[i].Action)) if (glob(a).test(action)) (used.get(fn.name) ?? used.set(fn.name, new Set()).get(fn.name)!).add(`${i}|${a}`);
  }
  const seen = new Set(calls.map((c) => c.domain));
  const unused: ContractReport['unused'] = [];
  for (const fn of roles) {
    fn.statements.forEach((st, i) => {
      if (st.Effect !== 'Allow') return;
      for (const a of list(st.Action)) {
        if (RUNTIME_ACTIONS.test(a) || used.get(fn.name)?.has(`${i}|${a}`)) continue;
        unused.push({ domain: fn.name, action: a, resource: list(st.Resource).map(render).join(', ') });
      }
    });
  }
  return { denied, unseen: roles.map((r) => r.name).filter((n) => !seen.has(n)), unused };
}
