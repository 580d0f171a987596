// The writes of a layer flock's egg stock and the screen's own check before them. Here
// rather than in features/oeufs because two features write them: the flock's eggs page and the
// shop's product page (« Envoyer à la boutique » with the product fixed, e4).
//
// Both writes go through the outbox like the batch entries: eggs are counted in the store room,
// often without a connection; the entry waits on the device with its true day and typing time and
// its own idempotency key. The cancels are office work, sent at once.
//
// The check before saving replays the stock the screen holds (the server's answer, plus this
// batch's writes still waiting in the outbox) with the server's own rule (shared/formulas/oeufs.ts):
// a write that makes a day's shortage larger is refused on screen with the server's message. The
// server checks again on its own entries; its refusal is shown as it words it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NOMS_CALIBRES,
  formatPlateaux,
  premierManqueAjoute,
  rejouerOeufs,
  versOeufs,
  zeroCalibres,
  type Calibre,
  type MouvementOeufs,
} from '@shared/formulas/oeufs';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import type { CasseOeufsResponse, StockOeufsResponse, TransfertOeufsResponse, UniteOeufs } from '@shared/schemas/oeufs';
import { formatDate } from '../format';
import { http } from '../http';
import { submitWrite, type OutboxEntry } from '../offline/outbox';
import { bandesKey } from '../queries/bandes';
import { produitsKey } from '../queries/produits';
import { dashboardKey } from '../queries/tableau-de-bord';

/** A move changes the batch's eggs and a product's stock (and the dashboard's figures): all reloaded. */
export const OEUFS_RELOAD = [bandesKey[0], produitsKey[0], dashboardKey[0]];
/** The outbox kinds of the egg stock's writes. */
export const OEUFS_KINDS: ReadonlySet<string> = new Set(['oeufs-transfert', 'oeufs-casse']);
/** Moves sit under both rights (RouteRow.alsoNeeds); the header names the batches' one, as the route's access. */
const DROIT = 'bandav:r';

export interface TransfertOeufsBody {
  id_bande: number;
  id_produit: number;
  quantite: number;
  unite: UniteOeufs;
  calibre?: Calibre | null;
  date: string;
}
export interface CasseOeufsBody {
  id_bande: number;
  quantite: number;
  unite: UniteOeufs;
  calibre?: Calibre | null;
  date: string;
  motif: string;
}

const deCalibre = (c: Calibre | null | undefined) => (c ? ` calibre ${NOMS_CALIBRES[c]}` : '');

/** POST api/bande/oeufs/transfert: the eggs leave the batch and enter the product's stock on their day. */
export const addTransfertOeufs = (b: TransfertOeufsBody, noms: { bande?: string; produit?: string }) =>
  submitWrite<TransfertOeufsResponse>({
    kind: 'oeufs-transfert',
    url: 'api/bande/oeufs/transfert',
    body: b,
    droit: DROIT,
    bandeId: b.id_bande,
    bandeNom: noms.bande,
    day: b.date,
    invalidate: OEUFS_RELOAD,
    label: `Envoi à la boutique : ${formatPlateaux(versOeufs(b.quantite, b.unite))}${deCalibre(b.calibre)}${noms.produit ? ` → ${noms.produit}` : ''}`,
  });

/** POST api/bande/oeufs/casse: eggs broken or lost on their day, with the reason. */
export const addCasseOeufs = (b: CasseOeufsBody, bandeNom?: string) =>
  submitWrite<CasseOeufsResponse>({
    kind: 'oeufs-casse',
    url: 'api/bande/oeufs/casse',
    body: b,
    droit: DROIT,
    bandeId: b.id_bande,
    bandeNom,
    day: b.date,
    invalidate: OEUFS_RELOAD,
    label: `Casse du ${formatDate(b.date)} : ${formatPlateaux(versOeufs(b.quantite, b.unite))}${deCalibre(b.calibre)} (${b.motif})`,
  });

/** GET …/transfert/delete/{id}: the eggs come back, the product's units leave (409 if the shop sold them). */
export const cancelTransfertOeufs = (id: number) => http.get<TransfertOeufsResponse>(`api/bande/oeufs/transfert/delete/${id}`, { droit: DROIT });
/** GET …/casse/delete/{id}: the broken eggs come back into the stock. */
export const cancelCasseOeufs = (id: number) => http.get<CasseOeufsResponse>(`api/bande/oeufs/casse/delete/${id}`, { droit: DROIT });

/** Runs an egg write, then reloads the batches, products and dashboard. */
export function useOeufsMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(OEUFS_RELOAD.map((k) => qc.invalidateQueries({ queryKey: [k] })));
    },
  });
}

/** An exit the screen is about to write (or that waits in the outbox). */
export interface SortieOeufs {
  kind: 'casse' | 'transfert';
  day: string;
  oeufs: number;
  calibre?: Calibre | null;
}

/** The server's answer as the replay reads it: cancelled entries and held-apart collections left out. */
export function mouvementsDuStock(stock: Pick<StockOeufsResponse, 'mouvements'>): MouvementOeufs[] {
  const out: MouvementOeufs[] = [];
  for (const m of stock.mouvements) {
    if (m.etat === 'DELETED' || m.non_commercialisable) continue;
    if (m.genre === 'collecte') {
      // A collection always carries its sizes (they add up to its total); one without them enters
      // as size S so that the total stays true (its eggs are taken first by unsized exits anyway).
      const calibres = m.calibres ?? { ...zeroCalibres(), s: m.oeufs };
      out.push({ kind: 'collecte', id: m.id, day: m.date, calibres });
    } else out.push({ kind: m.genre, id: m.id, day: m.date, oeufs: Math.abs(m.oeufs), calibre: m.calibre });
  }
  return out;
}

/** This batch's egg exits still waiting on the device (not the refused ones: they are not written). */
export function sortiesEnAttente(entries: readonly OutboxEntry[], idBande: number): SortieOeufs[] {
  const out: SortieOeufs[] = [];
  for (const e of entries) {
    if (e.state !== 'pending' || !OEUFS_KINDS.has(e.kind) || e.bandeId !== idBande) continue;
    const b = e.body as Partial<CasseOeufsBody>;
    if (typeof b.quantite !== 'number' || !b.date) continue;
    out.push({ kind: e.kind === 'oeufs-casse' ? 'casse' : 'transfert', day: b.date, oeufs: versOeufs(b.quantite, b.unite), calibre: b.calibre ?? null });
  }
  return out;
}

/**
 * The refusal the server would give this exit (its 409, in its words), or null. `attente`: the
 * batch's exits waiting in the outbox, written before this one once the connection returns.
 */
export function refusSortieOeufs(stock: Pick<StockOeufsResponse, 'mouvements'>, attente: readonly SortieOeufs[], sortie: SortieOeufs): string | null {
  const vers = (s: SortieOeufs, i: number): MouvementOeufs => ({ kind: s.kind, id: -1 - i, day: s.day, oeufs: s.oeufs, calibre: s.calibre ?? null });
  const base = [...mouvementsDuStock(stock), ...attente.map(vers)];
  const manque = premierManqueAjoute(rejouerOeufs(base), rejouerOeufs([...base, vers(sortie, attente.length)]));
  return manque ? OEUFS_MSG.stockInsuffisant(manque.day, manque.calibre, manque.disponible, manque.demande) : null;
}

/** The product's units a quantity of eggs makes, or null when they do not make whole units. */
export function unitesProduit(oeufs: number, parUnite: number | null | undefined): number | null {
  if (!parUnite || parUnite <= 0 || !Number.isInteger(oeufs)) return null;
  return oeufs % parUnite === 0 ? oeufs / parUnite : null;
}
