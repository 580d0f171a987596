// The batch dashboards: batches by start date, a period's figures, the months of a year.
import { monthlyTotals, periodTotals } from '@shared/formulas';
import { daysBetween } from '@shared/dates';
import { TYPES_DEPENSE, parseDashboardRange } from '@shared/schemas/bandes';
import { BANDE_MSG } from '@shared/messages/bandes';
import { badRequest } from '../../lib/errors';
import type { RouteContext } from '../../lib/http';
import { type PeriodDashboard, type YearDashboard } from '@shared/schemas/tableau-de-bord';
import { TABLEAU_DE_BORD_MSG } from '@shared/messages/bandes';
import { ventesBetween } from '../../ventes/public';
import * as repo from '../repository';
import { alimentDesBandes } from '../../aliment/public';
import { avecAliment } from './shared';

/** `GET /api/bande/dashboard/{proxy+}`: `{start or empty}/{end or empty}`, batches by start date. */
export async function getTableauDeBord(ctx: RouteContext<unknown, { proxy?: string }>) {
  const range = parseDashboardRange(ctx.params.proxy);
  if (!range) throw badRequest(BANDE_MSG.badRange);
  if (range.start && range.end && range.start > range.end) throw badRequest(BANDE_MSG.badRange);
  // An archived batch never counts in a dashboard (decision 0215): its rows are left out. Each
  // carries the feed it ate from the store (one read of the ledger).
  const [bandes, aliment] = await Promise.all([repo.bandesByStart(ctx.auth.tenantId, range.start, range.end), alimentDesBandes(ctx.auth.tenantId)]);
  return avecAliment(
    bandes.filter((b) => !b.archive),
    aliment,
  );
}

/**
 * `GET /api/dashboard/periode/{debut}/{fin}`: the entries dated in the range (expenses, batch
 * sales, losses, eggs, weighings) and the shop sales naming no batch, each counted once; the
 * batches active in it. Three key-condition Queries whose size follows the range, not the history.
 * An archived batch counts in the period's money (its expenses and sales were real) but never in
 * its production: batches, birds, losses, eggs, weighings and the cost per bird's expenses leave it
 * out (decision 0215).
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
  const archived = new Set(bandes.filter((b) => b.archive).map((b) => b.id));
  const counted = bandes.filter((b) => !b.archive);
  const production = periodTotals(entries.filter((e) => !archived.has(e.bandeId)));
  return {
    debut,
    fin,
    bandes: counted.length,
    sujets: counted.reduce((s, b) => s + b.nb_sujet, 0),
    ...periodTotals(entries, lines),
    pertes: production.pertes,
    oeufs: production.oeufs,
    pesages: production.pesages,
    depense_production: production.depense,
    bandes_archivees: archived.size,
  };
}

/**
 * `GET /api/dashboard/mois/{annee}`: revenue, expenses and profit of each month of the year (one
 * range read); its losses, eggs and weighings leave archived batches out, as the period's do.
 */
export async function getTableauDeBordMois(ctx: RouteContext<unknown, { annee: number }>): Promise<YearDashboard> {
  const t = ctx.auth.tenantId;
  const { annee } = ctx.params;
  const [entries, lines, bandes] = await Promise.all([
    repo.entriesBetween(t, `${annee}-01-01`, `${annee}-12-31`),
    ventesBetween(t, `${annee}-01-01`, `${annee}-12-31`),
    repo.bandesActiveBetween(t, `${annee}-01-01`, `${annee}-12-31`),
  ]);
  const archived = new Set(bandes.filter((b) => b.archive).map((b) => b.id));
  const production = monthlyTotals(annee, archived.size ? entries.filter((e) => !archived.has(e.bandeId)) : entries);
  const mois = monthlyTotals(annee, entries, lines).map((m, i) => ({
    ...m,
    pertes: production[i].pertes,
    oeufs: production[i].oeufs,
    pesages: production[i].pesages,
  }));
  return { annee, mois };
}

export async function listTypesDepense() {
  return TYPES_DEPENSE;
}
