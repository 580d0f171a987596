// The limits reality puts on a batch's records (no figure a farm could not have), shared by the batch routes, the slaughter
// routes and a shop sale naming a batch: the day of an entry within [the batch's start, today],
// birds alive on a day (shared/formulas/birds.ts `sujetsVivantsLe`, the one definition), the eggs of a
// day, a weighing's sample, and the retry that makes a refusal mean "the limit is reached", never
// "another write to this batch landed first".
import { addDays, todayFor } from '@shared/dates';
import { premiereImpossibilite, refusSortie, sujetsVivantsLe, type Impossibilite, type LotDate, type SortieSaisie } from '@shared/formulas';
import { DEMARRAGE_MAX_JOURS, type AbattageDuLot, type Collecte, type Pesage } from '@shared/schemas/bandes';
import { BANDE_MSG } from '@shared/messages/bandes';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { badRequest, businessConflict, notFound, refused } from '../lib/errors';
import { attenteSur, type AttentesBande } from '@shared/formulas/sante';
import { SANTE_MSG } from '@shared/messages/sante';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { premierManqueAjoute, rejouerOeufs, type Calibre, type MouvementOeufs } from '@shared/formulas/oeufs';
import { listAbattages } from '../abattages/public';
import { untilWritten as retryLostRaces } from '../lib/refusal';
import * as repo from './repository';

/**
 * Today, in the businesses' time zone: Senegal and Côte d'Ivoire are both UTC+0 all year
 * (shared/dates.ts), so the business's country changes nothing yet and costs no read.
 */
export const today = (): string => todayFor();

/** The day an entry is given when none is sent: the day it was typed (never after today). */
export function defaultDay(createdAt: string): string {
  const d = createdAt.slice(0, 10);
  const t = today();
  return d > t ? t : d;
}

/** An entry's day must lie within [the batch's start day, today]; else the French 400. */
export function checkDay(day: string, bande: { date_demarage: string }): void {
  if (day > today()) throw badRequest(BANDE_MSG.dateFuture);
  const start = bande.date_demarage.slice(0, 10);
  if (day < start) throw badRequest(BANDE_MSG.dateBeforeStart(start));
}

/** A batch's start day: not after today, not more than 3 years back. */
export function checkStart(day: string): void {
  const t = today();
  if (day > t) throw badRequest(BANDE_MSG.startFuture);
  if (day < addDays(t, -DEMARRAGE_MAX_JOURS)) throw badRequest(BANDE_MSG.startTooOld);
}

/** The batch with its dated departures and records, as the checks read it. */
export type Lot = Omit<LotDate, 'abatages'> & { pesages: Pesage[]; collectes: Collecte[]; abatages: AbattageDuLot[] };

/**
 * The batch's state as a `Lot`. Its slaughters come from the batch's copies (ABT# items); a batch
 * whose slaughtered birds are not all copied (records made before the copies existed) reads its
 * slaughter records instead, which carry the same quantity and day.
 */
export async function lotOf(t: number, s: repo.BandeState): Promise<Lot> {
  const abatages = s.abattagesComplets ? s.abatages : await abattagesFromRecords(t, s.bande.id);
  return { type: s.bande.type, nb_sujet: s.raw.nb_sujet, pertes: s.pertes, ventes: s.ventes, pesages: s.pesages, collectes: s.collectes, abatages };
}

/** A batch's slaughters read from the slaughter records themselves (one Query on the business's records). */
export async function abattagesFromRecords(t: number, bandeId: number): Promise<AbattageDuLot[]> {
  // A cancelled record gave its birds back: it no longer counts.
  return (await listAbattages(t))
    .filter((a) => a.id_bande === bandeId && a.etat !== 'DELETED')
    .map((a) => ({ id: a.id, quantite: a.quantite, date: a.date.slice(0, 10) }));
}

/** Birds alive today (the same definition as on any other day). */
export const vivantsAujourdhui = (lot: LotDate): number => Math.max(0, sujetsVivantsLe(lot, today()));

/** The French refusal of an impossible day (an existing collection or weighing the change would contradict). */
function impossibleMessage(i: Impossibilite): string {
  return i.kind === 'collecte' ? BANDE_MSG.collecteImpossible(i.day, i.oeufs, i.vivants) : BANDE_MSG.pesageImpossible(i.day, i.echantillon, i.vivants);
}

/** Refuses a change whose result `after` makes a collection or weighing on or after `depuis` impossible. */
export function checkRecords(after: Lot, depuis: string): void {
  const i = premiereImpossibilite(after, depuis);
  if (i) throw badRequest(impossibleMessage(i));
}

/**
 * Refuses a departure of birds (a loss, a broiler sale, a slaughter) the batch cannot carry, naming
 * the first day and the figure that break: its own day's birds, a later departure that would no
 * longer find its birds, a later collection or weighing (shared/formulas/ruptures.ts, which the
 * entry dialogs run first). `avant` is the batch without the entry (a corrected entry's old version
 * left out).
 */
export function checkSortie(avant: Lot, sortie: SortieSaisie): void {
  const refus = refusSortie(avant, sortie, today());
  if (refus) throw badRequest(refus);
}

/** The batch's state for a check, or the French 404 / 400 (closed). */
export async function activeState(
  t: number,
  id: number,
  withDepenses = false,
  msg: { notFound: string; closed: string } = { notFound: BANDE_MSG.bandeNotFound, closed: BANDE_MSG.closed },
): Promise<repo.BandeState> {
  const s = await repo.bandeState(t, id, withDepenses);
  if (!s) throw notFound(msg.notFound);
  if (s.bande.statut !== 'ACTIVE') throw badRequest(msg.closed);
  if (s.bande.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
  return s;
}

// ── withdrawal periods (docs/decisions/0227-withdrawal-periods.md) ──

/** The food a sale or a slaughter takes: birds are meat, a layer batch's eggs are eggs. */
export type Denree = 'viande' | 'oeufs';

/**
 * Refuses (409, the day the withdrawal ends) a sale or a slaughter of `kind` dated `day` inside a
 * withdrawal of the batch (its BANDE item's `attentes`, as read with the guard's `sante_rev`: the
 * write's condition makes a treatment landing in between re-run this check).
 */
export function checkAttente(attentes: AttentesBande, day: string, kind: Denree): void {
  const fin = attenteSur(attentes, day, kind);
  if (fin) throw businessConflict(kind === 'viande' ? SANTE_MSG.attenteViande(fin) : SANTE_MSG.attenteOeufs(fin));
}

// ── a layer batch's egg stock (docs/oeufs.md, decision 0243) ──

/**
 * Refuses (409, the day's figures) a write whose movements `apres` make a day's shortage larger
 * than the batch's movements `avant`: an exit taking eggs that were not there, or a collection's
 * decrease or cancel leaving an exit without its eggs (`refus`: OEUFS_MSG.collecteNecessaire).
 */
export function checkOeufs(
  avant: readonly MouvementOeufs[],
  apres: readonly MouvementOeufs[],
  refus: (date: string, calibre: Calibre | null, disponible: number, demande: number) => string = OEUFS_MSG.stockInsuffisant,
): void {
  const m = premierManqueAjoute(rejouerOeufs(avant), rejouerOeufs(apres));
  if (m) throw businessConflict(refus(m.day, m.calibre, m.disponible, m.demande));
}

// ── losing a race is not a refusal ──
// A write whose condition on the batch's revision failed throws lib/refusal's StaleRead (another
// write to the batch landed between its read and its write): `untilWritten` reads and checks again.

/**
 * Attempts per write. Each lost attempt means another write to the same batch committed, so N
 * concurrent writers need at most N attempts; 60 covers far more simultaneous writes to one batch
 * than a farm makes (the tests run 30).
 */
const MAX_ATTEMPTS = 60;

/**
 * Runs `attempt` (read, check, write) until it is written (lib/refusal `untilWritten`): past
 * `maxAttempts` lost races, the 409 asks to try again.
 */
export const untilWritten = <T>(attempt: (n: number) => Promise<T>, maxAttempts = MAX_ATTEMPTS): Promise<T> =>
  retryLostRaces(attempt, maxAttempts, () => refused(409, BANDE_MSG.conflict));

// ── a shop sale naming a batch (functions/ventes/routes.ts) ──

/**
 * Checks a shop sale of `quantite` units on `day` against the batch it names and returns the guard
 * its transaction carries: a broiler batch sells whole birds, never more than are alive, and never
 * so many that an existing weighing becomes impossible; a layer batch's sales are eggs, one unit
 * one egg, taken from its egg stock with no size (refused, 409, when a day would go short,
 * shared/formulas/oeufs.ts); neither inside a withdrawal of the batch (meat for birds, eggs for
 * eggs). Either way the guard is the batch's revision, so an exit racing it reads and checks again.
 * Throws the French refusal.
 */
export async function shopSaleGuard(t: number, bandeId: number, quantite: number, day: string): Promise<repo.Guard> {
  const s = await activeState(t, bandeId);
  checkDay(day, s.bande);
  // A broiler batch's shop sale is its birds (meat); a layer batch's, its eggs.
  checkAttente(s.attentes, day, s.bande.type === 'chair' ? 'viande' : 'oeufs');
  if (s.bande.type !== 'chair') {
    const avant = repo.mouvementsOeufs(s);
    checkOeufs(avant, [...avant, { kind: 'vente', id: 0, day, oeufs: quantite, calibre: null }]);
    return repo.withSante(repo.revGuard(s), s);
  }
  if (!Number.isInteger(quantite)) throw badRequest(BANDE_MSG.wholeBirds);
  checkSortie(await lotOf(t, s), { kind: 'vente', quantite, day });
  return repo.withSante(repo.revGuard(s), s);
}
