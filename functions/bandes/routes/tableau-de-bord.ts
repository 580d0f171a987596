// The batch dashboards: batches by start date, a period's figures, the months of a year.
import { monthlyTotals, periodTotals } from '../../../shared/formulas';
import { daysBetween } from '../../../shared/dates';
import { TYPES_DEPENSE, parseDashboardRange } from '../../../shared/schemas/bandes';
import { BANDE_MSG } from '../../../shared/messages/bandes';
import { badRequest } from '../../lib/errors';
import type { RouteContext } from '../../lib/http';
import { type PeriodDashboard, type YearDashboard } from '../../../shared/schemas/tableau-de-bord';
import { TABLEAU_DE_BORD_MSG } from '../../../shared/messages/bandes';
import { ventesBetween } from '../../ventes/public';
import * as repo from '../repository';

/** `GET /api/bande/dashboard/{proxy+}`: `{start or empty}/{end or empty}`, batches by start date. */
export async function getTableauDeBord(ctx: RouteContext<unknown, { proxy?: string }>) {
  const range = parseDashboardRange(ctx.params.proxy);
  if (!range) throw badRequest(BANDE_MSG.badRange);
  if (range.start && range.end && range.start > range.end) throw badRequest(BANDE_MSG.badRange);
  return repo.bandesByStart(ctx.auth.tenantId, range.start, range.end);
}

/**
 * `GET /api/dashboard/periode/{debut}/{fin}`: the entries dated in the range (expenses, batch
 * sales, losses, eggs, weighings) and the shop sales naming no batch, each counted once; the
 * batches active in it. Three key-condition Queries whose size follows the range, not the history.
 */
export async function getTableauDeBordPeriode(ctx: RouteContext<unknown, { debut: string; fin: string }>): Promise<PeriodDashboard> {
  const t = ctx.auth.tenantId;
  const { debut, fin } = ctx.params;
  if (debut > fin) throw badRequest(TABLEAU_DE_BORD_MSG.badRange);
  if (daysBetween(debut, fin) > 5 * 366) throw badRequest(TABLEAU_DE_BORD_MSG.tooLong);
  const [entries, bandes, lines] = await Promise.all([
    repo.entriesBetween(t, debut, fin),
    repo.bandesActiveBetween(t, debut, fin),
    ventesBetween(t, debut, fin),
  ]);
  return {
    debut,
    fin,
    bandes: bandes.length,
    sujets: bandes.reduce((s, b) => s + b.nb_sujet, 0),
    ...periodTotals(entries, lines),
  };
}

/** `GET /api/dashboard/mois/{annee}`: revenue, expenses and profit of each month of the year (one range read). */
export async function getTableauDeBordMois(ctx: RouteContext<unknown, { annee: number }>): Promise<YearDashboard> {
  const t = ctx.auth.tenantId;
  const { annee } = ctx.params;
  const [entries, lines] = await Promise.all([
    repo.entriesBetween(t, `${annee}-01-01`, `${annee}-12-31`),
    ventesBetween(t, `${annee}-01-01`, `${annee}-12-31`),
  ]);
  return { annee, mois: monthlyTotals(annee, entries, lines) };
}

export async function listTypesDepense() {
  return TYPES_DEPENSE;
}
