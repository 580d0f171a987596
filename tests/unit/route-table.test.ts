// The route table is split per domain (shared/api/routes/<domain>.ts) so each Lambda bundles only
// its own rows; a row filed under the wrong domain file would be served by no Lambda locally or in AWS.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOMAINS, ROUTES, routesOf } from '../../shared/api/routes';

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
