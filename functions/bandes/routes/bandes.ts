// The batches themselves (spec part 1 §7): list, detail, create or edit, close, archive, delete.
import type { z } from 'zod/mini';
import { batchIndicators, hasValue, sujetsSortis, weightG } from '@shared/formulas';
import { RACES, defaultRace } from '@shared/breeds';
import { POIDS_MAX_G, type BandeDetail, type bandeSchema, type cloturerSchema, type supprimerSchema } from '@shared/schemas/bandes';
import { BANDE_MSG } from '@shared/messages/bandes';
import { badRequest, notFound } from '../../lib/errors';
import { withReadAhead, type RouteContext } from '../../lib/http';
import { idClaims } from '../../lib/repo/counters';
import * as repo from '../repository';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { withArchives, type archiverSchema } from '@shared/schemas/archives';
import { abattagesFromRecords, activeState, checkRecords, checkStart, lotOf, today, untilWritten, type Lot } from '../limits';
import { attentesDuJour } from '@shared/formulas/sante';
import { marquerNonCommercialisables } from './records';
import { StaleRead } from '../../lib/refusal';
import { alimentDesBandes, alimentDUneBande } from '../../aliment/public';
import { avecAliment, checkQuota, sujetsPlan } from './shared';

import { nouvellesEtapes, planPourBande } from '../sante';

/** The batch's breed (default: the first of its type; one of the other type is refused) and age when placed. */
function breedOf(b: z.infer<typeof bandeSchema>): { race: string; age_demarrage: number } {
  const race = b.race ?? defaultRace(b.type);
  if (RACES.find((r) => r.code === race)?.type !== b.type) throw badRequest(BANDE_MSG.raceType);
  return { race, age_demarrage: b.age_demarrage ?? 0 };
}

/** The batches; archived ones only with `?archives=1` (the batch screen's filter), never in a picker. */
async function listed(ctx: RouteContext) {
  const [all, aliment] = await Promise.all([repo.listBandes(ctx.auth.tenantId), alimentDesBandes(ctx.auth.tenantId)]);
  return avecAliment(withArchives(ctx.query) ? all : all.filter((b) => !b.archive), aliment);
}

export async function listBandes(ctx: RouteContext) {
  return listed(ctx);
}

/** `GET /api/bande/{proxy+}`: the list again when the gateway hands over `api/bande/` (empty rest). */
export async function listBandesSlash(ctx: RouteContext<unknown, { proxy?: string }>) {
  const rest = ctx.params.proxy ?? '';
  if (rest !== '' && rest !== '/') throw notFound();
  return listed(ctx);
}

/** The batch's detail; its one Query goes out beside the session's read (withReadAhead). */
export const getBande = withReadAhead(
  (t: number, p: { id: number }) => repo.getCollection(t, p.id),
  async (ctx, read): Promise<BandeDetail> => bandeDetail(ctx.auth.tenantId, await read),
);

async function bandeDetail(t: number, c: repo.BandeCollection | null): Promise<BandeDetail> {
  if (!c) throw notFound(BANDE_MSG.bandeNotFound);
  let abatages = c.abatages;
  if (abatages.reduce((s, a) => s + a.quantite, 0) !== (c.bande.nb_abattu ?? 0)) {
    // Slaughters recorded before the batch kept copies of them: their records tell their day.
    abatages = await abattagesFromRecords(t, c.bande.id);
  }
  const detail: BandeDetail = {
    ...c.bande,
    depenses: c.depenses,
    ventes: c.ventes,
    pertes: c.pertes,
    pesages: c.pesages,
    abatages: abatages.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id)),
    // Slaughters recorded before the copies existed leave only their count on the batch.
    nb_saisies: c.saisies || (c.bande.nb_abattu ? 1 : 0),
    ...santeDuLot(c),
    // The ledger is read only for a batch that holds consumptions (its CON# items came with the Query).
    ...(c.consommations.length ? alimentFields(await alimentDUneBande(t, c.bande.id, c.bande.nom, c.consommations)) : {}),
  };
  // The FCR on the kg the batch ate (its feed expenses and the store's), computed by the one
  // helper the screens use, so the API and the batch's card never disagree.
  const ic = batchIndicators(detail, detail.pertes).ic;
  return hasValue(ic) ? { ...detail, indice_consommation: ic.value } : detail;
}

/** A batch's feed from the store on its detail: the consumptions, and its kg and cost (absent when every one is cancelled). */
function alimentFields(a: Awaited<ReturnType<typeof alimentDUneBande>>): Pick<BandeDetail, 'aliment' | 'aliment_kg' | 'cout_aliment'> {
  return { aliment: a, ...(a.kg > 0 ? { aliment_kg: a.kg, cout_aliment: a.cout } : {}) };
}

/**
 * The batch's withdrawals as its detail shows them, from the BANDE item already read:
 * the eggs collected inside an egg withdrawal (not sellable) and the withdrawals running today.
 */
function santeDuLot(c: repo.BandeCollection): Pick<BandeDetail, 'oeufs_non_commercialisables' | 'attente'> {
  const bloques = marquerNonCommercialisables(c.collectes, c.attentes).filter((x) => x.non_commercialisable);
  const attente = attentesDuJour(c.attentes, today());
  return {
    ...(bloques.length ? { oeufs_non_commercialisables: bloques.reduce((s, x) => s + x.collecte, 0) } : {}),
    ...(attente.viande_jusqu_au || attente.oeufs_jusqu_au ? { attente } : {}),
  };
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
    // Health steps done: the edit re-dates the calendar conditioned on its version, so
    // one done meanwhile is read again and checked.
    ...(s.calendrier?.etapes ?? []).filter((e) => e.etat === 'fait' && e.date).map((e) => e.date!),
    // Treatments not cancelled (decision 0227): a treatment's first day is a record of the batch.
    ...s.debutsTraitements,
    // Feed eaten from the store: a consumption is a record of the batch's day.
    ...s.joursConsommations,
    // Daily sheets: a sheet's day is a record of the batch.
    ...s.joursFiches,
    // The egg stock's breakage and moves, cancelled ones left out like the other entries.
    ...s.casses.filter((c) => c.etat !== 'DELETED').map((c) => c.date),
    ...s.transferts.filter((x) => x.etat !== 'DELETED').map((x) => x.date),
  ];
  return days.length ? days.reduce((a, b) => (b < a ? b : a)) : null;
}

export async function createBande(ctx: RouteContext<z.infer<typeof bandeSchema>>) {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const plan = await sujetsPlan(t);
  const max = plan.maxSujets;
  if (b.id_bande > 0) {
    return untilWritten(async () => {
      const old = await activeState(t, b.id_bande, true);
      // The type is fixed once the batch holds an entry, cancelled ones included (decision 0216):
      // counted after the state above, so an entry that lands after that read moved the revision
      // the write below conditions on, and the edit reads and checks again.
      if (b.type !== old.bande.type) {
        const held = await repo.bandeEntries(t, b.id_bande);
        if (held && repo.entriesCount(held) > 0) throw badRequest(BANDE_MSG.typeFixed);
      }
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
      // More birds must fit the plan: said here with what is left (the transaction's condition holds under concurrency).
      if (b.nb_sujet > old.raw.nb_sujet && max !== null) checkQuota(plan, await repo.activeBirds(t), b.nb_sujet - old.raw.nb_sujet);
      const fields = { nom: b.nom, type: b.type, nb_sujet: b.nb_sujet, date_demarage: b.date_demarage, ...breedOf(b) };
      const cal = repo.calendrierApresEdition(t, old.calendrier, old.bande, fields);
      await repo.updateBande(t, old, fields, max, cal ? [cal] : []);
      return { ...old.bande, ...fields };
    });
  }
  checkStart(b.date_demarage.slice(0, 10));
  // Refused before an id is taken (the breed check included), so a refused request writes
  // nothing; the transaction's condition is what holds under concurrency.
  const breed = breedOf(b);
  const planSante = b.id_plan ? await planPourBande(t, b.id_plan, b.type) : null;
  if (max !== null) checkQuota(plan, await repo.activeBirds(t), b.nb_sujet);
  // Ids claimed in the batch's transaction: refused by its quota condition, it takes none; a lost
  // race over a counter claims again.
  return untilWritten(async () => {
    const claims = idClaims(t);
    const id = await claims.take('BANDE');
    const fields = { id, nom: b.nom, type: b.type, nb_sujet: b.nb_sujet, date_demarage: b.date_demarage, ...breed };
    // The calendar is written in the batch's own transaction: a batch created with a plan is never
    // seen without its steps.
    const calendrier = planSante ? await nouvellesEtapes(claims, planSante, fields) : null;
    const withItems =
      planSante && calendrier
        ? [
            repo.calendrierPut(t, { id_bande: id, id_plan: planSante.id, nom_plan: planSante.nom, etapes: calendrier }, 0),
            ...repo.etapeRefPuts(t, id, calendrier),
          ]
        : [];
    return repo.createBande(t, fields, max, withItems, claims.items);
  });
}

/**
 * Lost races a closing or an archiving retries before its 409: a change of a batch's status meets
 * few writers (an edit of the batch, another status change), unlike its entries (limits.ts).
 */
const STATUS_ATTEMPTS = 5;

export async function closeBande(ctx: RouteContext<z.infer<typeof cloturerSchema>>) {
  const t = ctx.auth.tenantId;
  // An edit of the birds landing between the read and the write (found by the reconciliation
  // harness) is a lost race, not a refusal: the closing still stands, on the batch read again.
  return untilWritten(async () => {
    const b = await repo.getBande(t, ctx.body.id_bande);
    if (!b) throw notFound(BANDE_MSG.bandeNotFound);
    if (b.statut !== 'ACTIVE') return { ...b, statut: 'CLOTUREE' as const };
    if (b.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
    if (!(await repo.closeBande(t, b))) throw new StaleRead();
    return { ...b, statut: 'CLOTUREE' as const };
  }, STATUS_ATTEMPTS);
}

/**
 * POST api/bande/archiver {id, archive}: a batch made by mistake leaves the lists and
 * pickers and the dashboards' production figures (its money stays in the period's: decision 0215),
 * or comes back. Closed and archived
 * are two things: a closed batch is finished (still listed), an archived one is tidied away. An
 * active batch takes no entry while archived and its birds leave the plan's count; restoring it
 * counts them again, within the plan's limit. Idempotent.
 */
export async function archiveBande(ctx: RouteContext<z.output<typeof archiverSchema>>) {
  const t = ctx.auth.tenantId;
  const { id, archive } = ctx.body;
  // The batch moved between the read and the write (an edit of its birds, a closing): StaleRead, read again.
  return untilWritten(async () => {
    const b = await repo.getBande(t, id);
    if (!b) throw notFound(BANDE_MSG.bandeNotFound);
    if (!!b.archive === archive) return b;
    const plan = !archive && b.statut === 'ACTIVE' ? await sujetsPlan(t) : null;
    const max = plan?.maxSujets ?? null;
    if (plan && max !== null) checkQuota(plan, await repo.activeBirds(t), b.nb_sujet);
    await repo.archiveBande(t, b, archive, max);
    return (await repo.getBande(t, id))!;
  }, STATUS_ATTEMPTS);
}

/**
 * POST api/bande/supprimer {id_bande}: a batch made by mistake, with no entry (cancelled ones
 * count: they stay in the history), leaves for good: its id is never given again (the counter only
 * grows) and answers 404 afterwards; an active batch's birds leave the plan's count. A batch with
 * entries is refused with what it holds, to be archived instead (decision 0215). An entry written
 * at the same moment either lands first (the delete reads again and refuses) or meets no batch.
 */
export async function deleteBande(ctx: RouteContext<z.output<typeof supprimerSchema>>) {
  const t = ctx.auth.tenantId;
  const id = ctx.body.id_bande;
  return untilWritten(async () => {
    const held = await repo.bandeEntries(t, id);
    if (!held) throw notFound(BANDE_MSG.bandeNotFound);
    if (repo.entriesCount(held) > 0) throw badRequest(BANDE_MSG.hasEntries(held));
    await repo.deleteBande(t, held);
    return { code: 200, id_bande: id, message: BANDE_MSG.deleted };
  }, STATUS_ATTEMPTS);
}
