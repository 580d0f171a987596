// The product list's CSV export: one definition for its "Exporter CSV" button and for
// the reconciliation harness (tests/api/reconciliation), which checks each product's stock in it.
import type { Produit } from '@shared/schemas/produits';
import type { CsvColumn } from '../../../lib/csv';

export const PRODUITS_CSV: readonly CsvColumn<Produit>[] = [
  { label: 'Produit', value: (p) => p.nom },
  { label: 'Stock', value: (p) => p.quantite },
  { label: 'Prix de cession (FCFA)', value: (p) => p.prix_cession },
  { label: 'Prix de vente (FCFA)', value: (p) => p.prix_vente },
];
