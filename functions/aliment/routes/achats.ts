// Feed purchases (decision 0232): a purchase's kg and price enter the store on its
// date; its cancel takes them out unless a day would then be left below zero.
import { createdAtFrom } from '@shared/dates';
import { avecMouvement, grammes, kgDe, premierManque } from '@shared/formulas/aliment';
import { MAX_KG_MOUVEMENT, type AchatAliment, type AchatAlimentInput } from '@shared/schemas/aliment';
import { ALIMENT_MSG } from '@shared/messages/aliment';
import { badRequest, businessConflict, notFound } from '../../lib/errors';
import type { RouteContext } from '../../lib/http';
import { idClaims } from '../../lib/repo/counters';
import { nowIso } from '../../lib/store';
import { today, untilWritten } from '../../bandes/public';
import * as repo from '../repository/achats';
import { getRegistre } from '../repository/registre';

const answer = ({ version: _v, deleted_at: _d, ...a }: repo.AchatItem): AchatAliment => a;

/** POST api/aliment/achat: refused before an id is taken (too big, future date); the ledger read, moved and written at its version. */
export async function addAchat(ctx: RouteContext<AchatAlimentInput>): Promise<AchatAliment> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const kg = kgDe(b.quantite, b.unite);
  if (!(kg <= MAX_KG_MOUVEMENT)) throw badRequest(ALIMENT_MSG.tropGrand(MAX_KG_MOUVEMENT));
  if (b.date > today()) throw badRequest(ALIMENT_MSG.dateFuture);
  const createdAt = createdAtFrom(b.saisi_le);
  return untilWritten(async () => {
    const r = await getRegistre(t);
    // Claimed in the write's transaction: a refused request (a lost race that then fails its checks) takes no id.
    const claims = idClaims(t);
    const id = await claims.take('ALIMENT_ACH');
    const a: repo.AchatItem = {
      id,
      date: b.date,
      designation: b.designation,
      quantite: b.quantite,
      unite: b.unite,
      kg,
      prix_total: b.prix_total,
      ...(b.fournisseur ? { fournisseur: b.fournisseur } : {}),
      etat: 'ACTIVE',
      created_at: createdAt,
      version: 1,
    };
    // A purchase only adds stock: no day can fall below zero by it.
    await repo.addAchat(t, a, r, avecMouvement(r.jours, a.date, { e: grammes(kg), v: a.prix_total }), r.bandes, claims.items);
    return answer(a);
  });
}

/** GET api/aliment/achat: newest first (by date, then id), cancelled ones kept with etat DELETED. */
export async function listAchats(ctx: RouteContext): Promise<AchatAliment[]> {
  const all = await repo.listAchats(ctx.auth.tenantId);
  return all.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : b.id - a.id)).map(answer);
}

/**
 * GET api/aliment/achat/delete/{id}: 404 unknown or another business's; 409 already cancelled; 409
 * when the ledger without it leaves a day below zero (the first such day, what was there and what
 * went out); else the purchase leaves the stock and the dashboards.
 */
export async function cancelAchat(ctx: RouteContext<unknown, { id: number }>): Promise<AchatAliment> {
  const t = ctx.auth.tenantId;
  const id = ctx.params.id;
  return untilWritten(async () => {
    // The ledger first, then the purchase: a cancel committed between the two reads shows as the
    // purchase cancelled (409 dejaAnnule), never as the ledger without it while the purchase still
    // reads active — a check on that mix took its kg out twice and refused with a false shortage
    // (found by the reconciliation harness: the same cancel sent twice at once).
    const r = await getRegistre(t);
    const a = await repo.getAchat(t, id);
    if (!a) throw notFound(ALIMENT_MSG.achatNotFound);
    if (a.etat === 'DELETED') throw businessConflict(ALIMENT_MSG.dejaAnnule);
    const jours = avecMouvement(r.jours, a.date, { e: -grammes(a.kg), v: -a.prix_total });
    const manque = premierManque(jours);
    if (manque) throw businessConflict(ALIMENT_MSG.annulationImpossible(manque.date, manque.disponible_kg, manque.sortie_kg));
    await repo.cancelAchat(t, a, nowIso(), r, jours, r.bandes);
    return answer({ ...a, etat: 'DELETED' });
  });
}
