// What a batch ate from the store (decision 0232): refused (409, with what was in
// stock that day) when the ledger with it would end a day below zero, its own or any later one;
// concurrent writes are serialised by the ledger's version, and the batch's start and status by
// its guard, so no interleaving gets past the check.
import { addDays, createdAtFrom, daysBetween } from '@shared/dates';
import { avecConsoBande, avecMouvement, coutsDuJour, grammes, kgDe, premierManque, valeurConso } from '@shared/formulas/aliment';
import { MAX_KG_MOUVEMENT, type ConsommationAliment, type ConsommationInput } from '@shared/schemas/aliment';
import { ALIMENT_MSG } from '@shared/messages/aliment';
import { BANDE_MSG } from '@shared/messages/bandes';
import { badRequest, businessConflict, notFound } from '../../lib/errors';
import type { RouteContext } from '../../lib/http';
import { idClaims } from '../../lib/repo/counters';
import { nowIso } from '../../lib/store';
import { bandesParIds, getBande, today, untilWritten } from '../../bandes/public';
import * as repo from '../repository/consommations';
import { getRegistre } from '../repository/registre';

/** The consumptions' list: 31 days by default, at most 366. */
const JOURS_PAR_DEFAUT = 31;
const JOURS_MAX = 366;

const answer = ({ version: _v, deleted_at: _d, ...c }: repo.ConsoItem, valeur: number, nom_bande?: string): ConsommationAliment => ({
  ...c,
  ...(nom_bande ? { nom_bande } : {}),
  valeur,
});

/**
 * POST api/aliment/consommation: the batch must exist (404), be active and not archived (400), the
 * day within [its start, today] (400); then the stock check on the ledger with it (409). Every
 * attempt reads the batch and the ledger again: a lost race is checked again, never written blind.
 */
export async function addConsommation(ctx: RouteContext<ConsommationInput>): Promise<ConsommationAliment> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const kg = kgDe(b.quantite, b.unite);
  if (!(kg <= MAX_KG_MOUVEMENT)) throw badRequest(ALIMENT_MSG.tropGrand(MAX_KG_MOUVEMENT));
  const createdAt = createdAtFrom(b.saisi_le);
  return untilWritten(async () => {
    const bande = await getBande(t, b.id_bande);
    if (!bande) throw notFound(BANDE_MSG.bandeNotFound);
    if (bande.statut !== 'ACTIVE' || bande.archive) throw badRequest(ALIMENT_MSG.bandeFermee);
    const start = bande.date_demarage.slice(0, 10);
    if (b.date < start) throw badRequest(ALIMENT_MSG.avantDemarrage(start));
    if (b.date > today()) throw badRequest(ALIMENT_MSG.dateFuture);
    const r = await getRegistre(t);
    const g = grammes(kg);
    const jours = avecMouvement(r.jours, b.date, { s: g });
    const manque = premierManque(jours);
    if (manque) throw businessConflict(ALIMENT_MSG.stockInsuffisant(manque.date, manque.disponible_kg, manque.sortie_kg));
    // Claimed in the write's transaction: a refused request (a lost race that then fails its checks) takes no id.
    const claims = idClaims(t);
    const id = await claims.take('ALIMENT_CON');
    const c: repo.ConsoItem = {
      id,
      id_bande: b.id_bande,
      date: b.date,
      quantite: b.quantite,
      unite: b.unite,
      kg,
      etat: 'ACTIVE',
      created_at: createdAt,
      version: 1,
    };
    await repo.addConso(t, c, r, jours, avecConsoBande(r.bandes, c.id_bande, c.date, g), claims.items);
    return answer(c, valeurConso(kg, c.date, coutsDuJour(jours)), bande.nom);
  });
}

/** GET api/aliment/consommation/delete/{id}: its kg go back to the store (never refused for stock); 409 when already cancelled. */
export async function cancelConsommation(ctx: RouteContext<unknown, { id: number }>): Promise<ConsommationAliment> {
  const t = ctx.auth.tenantId;
  const id = ctx.params.id;
  return untilWritten(async () => {
    // The ledger first, then the consumption (as a purchase's cancel): the two are then read in an order the writes commit in.
    const r = await getRegistre(t);
    const bandeId = await repo.consoBande(t, id);
    const c = bandeId === null ? null : await repo.getConso(t, bandeId, id);
    if (!c) throw notFound(ALIMENT_MSG.consommationNotFound);
    if (c.etat === 'DELETED') throw businessConflict(ALIMENT_MSG.dejaAnnule);
    const g = grammes(c.kg);
    const jours = avecMouvement(r.jours, c.date, { s: -g });
    await repo.cancelConso(t, c, nowIso(), r, jours, avecConsoBande(r.bandes, c.id_bande, c.date, -g));
    return answer({ ...c, etat: 'DELETED' }, valeurConso(c.kg, c.date, coutsDuJour(jours)));
  });
}

/** GET api/aliment/consommation?debut=&fin=: oldest first, cancelled ones kept, each with its batch's name and its value at its day's cost. */
export async function listConsommations(ctx: RouteContext): Promise<ConsommationAliment[]> {
  const t = ctx.auth.tenantId;
  const fin = ctx.query.fin ?? today();
  const debut = ctx.query.debut ?? addDays(fin, -(JOURS_PAR_DEFAUT - 1));
  if (debut > fin) throw badRequest(ALIMENT_MSG.periodeInvalide);
  if (daysBetween(debut, fin) + 1 > JOURS_MAX) throw badRequest(ALIMENT_MSG.periodeTropLongue(JOURS_MAX));
  const [items, r] = await Promise.all([repo.consosBetween(t, debut, fin), getRegistre(t)]);
  const couts = coutsDuJour(r.jours);
  const bandes = await bandesParIds(
    t,
    items.map((c) => c.id_bande),
  );
  return items.map((c) => answer(c, valeurConso(c.kg, c.date, couts), bandes.get(c.id_bande)?.nom));
}
