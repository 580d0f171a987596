// Flock health's reads that several features show: a batch's calendar, treatments and
// running withdrawals (the Santé tab, the batch header's banner, the sale dialog's check), the
// business's plans (the plan editor, the batch creation's optional plan) and the day's to-do (the
// dashboard). Every key starts with santeKey, so one invalidation after a health write reloads them
// all, and the device's offline copy keeps them (lib/offline/persist.ts): the calendar opens in the
// coop without a connection.
import { queryOptions } from '@tanstack/react-query';
import type { PlanSante, SanteAFaire, SanteBande } from '@shared/schemas/sante';
import { http } from '../http';

/** The start of every health query key: invalidating it reloads them all. */
export const santeKey: readonly string[] = ['sante'];

/** The right every health route sits under (shared/api/routes/sante.ts). */
export const SANTE_DROIT = 'bandav:r';

/** GET api/sante/bande/{id}: the batch's dated steps, its treatments and the withdrawals running today. */
export const santeBandeQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...santeKey, 'bande', id], queryFn: () => http.get<SanteBande>(`api/sante/bande/${id}`, { droit: SANTE_DROIT }) });

/** GET api/sante/plans: the two built-in plans first (read-only), then the business's own. */
export const plansQueryOptions = () =>
  queryOptions({ queryKey: [...santeKey, 'plans'], queryFn: () => http.get<PlanSante[]>('api/sante/plans', { droit: SANTE_DROIT }) });

/** GET api/sante/a-faire: steps due today and late, withdrawals running, death alerts, across batches. */
export const aFaireQueryOptions = () =>
  queryOptions({ queryKey: [...santeKey, 'a-faire'], queryFn: () => http.get<SanteAFaire>('api/sante/a-faire', { droit: SANTE_DROIT }) });
