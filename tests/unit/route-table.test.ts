// The route table is split per domain (shared/api/routes/<domain>.ts) so each Lambda bundles only
// its own rows; a row filed under the wrong domain file would be served by no Lambda locally or in AWS.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAINS, ROUTES, routesOf } from '@shared/api/routes';

describe('per-domain route files', () => {
  it.each(readdirSync('shared/api/routes').map((f) => f.replace(/\.ts$/, '')))('routes/%s.ts holds only rows of its domain, all in ROUTES', async (domain) => {
    expect(DOMAINS).toContain(domain);
    const mod = await import(`../../shared/api/routes/${domain}.ts`);
    const rows = mod[`${domain}Routes`];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.domain).toBe(domain);
    expect(routesOf(domain as never)).toEqual(rows);
    for (const row of rows) expect(ROUTES).toContain(row);
  });
});

describe('schemas of the rows', () => {
  // A Lambda's cold start builds only the schema of the row it serves (docs/decisions.md,
  // "Performance budgets"): every body, params and query schema of a row is a z.lazy, built at its
  // first parse.
  const withSchemas = ROUTES.flatMap((row) =>
    (['body', 'params', 'query'] as const).filter((k) => row[k]).map((k) => [`${row.method} ${row.path} ${k}`, row[k]] as const),
  );
  it.each(withSchemas)('%s is built at its first use', (_name, schema) => {
    expect((schema as unknown as { _zod: { def: { type: string } } })._zod.def.type).toBe('lazy');
  });
  it('a row schema still validates once built, with the French messages', () => {
    const row = ROUTES.find((r) => r.path === '/api/login')!;
    const r = row.body!.safeParse({ username: 'pas-un-email', password: 'x' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe('Adresse email invalide');
  });
});

describe('schemas a module exports', () => {
  // What a schema module builds when it is imported, every Lambda importing it pays at its cold
  // start, even for a route that never uses it: an exported schema (a shared building block such as
  // `email`, `jour`, `idParam`, or a request schema) is a z.lazy, built at its first parse.
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
  const exported = files('shared/schemas').map((file) => [file] as const);
  it.each(exported)('%s exports no schema built at import', async (file) => {
    const mod: Record<string, unknown> = await import(`../../${file}`);
    const eager = Object.entries(mod)
      .filter(([name, v]) => name !== 'z' && typeof v === 'object' && v !== null && '_zod' in v)
      .filter(([, v]) => (v as { _zod: { def: { type: string } } })._zod.def.type !== 'lazy')
      .map(([name]) => name);
    expect(eager).toEqual([]);
  });
});
