// Batch routes (spec part 1 §7): thin functions over the repository. Tenant = ctx.auth.tenantId.
import type { z } from 'zod';
import { lineTotal, monthlyTotals, oeufsLe, periodTotals, sujetsSortis, sujetsVivantsLe, weightG } from '../../shared/formulas';
import { createdAtFrom, daysBetween } from '../../shared/dates';
import { effectivePlan } from '../../shared/plans';
import { RACES, defaultRace } from '../../shared/breeds';
import { POIDS_MAX_G, TYPES_DEPENSE, parseDashboardRange, type BandeDetail, type Collecte, type Depense, type Perte, type Pesage, type Vente, type bandeSchema, type cloturerSchema, type collecteSchema, type depenseSchema, type perteSchema, type pesageSchema, type venteSchema } from '../../shared/schemas/bandes';
import { BANDE_MSG } from '../../shared/messages/bandes';
import { withinMontant } from '../../shared/schemas/common';
import { LIMIT_MSG } from '../../shared/messages/limits';
import { badRequest, notFound, refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { nextTenantId } from '../lib/repo/counters';
import { getSubscription } from '../lib/repo/subscriptions';
import { type PeriodDashboard, type YearDashboard, type raceSchema } from '../../shared/schemas/dashboard';
import { DASHBOARD_MSG } from '../../shared/messages/bandes';
import type { Race } from '../../shared/breeds';
import { ventesBetween } from '../ventes/repository';
import * as repo from './repository';
import { ABATAGE_MSG } from '../../shared/messages/abattage';
import { ARCHIVE_MSG } from '../../shared/messages/archives';
import { withArchives, type archiverSchema } from '../../shared/schemas/archives';
import { abatagesFromRecords, activeState, checkDay, checkRecords, checkStart, defaultDay, lotOf, today, untilWritten, vivantsAujourdhui, type Lot } from './limits';
import { StaleRead } from '../lib/refusal';

const conflict = () => refused(409, BANDE_MSG.conflict);

/** A line's total (price × quantity, rounded once) stays within MAX_MONTANT, so every sum of lines stays exact. */
function checkedLineTotal(prix: number, quantite: number): number {
  const total = lineTotal(prix, quantite);
  if (!withinMontant(total)) throw badRequest(LIMIT_MSG.total);
  return total;
}

/** A batch money total (revenue, expenses) that would pass MAX_MONTANT is refused before the write. */
function checkBatchTotal(current: number, delta: number): void {
  if (delta > 0 && !withinMontant(current + delta)) throw badRequest(LIMIT_MSG.batchTotal);
}

async function activeBande(t: number, id: number) {
  const b = await repo.getBande(t, id);
  if (!b) throw notFound(BANDE_MSG.bandeNotFound);
  if (b.statut !== 'ACTIVE') throw badRequest(BANDE_MSG.closed);
  if (b.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
  return b;
}

async function maxSujets(t: number): Promise<number | null> {
  return effectivePlan(await getSubscription(t)).maxSujets;
}

// ── batches ──

/** The batch's breed (default: the first of its type; one of the other type is refused) and age when placed. */
function breedOf(b: z.infer<typeof bandeSchema>): { race: string; age_demarrage: number } {
  const race = b.race ?? defaultRace(b.type);
  if (RACES.find((r) => r.code === race)?.type !== b.type) throw badRequest(BANDE_MSG.raceType);
  return { race, age_demarrage: b.age_demarrage ?? 0 };
}

/** The batches; archived ones only with `?archives=1` (the batch screen's filter), never in a picker. */
async function listed(ctx: RouteContext) {
  const all = await repo.listBandes(ctx.auth.tenantId);
  return withArchives(ctx.query) ? all : all.filter((b) => !b.archive);
}

export async function list(ctx: RouteContext) {
  return listed(ctx);
}

/** `GET /api/bande/{proxy+}`: the list again when the gateway hands over `api/bande/` (empty rest). */
export async function listSlash(ctx: RouteContext<unknown, { proxy?: string }>) {
  const rest = ctx.params.proxy ?? '';
  if (rest !== '' && rest !== '/') throw notFound();
  return listed(ctx);
}

export async function detail(ctx: RouteContext<unknown, { id: number }>): Promise<BandeDetail> {
  const t = ctx.auth.tenantId;
  const c = await repo.getCollection(t, ctx.params.id);
  if (!c) throw notFound(BANDE_MSG.bandeNotFound);
  let abatages = c.abatages;
  if (abatages.reduce((s, a) => s + a.quantite, 0) !== (c.bande.nb_abattu ?? 0)) {
    // Slaughters recorded before the batch kept copies of them: their records tell their day.
    abatages = await abatagesFromRecords(t, c.bande.id);
  }
  return { ...c.bande, depenses: c.depenses, ventes: c.ventes, pertes: c.pertes, pesages: c.pesages, abatages: abatages.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id)) };
}

/**
 * The earliest day a batch's records use (entries, weighings, collections, slaughters, cancelled
 * ones left out): its start may not move after it.
 */
function earliestDay(s: repo.BandeState, lot: Lot): string | null {
  const days = [
    ...s.depenses.map((d) => d.date),
    ...s.ventes.filter((v) => v.etat !== 'DELETED').map((v) => v.date),
    ...s.pertes.map((p) => p.date),
    ...s.pesages.map((p) => p.date),
    ...s.collectes.map((c) => c.date),
    ...lot.abatages.map((a) => a.date),
  ];
  return days.length ? days.reduce((a, b) => (b < a ? b : a)) : null;
}

export async function create(ctx: RouteContext<z.infer<typeof bandeSchema>>) {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const max = await maxSujets(t);
  if (b.id_bande > 0) {
    return untilWritten(async () => {
      const old = await activeState(t, b.id_bande, true);
      const start = b.date_demarage.slice(0, 10);
      const lot = await lotOf(t, old);
      // Only what the edit changes is checked: a batch recorded before these rules (a start more
      // than 3 years back, an impossible old collection) can still be renamed.
      if (start !== old.bande.date_demarage.slice(0, 10)) {
        checkStart(start);
        const first = earliestDay(old, lot);
        if (first !== null && start > first) throw badRequest(BANDE_MSG.startAfterEntries(first));
      }
      // The birds that already left (dead, slaughtered, sold as birds under the new type) must fit.
      const gone = Math.ceil(sujetsSortis({ ...old.raw, type: b.type }));
      if (b.nb_sujet < gone) throw badRequest(BANDE_MSG.fewerThanGone(gone));
      if (b.type !== old.bande.type && old.pesages.some((p) => weightG(p) > POIDS_MAX_G[b.type])) throw badRequest(BANDE_MSG.weightTooHigh(b.type));
      // Fewer birds (or sales now counted as birds) must leave every collection and weighing possible.
      if (b.nb_sujet < old.raw.nb_sujet || b.type !== old.bande.type) checkRecords({ ...lot, type: b.type, nb_sujet: b.nb_sujet }, '0000-00-00');
      const fields = { nom: b.nom, type: b.type, nb_sujet: b.nb_sujet, date_demarage: b.date_demarage, ...breedOf(b) };
      await repo.updateBande(t, old, fields, max);
      return { ...old.bande, ...fields };
    });
  }
  checkStart(b.date_demarage.slice(0, 10));
  // Refused before an id is taken (the breed check included), so a refused request writes
  // nothing; the transaction's condition is what holds under concurrency.
  const breed = breedOf(b);
  if (max !== null && (await repo.activeBirds(t)) + b.nb_sujet > max) throw refused(422, BANDE_MSG.quota);
  const id = await nextTenantId(t, 'BANDE');
  return repo.createBande(t, { id, nom: b.nom, type: b.type, nb_sujet: b.nb_sujet, date_demarage: b.date_demarage, ...breed }, max);
}

export async function cloturer(ctx: RouteContext<z.infer<typeof cloturerSchema>>) {
  const t = ctx.auth.tenantId;
  const b = await repo.getBande(t, ctx.body.id_bande);
  if (!b) throw notFound(BANDE_MSG.bandeNotFound);
  if (b.statut === 'ACTIVE' && b.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
  if (b.statut === 'ACTIVE' && !(await repo.closeBande(t, b))) {
    const again = await repo.getBande(t, b.id);
    if (again?.statut !== 'CLOTUREE') throw conflict();
  }
  return { ...b, statut: 'CLOTUREE' as const };
}

/**
 * POST api/bande/archiver {id, archive} (issue 18): a batch made by mistake leaves the lists and
 * pickers while its figures stay in every total and dashboard, or comes back. Closed and archived
 * are two things: a closed batch is finished (still listed), an archived one is tidied away. An
 * active batch takes no entry while archived and its birds leave the plan's count; restoring it
 * counts them again, within the plan's limit. Idempotent.
 */
export async function archiver(ctx: RouteContext<z.output<typeof archiverSchema>>) {
  const t = ctx.auth.tenantId;
  const { id, archive } = ctx.body;
  for (let attempt = 1; ; attempt++) {
    const b = await repo.getBande(t, id);
    if (!b) throw notFound(BANDE_MSG.bandeNotFound);
    if (!!b.archive === archive) return b;
    const max = !archive && b.statut === 'ACTIVE' ? await maxSujets(t) : null;
    if (max !== null && (await repo.activeBirds(t)) + b.nb_sujet > max) throw refused(422, BANDE_MSG.quota);
    try {
      await repo.archiveBande(t, b, archive, max);
      return (await repo.getBande(t, id))!;
    } catch (err) {
      // The batch moved between the read and the write (an edit of its birds, a closing): read again.
      if (!(err instanceof StaleRead)) throw err;
    }
    if (attempt >= 5) throw conflict();
  }
}

/** `GET /api/bande/dashboard/{proxy+}`: `{start or empty}/{end or empty}`, batches by start date. */
export async function dashboard(ctx: RouteContext<unknown, { proxy?: string }>) {
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
export async function periode(ctx: RouteContext<unknown, { debut: string; fin: string }>): Promise<PeriodDashboard> {
  const t = ctx.auth.tenantId;
  const { debut, fin } = ctx.params;
  if (debut > fin) throw badRequest(DASHBOARD_MSG.badRange);
  if (daysBetween(debut, fin) > 5 * 366) throw badRequest(DASHBOARD_MSG.tooLong);
  const [entries, bandes, lines] = await Promise.all([repo.entriesBetween(t, debut, fin), repo.bandesActiveBetween(t, debut, fin), ventesBetween(t, debut, fin)]);
  return {
    debut,
    fin,
    bandes: bandes.length,
    sujets: bandes.reduce((s, b) => s + b.nb_sujet, 0),
    ...periodTotals(entries, lines),
  };
}

/** `GET /api/dashboard/mois/{annee}`: revenue, expenses and profit of each month of the year (one range read). */
export async function mois(ctx: RouteContext<unknown, { annee: number }>): Promise<YearDashboard> {
  const t = ctx.auth.tenantId;
  const { annee } = ctx.params;
  const [entries, lines] = await Promise.all([repo.entriesBetween(t, `${annee}-01-01`, `${annee}-12-31`), ventesBetween(t, `${annee}-01-01`, `${annee}-12-31`)]);
  return { annee, mois: monthlyTotals(annee, entries, lines) };
}

export async function typesDepense() {
  return TYPES_DEPENSE;
}

// ── expenses ──

export async function depensesOf(ctx: RouteContext<unknown, { idBande: number }>) {
  const t = ctx.auth.tenantId;
  const c = await repo.getCollection(t, ctx.params.idBande);
  if (!c) throw notFound(BANDE_MSG.bandeNotFound);
  return c.depenses;
}

export async function depense(ctx: RouteContext<z.infer<typeof depenseSchema>>): Promise<Depense> {
  const t = ctx.auth.tenantId;
  const { depense: d, id_bande, date } = ctx.body;
  const total = checkedLineTotal(d.prix_unitaire, d.quantite);
  const createdAt = createdAtFrom(ctx.body.saisi_le);
  const fields = {
    id_bande,
    id_type_depense: d.id_type_depense,
    designation: d.designation,
    prix_unitaire: d.prix_unitaire,
    quantite: d.quantite,
    prix_total: total,
    ...(d.unite ? { unite: d.unite } : {}),
  };
  // Taken once the checks passed (a refused request takes no id).
  let id: number | null = null;
  return untilWritten(async () => {
    const bande = await activeBande(t, id_bande);
    if (d.id) {
      const old = await repo.getEntry(t, id_bande, 'DEP', d.id);
      if (!old || old.etat === 'DELETED') throw notFound(BANDE_MSG.entryNotFound);
      // An edit keeps when it was typed and may change the day it counts on.
      const day = date ?? repo.entryDay('DEP', old);
      checkDay(day, bande);
      checkBatchTotal(bande.depense, total - Number(old.prix_total));
      const entry = { id: d.id, ...fields, created_at: String(old.created_at), date: day };
      await repo.replaceEntry(t, id_bande, 'DEP', Number(old.version), entry, { depense: total - Number(old.prix_total) }, { start: day });
      return entry;
    }
    const day = date ?? defaultDay(createdAt);
    checkDay(day, bande);
    checkBatchTotal(bande.depense, total);
    id ??= await nextTenantId(t, 'DEPENSE');
    const entry = { id, ...fields, created_at: createdAt, date: day };
    await repo.addEntry(t, id_bande, 'DEP', entry, { depense: total }, { start: day });
    return entry;
  });
}

export async function depenseDelete(ctx: RouteContext<unknown, { id: number }>) {
  return cancel(ctx.auth.tenantId, 'DEP', ctx.params.id, (e) => ({ depense: -Number(e.prix_total) }));
}

// ── sales ──

/**
 * A sale of a batch. A broiler batch sells birds: whole birds, never more than are alive, and
 * never so many, on a past day, that an existing weighing becomes impossible. A layer batch sells
 * eggs: only the day and the money limits are checked.
 */
export async function vente(ctx: RouteContext<z.infer<typeof venteSchema>>): Promise<Vente> {
  const t = ctx.auth.tenantId;
  const v = ctx.body;
  const total = checkedLineTotal(v.prix_unitaire, v.quantite);
  const createdAt = createdAtFrom(v.saisi_le);
  const fields = { id_bande: v.id_bande, prix_unitaire: v.prix_unitaire, quantite: v.quantite, prix_total: total, etat: 'ACTIVE' as const };
  let id: number | null = null;
  return untilWritten(async () => {
    const s = await activeState(t, v.id_bande);
    const bande = s.bande;
    const chair = bande.type === 'chair';
    if (chair && !Number.isInteger(v.quantite)) throw badRequest(BANDE_MSG.wholeBirds);
    const old = v.id_vente > 0 ? await repo.getEntry(t, v.id_bande, 'VTE', v.id_vente) : null;
    if (v.id_vente > 0) {
      if (!old) throw notFound(BANDE_MSG.entryNotFound);
      if (old.etat === 'DELETED') throw badRequest(BANDE_MSG.saleCancelled);
      // A shop sale's batch entry moves with its shop line (stock, creance): never on its own.
      if (old.id_vente_boutique) throw badRequest(BANDE_MSG.shopSale);
    }
    const day = v.date ?? (old ? repo.entryDay('VTE', old) : defaultDay(createdAt));
    checkDay(day, bande);
    checkBatchTotal(bande.chiffre_affaire, total - Number(old?.prix_total ?? 0));
    if (chair) {
      const lot = await lotOf(t, s);
      const others = (lot.ventes ?? []).filter((x) => x.etat !== 'DELETED' && (x as { id?: number }).id !== old?.id);
      const after: Lot = { ...lot, ventes: [...others, { quantite: v.quantite, date: day, created_at: createdAt }] };
      if (sujetsVivantsLe(after, today()) < 0) throw badRequest(ABATAGE_MSG.tooMany(vivantsAujourdhui({ ...lot, ventes: others })));
      checkRecords(after, old && repo.entryDay('VTE', old) < day ? repo.entryDay('VTE', old) : day);
    }
    const guard: repo.Guard = chair ? repo.revGuard(s) : { start: day };
    if (old) {
      const entry = { id: v.id_vente, id_vente: v.id_vente, ...fields, created_at: String(old.created_at), date: day };
      await repo.replaceEntry(t, v.id_bande, 'VTE', Number(old.version), entry, { chiffre_affaire: total - Number(old.prix_total), nb_vendu: v.quantite - Number(old.quantite) }, guard);
      return entry;
    }
    id ??= await nextTenantId(t, 'VENTE');
    const entry = { id, id_vente: id, ...fields, created_at: createdAt, date: day };
    await repo.addEntry(t, v.id_bande, 'VTE', entry, { chiffre_affaire: total, nb_vendu: v.quantite }, guard);
    return entry;
  });
}

export async function venteDelete(ctx: RouteContext<unknown, { id: number }>) {
  return cancel(ctx.auth.tenantId, 'VTE', ctx.params.id, (e) => ({ chiffre_affaire: -Number(e.prix_total), nb_vendu: -Number(e.quantite) }));
}

// ── losses ──

/**
 * A loss never takes more birds than are alive (placed − dead − slaughtered − sold broilers), nor,
 * dated in the past, so many that an existing collection or weighing becomes impossible — even when
 * other entries are recorded on the batch at the same time: the write is conditioned on the batch's
 * revision as read, and a change in between makes it read and check again.
 */
export async function perte(ctx: RouteContext<z.infer<typeof perteSchema>>): Promise<Perte> {
  const t = ctx.auth.tenantId;
  const { nombre, id_bande, date } = ctx.body;
  const createdAt = createdAtFrom(ctx.body.saisi_le);
  let id: number | null = null;
  return untilWritten(async () => {
    const s = await activeState(t, id_bande);
    const day = date ?? defaultDay(createdAt);
    checkDay(day, s.bande);
    const lot = await lotOf(t, s);
    const live = vivantsAujourdhui(lot);
    if (nombre > live) throw badRequest(BANDE_MSG.tooManyLosses(live));
    checkRecords({ ...lot, pertes: [...lot.pertes, { nombre, date: day, created_at: createdAt }] }, day);
    id ??= await nextTenantId(t, 'PERTE');
    const entry = { id, id_bande, nombre, type: 'perte' as const, created_at: createdAt, date: day };
    await repo.addEntry(t, id_bande, 'PRT', entry, { nb_perte: nombre }, repo.revGuard(s));
    return entry;
  });
}

export async function perteDelete(ctx: RouteContext<unknown, { id: number }>) {
  return cancel(ctx.auth.tenantId, 'PRT', ctx.params.id, (e) => ({ nb_perte: -Number(e.nombre) }));
}

// ── weighings and egg collections ──

/**
 * A weighing (new, or its correction when `pesage.id` > 0): dated within the batch's life, an
 * average weight under the type's hard maximum, a sample no larger than the birds alive that day.
 */
export async function pesage(ctx: RouteContext<z.infer<typeof pesageSchema>>): Promise<Pesage> {
  const t = ctx.auth.tenantId;
  const { pesage: p, id_bande } = ctx.body;
  const createdAt = createdAtFrom(ctx.body.saisi_le);
  const day = p.date_prise.slice(0, 10);
  const editing = !!p.id && p.id > 0;
  let id: number | null = null;
  return untilWritten(async () => {
    const s = await activeState(t, id_bande);
    const old = editing ? await repo.getEntry(t, id_bande, 'PES', p.id!) : null;
    if (editing && (!old || old.etat === 'DELETED')) throw notFound(BANDE_MSG.entryNotFound);
    checkDay(day, s.bande);
    if (weightG(p) > POIDS_MAX_G[s.bande.type]) throw badRequest(BANDE_MSG.weightTooHigh(s.bande.type));
    const vivants = Math.max(0, sujetsVivantsLe(await lotOf(t, s), day));
    if (p.echantillon > vivants) throw badRequest(BANDE_MSG.sampleTooLarge(day, vivants));
    const fields = { id_bande, poids_moyen: p.poids_moyen, unite: p.unite, echantillon: p.echantillon, date_prise: p.date_prise };
    if (old) {
      const entry = { id: p.id!, ...fields, created_at: String(old.created_at), date: day };
      await repo.replaceEntry(t, id_bande, 'PES', Number(old.version), entry, {}, repo.revGuard(s));
      return entry;
    }
    id ??= await nextTenantId(t, 'PESAGE');
    const entry = { id, ...fields, created_at: createdAt, date: day };
    await repo.addEntry(t, id_bande, 'PES', entry, {}, repo.revGuard(s));
    return entry;
  });
}

export async function pesageDelete(ctx: RouteContext<unknown, { id: number }>) {
  return cancel(ctx.auth.tenantId, 'PES', ctx.params.id, () => ({}));
}

/**
 * An egg collection (new, or its correction when `id` > 0): dated within the batch's life, and the
 * day's eggs (all its collections) no more than the hens alive that day.
 */
export async function collect(ctx: RouteContext<z.output<typeof collecteSchema>>): Promise<Collecte> {
  const t = ctx.auth.tenantId;
  const c = ctx.body;
  const createdAt = createdAtFrom(c.saisi_le);
  let id: number | null = null;
  return untilWritten(async () => {
    const s = await activeState(t, c.id_bande);
    if (s.bande.type !== 'pondeuse') throw badRequest(BANDE_MSG.notLaying);
    const old = c.id > 0 ? await repo.getEntry(t, c.id_bande, 'COL', c.id) : null;
    if (c.id > 0 && (!old || old.etat === 'DELETED')) throw notFound(BANDE_MSG.entryNotFound);
    const dateCollecte = c.date_collecte || (old ? String(old.date_collecte) : defaultDay(createdAt));
    const day = dateCollecte.slice(0, 10);
    checkDay(day, s.bande);
    const lot = await lotOf(t, s);
    const deja = oeufsLe(lot.collectes.filter((x) => x.id !== old?.id), day);
    const vivants = Math.max(0, sujetsVivantsLe(lot, day));
    if (deja + c.collecte > vivants) throw badRequest(BANDE_MSG.tooManyEggs(day, vivants, deja));
    const fields = { id_bande: c.id_bande, collecte: c.collecte, calibres: c.calibres, date_collecte: dateCollecte };
    if (old) {
      const entry = { id: c.id, ...fields, created_at: String(old.created_at), date: day };
      await repo.replaceEntry(t, c.id_bande, 'COL', Number(old.version), entry, {}, repo.revGuard(s));
      return entry;
    }
    id ??= await nextTenantId(t, 'COLLECTE');
    const entry = { id, ...fields, created_at: createdAt, date: day };
    await repo.addEntry(t, c.id_bande, 'COL', entry, {}, repo.revGuard(s));
    return entry;
  });
}

export async function collectDelete(ctx: RouteContext<unknown, { id: number }>) {
  return cancel(ctx.auth.tenantId, 'COL', ctx.params.id, () => ({}));
}

export async function collectes(ctx: RouteContext<unknown, { id: number }>) {
  const t = ctx.auth.tenantId;
  const c = await repo.getCollection(t, ctx.params.id);
  if (!c) throw notFound(BANDE_MSG.bandeNotFound);
  return c.collectes.sort((a, b) => (a.date_collecte < b.date_collecte ? 1 : a.date_collecte > b.date_collecte ? -1 : b.id - a.id));
}

// ── the GET deletions ──

async function cancel(t: number, kind: repo.EntryKind, id: number, totals: (e: Record<string, any>) => repo.Totals) {
  const bandeId = await repo.entryBande(t, kind, id);
  if (bandeId === null) throw notFound(BANDE_MSG.entryNotFound);
  const e = await repo.getEntry(t, bandeId, kind, id);
  if (!e) throw notFound(BANDE_MSG.entryNotFound);
  if (e.etat === 'DELETED') throw badRequest(BANDE_MSG.alreadyCancelled);
  if (e.id_vente_boutique) throw badRequest(BANDE_MSG.shopSale);
  if (!(await repo.cancelEntry(t, bandeId, kind, id, totals(e)))) {
    const b = await repo.getBande(t, bandeId);
    if (b?.statut !== 'ACTIVE') throw badRequest(BANDE_MSG.closed);
    if (b.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
    throw badRequest(BANDE_MSG.alreadyCancelled);
  }
  return { code: 200, id, id_bande: bandeId, etat: 'DELETED' };
}

// ── breed standards ──

/** `GET /api/races`: every breed, the business's own targets in place of the published curves. */
export async function races(ctx: RouteContext): Promise<Race[]> {
  const own = new Map((await repo.racesOf(ctx.auth.tenantId)).map((i) => [String(i.code), i]));
  return RACES.map((r) => {
    const o = own.get(r.code);
    return o ? { ...r, poids: o.poids ?? [], ic: o.ic ?? [], ponte: o.ponte ?? [], personnalise: true } : { ...r };
  });
}

/** `POST /api/race`: the business's own targets for a breed (points sorted by age, one per age). */
export async function raceSave(ctx: RouteContext<z.infer<typeof raceSchema>>): Promise<Race> {
  const b = ctx.body;
  const uniq = <T>(pts: T[], age: (p: T) => number) => [...new Map(pts.map((p) => [age(p), p])).values()].sort((x, y) => age(x) - age(y));
  const race = { code: b.code, poids: uniq(b.poids, (p) => p.jour), ic: uniq(b.ic, (p) => p.jour), ponte: uniq(b.ponte, (p) => p.semaine) };
  await repo.saveRace(ctx.auth.tenantId, race);
  return { ...RACES.find((r) => r.code === b.code)!, ...race, personnalise: true };
}
