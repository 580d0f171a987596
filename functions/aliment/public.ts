// What other domains may use of the feed store (lint rule functions-cross-domain-through-public):
// the batches read each batch's kg and cost from the ledger (list, dashboard, detail), flock
// health's « À faire » reads the days of feed left and the water alert's share.
import { alimentDeBande, coutsDuJour, valeurConso } from '@shared/formulas/aliment';
import type { AlerteAliment, AlimentBande, ConsommationAliment } from '@shared/schemas/aliment';
import { getRegistre } from './repository/registre';
import { toConso } from './repository/consommations';
import { etatStock } from './stock';

/** Each batch that ate from the store: its kg and cost in whole FCFA (one read of the ledger). */
export async function alimentDesBandes(t: number): Promise<Map<number, { kg: number; cout: number }>> {
  const r = await getRegistre(t);
  const couts = coutsDuJour(r.jours);
  return new Map(Object.keys(r.bandes).map((id) => [Number(id), alimentDeBande(r.jours, r.bandes, Number(id), couts)]));
}

/**
 * A batch's feed from the store for its detail, from its CON# items read in its collection's Query
 * (`items`, raw) and one read of the ledger (the day costs); cancelled consumptions listed with
 * etat DELETED and left out of kg and cost.
 */
export async function alimentDUneBande(t: number, bandeId: number, nom: string, items: readonly Record<string, any>[]): Promise<AlimentBande> {
  const r = await getRegistre(t);
  const couts = coutsDuJour(r.jours);
  const consommations: ConsommationAliment[] = items
    .map(toConso)
    .map(({ version: _v, deleted_at: _d, ...c }) => ({ ...c, nom_bande: nom, valeur: valeurConso(c.kg, c.date, couts) }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  return { ...alimentDeBande(r.jours, r.bandes, bandeId, couts), consommations };
}

/**
 * « À faire »'s reading of the store, from ONE read of the ledger: the feed alert (the days of feed
 * left under the business's threshold; null: none) and the business's share of a drop in water
 * that raises the water alert (decision 0242), kept on the same item so the route reads no more.
 */
export async function alerteAliment(t: number, today: string): Promise<{ alerte: AlerteAliment | null; baisse_eau_pct: number }> {
  const r = await getRegistre(t);
  const baisse_eau_pct = r.baisse_eau_pct;
  if (!r.version || !Object.keys(r.bandes).length) return { alerte: null, baisse_eau_pct };
  const s = await etatStock(t, r, today);
  const alerte =
    s.jours_restants !== null && s.jours_restants < s.seuil_jours
      ? { stock_kg: s.stock_kg, jours_restants: s.jours_restants, seuil_jours: s.seuil_jours }
      : null;
  return { alerte, baisse_eau_pct };
}
