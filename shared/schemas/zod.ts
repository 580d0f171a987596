// The part of zod this project uses, as one small module: `common.ts` re-exports it as `z`.
// zod/mini, not zod: the same parser (zod's core) with functions instead of methods
// (`z.optional(s)`, `s.check(z.minLength(1))`), so a bundle keeps only the functions it calls:
// ~28 KB of each Lambda and of the forms' chunk instead of ~97 KB, which was most of a domain's
// cold-start compile time above the floor (docs/decisions/0404-zod-mini.md, `npm run bench:lambda`).
// Why a list and not `export * from 'zod/mini'`: re-exporting zod's namespace makes a bundler keep
// all of it (every locale, JSON-schema conversion…). A name missing here is a type error where it
// is used: add it to this list.
export {
  _default,
  array,
  boolean,
  catch,
  config,
  discriminatedUnion,
  email,
  enum,
  extend,
  gte,
  int,
  lazy,
  literal,
  lte,
  maxLength,
  minLength,
  nullable,
  number,
  object,
  omit,
  optional,
  pick,
  pipe,
  positive,
  record,
  refine,
  regex,
  string,
  superRefine,
  toLowerCase,
  transform,
  trim,
  union,
  unknown,
} from 'zod/mini';
export type { infer, input, output, ZodMiniType as ZodType } from 'zod/mini';
