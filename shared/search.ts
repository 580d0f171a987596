// How the client and product searches compare text (spec part 2 §5): plain functions, no zod, so the
// screens and the server read the same rule without loading the schemas.

/** Lower case, no spaces: the client and product searches ignore both (spec part 2 §5). */
export function normalizeSearch(s: string | null | undefined): string {
  return (s ?? '').toLowerCase().replace(/\s+/g, '');
}
