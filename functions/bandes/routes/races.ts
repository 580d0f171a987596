// Breed standards: the published curves, or the business's own targets.
import type { z } from 'zod/mini';
import { RACES } from '@shared/breeds';
import type { RouteContext } from '../../lib/http';
import { type raceSchema } from '@shared/schemas/tableau-de-bord';
import type { Race } from '@shared/breeds';
import * as repo from '../repository';

/** `GET /api/races`: every breed, the business's own targets in place of the published curves. */
export async function listRaces(ctx: RouteContext): Promise<Race[]> {
  const own = new Map((await repo.racesOf(ctx.auth.tenantId)).map((i) => [String(i.code), i]));
  return RACES.map((r) => {
    const o = own.get(r.code);
    return o ? { ...r, poids: o.poids ?? [], ic: o.ic ?? [], ponte: o.ponte ?? [], personnalise: true } : { ...r };
  });
}

/** `POST /api/race`: the business's own targets for a breed (points sorted by age, one per age). */
export async function saveRace(ctx: RouteContext<z.infer<typeof raceSchema>>): Promise<Race> {
  const b = ctx.body;
  const uniq = <T>(pts: T[], age: (p: T) => number) => [...new Map(pts.map((p) => [age(p), p])).values()].sort((x, y) => age(x) - age(y));
  const race = { code: b.code, poids: uniq(b.poids, (p) => p.jour), ic: uniq(b.ic, (p) => p.jour), ponte: uniq(b.ponte, (p) => p.semaine) };
  await repo.saveRace(ctx.auth.tenantId, race);
  return { ...RACES.find((r) => r.code === b.code)!, ...race, personnalise: true };
}
