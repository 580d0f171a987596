// The product list's CSV export: one definition for its "Exporter CSV" button and for
// the reconciliation harness (tests/api/reconciliation), which checks each product's stock in it.
// An egg product's stock is said in eggs too (a number a spreadsheet sums, and trays and eggs as a
// farmer reads them): its units may be trays of 30, boxes of 12 or single eggs.
import type { Produit } from '@shared/schemas/produits';
import { formatPlateaux } from '@shared/formulas/oeufs';
import type { CsvColumn } from '../../../lib/csv';

const oeufsEnStock = (p: Produit): number | null => (p.oeufs_par_unite ? p.quantite * p.oeufs_par_unite : null);

export const PRODUITS_CSV: readonly CsvColumn<Produit>[] = [
  { label: 'Produit', value: (p) => p.nom },
  { label: 'Stock', value: (p) => p.quantite },
  { label: 'Œufs par unité', value: (p) => p.oeufs_par_unite ?? null },
  { label: 'Œufs en stock', value: oeufsEnStock },
  {
    label: 'Plateaux et œufs',
    value: (p) => {
      const n = oeufsEnStock(p);
      return n === null ? null : formatPlateaux(n);
    },
  },
  { label: 'Prix de cession (FCFA)', value: (p) => p.prix_cession },
  { label: 'Prix de vente (FCFA)', value: (p) => p.prix_vente },
];
