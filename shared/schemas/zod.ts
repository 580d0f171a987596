// The part of zod this project uses, as one small module: `common.ts` re-exports it as `z`.
// Why not `export { z } from 'zod'`: re-exporting zod's own namespace makes a bundler keep all of
// it (every locale, JSON-schema conversion…), 443 KB in each Lambda bundle; a namespace built from
// the names listed here keeps only what they reach (measured by `npm run bench`). A name missing
// here is a type error where it is used: add it to this list.
export {
  array,
  boolean,
  discriminatedUnion,
  config,
  email,
  enum,
  lazy,
  literal,
  nullable,
  number,
  object,
  optional,
  preprocess,
  record,
  string,
  union,
  unknown,
} from 'zod';
export type { infer, input, output } from 'zod';
