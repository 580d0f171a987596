// fast-check arbitraries generated from zod 4 schemas (their `_zod.def`), for the fuzz harness
// (tests/api/fuzz.test.ts): values of the schema's shape, mostly valid so that they reach the
// route code, with edges (bounds) and, for id fields, the small ids records really have.
// Any schema type it does not know gets arbitrary JSON, so a new kind of row is still fuzzed.
import fc from 'fast-check';

type Def = { type: string; [k: string]: any };
/** A schema's definition; a `z.lazy` (the route table's schemas are built at first use) is looked through. */
export const defOf = (s: unknown): Def => {
  const zod = (s as { _zod: { def: Def; innerType?: unknown } })._zod;
  return zod.def.type === 'lazy' ? defOf(zod.innerType) : zod.def;
};
const checksOf = (d: Def): Def[] => (d.checks ?? []).map((c: any) => c._zod.def as Def);

/** Ids in bodies and paths point at the small ids records really have (1–4), now and then. */
const ID_KEY = /^id(_|$)|_id$|^id[A-Z]/;

function numberArb(d: Def, key: string): fc.Arbitrary<number> {
  let min = -1e15;
  let max = 1e15;
  let int = false;
  for (const c of checksOf(d)) {
    if (c.check === 'greater_than') min = Math.max(min, c.value + (c.inclusive ? 0 : int ? 1 : 1e-9));
    if (c.check === 'less_than') max = Math.min(max, c.value - (c.inclusive ? 0 : int ? 1 : 1e-9));
    if (c.check === 'number_format' && /int/.test(c.format)) int = true;
  }
  if (min > max) [min, max] = [max, min];
  const inRange = int
    ? fc.integer({ min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const edges = fc.constantFrom(...[min, max].filter((v) => Number.isFinite(v) && (!int || Number.isSafeInteger(v))));
  const lo = Math.max(min, int ? Math.ceil(min) : min);
  const small = int
    ? fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(Math.min(max, lo + 100))) })
    : fc.double({ min: lo, max: Math.min(max, lo + 100), noNaN: true });
  const arbs: fc.Arbitrary<number>[] = [inRange, edges, small, small];
  if (ID_KEY.test(key)) arbs.push(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }));
  return fc.oneof(...arbs);
}

/** fast-check generates from a regex without the i, g or y flags; lower-case matches under i anyway. */
const matching = (re: RegExp) => fc.stringMatching(new RegExp(re.source, re.flags.replace(/[igy]/g, '')));

/** Addresses zod's e-mail check accepts (fast-check's RFC addresses are often refused by it). */
const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.stringMatching(/^[a-z]{2,10}$/), fc.constantFrom('sn', 'ci', 'com'))
  .map(([u, d, t]) => `${u.replace(/\.\./g, '.')}@${d}.${t}`);
// fixed date: the fuzz's range of well-formed days; its requests are refused or accepted, never compared to a fixed answer
const dateText = fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((x) => x.toISOString().slice(0, 10));

function stringArb(d: Def, key: string): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = 40;
  for (const c of checksOf(d)) {
    if (c.check === 'min_length') minLength = c.minimum;
    if (c.check === 'max_length') maxLength = Math.min(maxLength, c.maximum);
    if (c.check === 'string_format' && c.format === 'regex') return matching(c.pattern as RegExp);
    if (c.check === 'string_format' && c.format === 'email') return fc.oneof(plainEmail, fc.emailAddress());
  }
  if (d.format === 'email') return fc.oneof({ weight: 3, arbitrary: plainEmail }, { weight: 1, arbitrary: fc.emailAddress() });
  if (/date|debut|fin/i.test(key)) return fc.oneof({ weight: 4, arbitrary: dateText }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
  if (d.format === 'regex' && d.pattern) return matching(d.pattern as RegExp);
  maxLength = Math.max(maxLength, minLength);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-zéèà][A-Za-z0-9éèà' -]{0,30}$/).filter((x) => x.trim().length >= minLength && x.length <= maxLength) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    { weight: 1, arbitrary: dateText },
    { weight: 1, arbitrary: fc.constantFrom('1', '2', '{"s":1,"m":0,"l":0,"xl":0}', 'chair', 'pondeuse', '771234567') },
  );
}

/** Values of the schema's shape, mostly valid: what a client (or a patient attacker) would send. */
export function arbitraryFor(schema: unknown, key = '', depth = 0): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  if (depth > 6) return fc.constant(null);
  switch (d.type) {
    case 'string':
      return stringArb(d, key);
    case 'number':
    case 'int':
      return numberArb(d, key);
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, unknown>));
    case 'object': {
      const shape = d.shape as Record<string, unknown>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [k, v] of Object.entries(shape)) {
        model[k] = arbitraryFor(v, k, depth + 1);
        if (!['optional', 'default'].includes(defOf(v).type)) required.push(k);
      }
      return fc.record(model, { requiredKeys: required });
    }
    case 'array': {
      let minLength = 0;
      let maxLength = 4;
      for (const c of checksOf(d)) {
        if (c.check === 'min_length') minLength = c.minimum;
        if (c.check === 'max_length') maxLength = Math.min(maxLength, c.maximum);
      }
      return fc.array(arbitraryFor(d.element, key, depth + 1), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'optional':
      return fc.oneof({ weight: 3, arbitrary: arbitraryFor(d.innerType, key, depth + 1) }, { weight: 1, arbitrary: fc.constant(undefined) });
    case 'nullable':
      return fc.oneof({ weight: 3, arbitrary: arbitraryFor(d.innerType, key, depth + 1) }, { weight: 1, arbitrary: fc.constant(null) });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return arbitraryFor(d.innerType, key, depth + 1);
    case 'pipe': {
      // A transform (preprocess) takes anything: generate what its output schema wants. The e-mail
      // pipe (trim, lower-case → format) is generated from its format.
      if (defOf(d.in).type === 'transform') return arbitraryFor(d.out, key, depth + 1);
      const out = defOf(d.out);
      if (out.type === 'string' && out.format === 'email') return arbitraryFor(d.out, key, depth + 1);
      return arbitraryFor(d.in, key, depth + 1);
    }
    case 'union':
      return fc.oneof(...(d.options as unknown[]).map((o) => arbitraryFor(o, key, depth + 1)));
    case 'custom':
      return fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }).map(String), fc.jsonValue());
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
