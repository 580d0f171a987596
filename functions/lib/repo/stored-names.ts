// Stored attribute names are snake_case (docs/conventions.md, docs/decisions/0187-stored-names.md)
// while a repository's records in memory may keep camelCase fields. These two functions are the
// mapping, so a repository converts in one place: on write every name in snake_case, on read the
// snake_case name first and the camelCase one as a fallback (items written before the migration
// 2026-12-stored-names; the fallback can go once every environment has run it).

/** `nbMois` → `nb_mois`. */
export const snakeName = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A record's fields under their stored (snake_case) names; undefined values are left out. */
export function toStored(record: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [snakeName(k), v]),
  );
}

/**
 * One attribute read by its snake_case name when the item has it (null included), else by its
 * camelCase name.
 */
export function storedValue(item: Record<string, unknown>, camelName: string): unknown {
  const snake = snakeName(camelName);
  return snake in item ? item[snake] : item[camelName];
}

/** The record's `fields` read from a stored item (storedValue); absent ones are left out. */
export function fromStored<T>(item: Record<string, unknown>, fields: readonly (keyof T & string)[]): T {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = storedValue(item, f);
    if (v !== undefined) out[f] = v;
  }
  return out as T;
}
