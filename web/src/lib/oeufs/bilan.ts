// « Où sont allés les œufs »: the lines of a layer flock's egg balance, from the
// stock's answer: collected, sold from the batch, sent to each shop product, broken or lost, held
// apart (collected inside an egg withdrawal) and in stock. One list for the eggs page and the batch
// report (« Où est allée la production »), so both say the same figures in the same words.
import type { StockOeufsResponse } from '@shared/schemas/oeufs';

export interface LigneBilan {
  /** A stable key (a testid on screen). */
  cle: string;
  libelle: string;
  oeufs: number;
  /** A product's units (a move's line). */
  unites?: number;
}

export function lignesBilan(s: Pick<StockOeufsResponse, 'bilan' | 'non_commercialisables' | 'stock_oeufs'>): LigneBilan[] {
  return [
    { cle: 'collectes', libelle: 'Collectés', oeufs: s.bilan.collectes },
    { cle: 'vendus', libelle: 'Vendus par la bande', oeufs: s.bilan.vendus },
    ...s.bilan.par_produit.map((p) => ({ cle: `produit-${p.id_produit}`, libelle: `Envoyés à « ${p.nom} »`, oeufs: p.oeufs, unites: p.unites })),
    { cle: 'casses', libelle: 'Cassés ou perdus', oeufs: s.bilan.casses },
    { cle: 'ecartes', libelle: 'Mis à l’écart (retrait sanitaire)', oeufs: s.non_commercialisables },
    { cle: 'stock', libelle: 'En stock', oeufs: s.stock_oeufs },
  ];
}
