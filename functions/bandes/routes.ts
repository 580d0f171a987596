// Batch routes (spec part 1 §7): thin functions over the repository. Tenant = ctx.auth.tenantId.
import type { z } from 'zod';
import { lineTotal, monthlyTotals, periodTotals, sujetsSortis } from '../../shared/formulas';
import { effectivePlan } from '../../shared/plans';
import { RACES, defaultRace } from '../../shared/breeds';
import {
  BANDE_MSG,
  TYPES_DEPENSE,
  parseDashboardRange,
  type BandeDetail,
  type Collecte,
  type Depense,
  type Perte,
  type Pesage,
  type Vente,
  type bandeSchema,
  type cloturerSchema,
  type collecteSchema,
  type depenseSchema,
  type perteSchema,
  type pesageSchema,
  type venteSchema,
} from '../../shared/schemas/bandes';
import { LIMIT_MSG, withinMontant } from '../../shared/schemas/common';
import { badRequest, notFound, refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { nextTenantId } from '../lib/repo/counters';
import { getSubscription } from '../lib/repo/subscriptions';
import { DASHBOARD_MSG, type PeriodDashboard, type YearDashboard, type raceSchema } from '../../shared/schemas/dashboard';
import type { Race } from '../../shared/breeds';
import { ventesBetween } from '../ventes/repository';
import * as repo from './repository';

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

/** A new entry refused by the transaction: the batch was closed meanwhile, or a concurrent entry took its total to the limit. */
async function entryRefusal(t: number, bandeId: number) {
  const b = await repo.getBande(t, bandeId);
  return b?.statut === 'ACTIVE' ? badRequest(LIMIT_MSG.batchTotal) : badRequest(BANDE_MSG.closed);
}

async function activeBande(t: number, id: number) {
  const b = await repo.getBande(t, id);
  if (!b) throw notFound(BANDE_MSG.bandeNotFound);
  if (b.statut !== 'ACTIVE') throw badRequest(BANDE_MSG.closed);
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

export async function list(ctx: RouteContext) {
  return repo.listBandes(ctx.auth.tenantId);
}

/** `GET /api/bande/{proxy+}`: the list again when the gateway hands over `api/bande/` (empty rest). */
export async function listSlash(ctx: RouteContext<unknown, { proxy?: string }>) {
  const rest = ctx.params.proxy ?? '';
  if (rest !== '' && rest !== '/') throw notFound();
  return repo.listBandes(ctx.auth.tenantId);
}

export async function detail(ctx: RouteContext<unknown, { id: number }>): Promise<BandeDetail> {
  const c = await repo.getCollection(ctx.auth.tenantId, ctx.params.id);
  if (!c) throw notFound(BANDE_MSG.bandeNotFound);
  return { ...c.bande, depenses: c.depenses, ventes: c.ventes, pertes: c.pertes, pesages: c.pesages };
}

export async function create(ctx: RouteContext<z.infer<typeof bandeSchema>>) {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const max = await maxSujets(t);
  if (b.id_bande > 0) {
    const old = await repo.bandeCounts(t, b.id_bande);
    if (!old) throw notFound(BANDE_MSG.bandeNotFound);
    if (old.bande.statut !== 'ACTIVE') throw badRequest(BANDE_MSG.closed);
    // The birds that already left (dead, slaughtered, sold as birds under the new type) must fit.
    const gone = Math.ceil(sujetsSortis({ ...old.raw, type: b.type }));
    if (b.nb_sujet < gone) throw badRequest(BANDE_MSG.fewerThanGone(gone));
    const fields = { nom: b.nom, type: b.type, nb_sujet: b.nb_sujet, date_demarage: b.date_demarage, ...breedOf(b) };
    const r = await repo.updateBande(t, old, fields, max);
    if (r === 'quota') throw refused(422, BANDE_MSG.quota);
    if (r === 'conflict') throw conflict();
    return { ...old.bande, ...fields };
  }
  // Refused before an id is taken (the breed check included), so a refused request writes
  // nothing; the transaction's condition is what holds under concurrency.
  const breed = breedOf(b);
  if (max !== null && (await repo.activeBirds(t)) + b.nb_sujet > max) throw refused(422, BANDE_MSG.quota);
  const id = await nextTenantId(t, 'BANDE');
  const r = await repo.createBande(t, { id, nom: b.nom, type: b.type, nb_sujet: b.nb_sujet, date_demarage: b.date_demarage, ...breed }, max);
  if (r.result === 'quota') throw refused(422, BANDE_MSG.quota);
  if (r.result !== 'ok') throw conflict();
  return r.bande;
}

export async function cloturer(ctx: RouteContext<z.infer<typeof cloturerSchema>>) {
  const t = ctx.auth.tenantId;
  const b = await repo.getBande(t, ctx.body.id_bande);
  if (!b) throw notFound(BANDE_MSG.bandeNotFound);
  if (b.statut === 'ACTIVE' && !(await repo.closeBande(t, b))) {
    const again = await repo.getBande(t, b.id);
    if (again?.statut !== 'CLOTUREE') throw conflict();
  }
  return { ...b, statut: 'CLOTUREE' as const };
}

/** `GET /api/bande/dashboard/{proxy+}`: `{start or empty}/{end or empty}`, batches by start date. */
export async function dashboard(ctx: RouteContext<unknown, { proxy?: string }>) {
  const range = parseDashboardRange(ctx.params.proxy);
  if (!range) throw badRequest(BANDE_MSG.badRange);
  if (range.start && range.end && range.start > range.end) throw badRequest(BANDE_MSG.badRange);
  return repo.bandesByStart(ctx.auth.tenantId, range.start, range.end);
}

/** Days between two yyyy-mm-dd dates. */
const daysBetween = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

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
  const { depense: d, id_bande } = ctx.body;
  const total = checkedLineTotal(d.prix_unitaire, d.quantite);
  const bande = await activeBande(t, id_bande);
  const fields = {
    id_bande,
    id_type_depense: d.id_type_depense,
    designation: d.designation,
    prix_unitaire: d.prix_unitaire,
    quantite: d.quantite,
    prix_total: total,
    ...(d.unite ? { unite: d.unite } : {}),
  };
  if (d.id) {
    const old = await repo.getEntry(t, id_bande, 'DEP', d.id);
    if (!old || old.etat === 'DELETED') throw notFound(BANDE_MSG.entryNotFound);
    const entry = { id: d.id, ...fields, created_at: String(old.created_at) };
    checkBatchTotal(bande.depense, total - Number(old.prix_total));
    if (!(await repo.replaceEntry(t, id_bande, 'DEP', Number(old.version), entry, { depense: total - Number(old.prix_total) }))) throw conflict();
    return entry;
  }
  checkBatchTotal(bande.depense, total);
  const id = await nextTenantId(t, 'DEPENSE');
  const entry = { id, ...fields, created_at: new Date().toISOString() };
  if (!(await repo.addEntry(t, id_bande, 'DEP', entry, { depense: total }))) throw await entryRefusal(t, id_bande);
  return entry;
}

export async function depenseDelete(ctx: RouteContext<unknown, { id: number }>) {
  return cancel(ctx.auth.tenantId, 'DEP', ctx.params.id, (e) => ({ depense: -Number(e.prix_total) }));
}

// ── sales ──

export async function vente(ctx: RouteContext<z.infer<typeof venteSchema>>): Promise<Vente> {
  const t = ctx.auth.tenantId;
  const v = ctx.body;
  const total = checkedLineTotal(v.prix_unitaire, v.quantite);
  const bande = await activeBande(t, v.id_bande);
  const fields = { id_bande: v.id_bande, prix_unitaire: v.prix_unitaire, quantite: v.quantite, prix_total: total, etat: 'ACTIVE' as const };
  if (v.id_vente > 0) {
    const old = await repo.getEntry(t, v.id_bande, 'VTE', v.id_vente);
    if (!old) throw notFound(BANDE_MSG.entryNotFound);
    if (old.etat === 'DELETED') throw badRequest(BANDE_MSG.saleCancelled);
    // A shop sale's batch entry moves with its shop line (stock, creance): never on its own.
    if (old.id_vente_boutique) throw badRequest(BANDE_MSG.shopSale);
    const entry = { id: v.id_vente, id_vente: v.id_vente, ...fields, created_at: String(old.created_at) };
    checkBatchTotal(bande.chiffre_affaire, total - Number(old.prix_total));
    const ok = await repo.replaceEntry(t, v.id_bande, 'VTE', Number(old.version), entry, {
      chiffre_affaire: total - Number(old.prix_total),
      nb_vendu: v.quantite - Number(old.quantite),
    });
    if (!ok) throw conflict();
    return entry;
  }
  checkBatchTotal(bande.chiffre_affaire, total);
  const id = await nextTenantId(t, 'VENTE');
  const entry = { id, id_vente: id, ...fields, created_at: new Date().toISOString() };
  if (!(await repo.addEntry(t, v.id_bande, 'VTE', entry, { chiffre_affaire: total, nb_vendu: v.quantite }))) throw await entryRefusal(t, v.id_bande);
  return entry;
}

export async function venteDelete(ctx: RouteContext<unknown, { id: number }>) {
  return cancel(ctx.auth.tenantId, 'VTE', ctx.params.id, (e) => ({ chiffre_affaire: -Number(e.prix_total), nb_vendu: -Number(e.quantite) }));
}

// ── losses ──

export async function perte(ctx: RouteContext<z.infer<typeof perteSchema>>): Promise<Perte> {
  const t = ctx.auth.tenantId;
  const { nombre, id_bande } = ctx.body;
  // A loss never takes more birds than are alive (placed − dead − slaughtered − sold broilers),
  // even when losses, sales or slaughters are recorded at the same time: the write is conditioned
  // on the counts read, and a change in between makes it read and check again.
  let id: number | null = null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const c = await repo.bandeCounts(t, id_bande);
    if (!c) throw notFound(BANDE_MSG.bandeNotFound);
    if (c.bande.statut !== 'ACTIVE') throw badRequest(BANDE_MSG.closed);
    if (nombre > c.live) throw badRequest(BANDE_MSG.tooManyLosses(c.live));
    // Taken once the checks passed (a refused request takes no id).
    id ??= await nextTenantId(t, 'PERTE');
    const entry = { id, id_bande, nombre, type: 'perte' as const, created_at: new Date().toISOString() };
    if (await repo.addEntry(t, id_bande, 'PRT', entry, { nb_perte: nombre }, repo.countsCondition(c))) return entry;
  }
  throw conflict();
}

export async function perteDelete(ctx: RouteContext<unknown, { id: number }>) {
  return cancel(ctx.auth.tenantId, 'PRT', ctx.params.id, (e) => ({ nb_perte: -Number(e.nombre) }));
}

// ── weighings and egg collections ──

export async function pesage(ctx: RouteContext<z.infer<typeof pesageSchema>>): Promise<Pesage> {
  const t = ctx.auth.tenantId;
  const { pesage: p, id_bande } = ctx.body;
  await activeBande(t, id_bande);
  const id = await nextTenantId(t, 'PESAGE');
  const entry = { id, id_bande, poids_moyen: p.poids_moyen, unite: p.unite, echantillon: p.echantillon, date_prise: p.date_prise, created_at: new Date().toISOString() };
  if (!(await repo.addEntry(t, id_bande, 'PES', entry, {}))) throw badRequest(BANDE_MSG.closed);
  return entry;
}

export async function collect(ctx: RouteContext<z.output<typeof collecteSchema>>): Promise<Collecte> {
  const t = ctx.auth.tenantId;
  const c = ctx.body;
  const b = await activeBande(t, c.id_bande);
  if (b.type !== 'pondeuse') throw badRequest(BANDE_MSG.notLaying);
  const fields = {
    id_bande: c.id_bande,
    collecte: c.collecte,
    calibres: c.calibres,
    date_collecte: c.date_collecte || new Date().toISOString().slice(0, 10),
  };
  if (c.id > 0) {
    const old = await repo.getEntry(t, c.id_bande, 'COL', c.id);
    if (!old) throw notFound(BANDE_MSG.entryNotFound);
    const entry = { id: c.id, ...fields, created_at: String(old.created_at) };
    if (!(await repo.replaceEntry(t, c.id_bande, 'COL', Number(old.version), entry, {}))) throw conflict();
    return entry;
  }
  const id = await nextTenantId(t, 'COLLECTE');
  const entry = { id, ...fields, created_at: new Date().toISOString() };
  if (!(await repo.addEntry(t, c.id_bande, 'COL', entry, {}))) throw badRequest(BANDE_MSG.closed);
  return entry;
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
