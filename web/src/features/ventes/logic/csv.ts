// The sales history's CSV export: one definition for its "Exporter CSV" button and for
// the reconciliation harness (tests/api/reconciliation), which builds the same file from the API's
// answer and checks its lines and turnover against its model.
import type { VenteLigne } from '@shared/schemas/ventes';
import { formatPlateaux } from '@shared/formulas/oeufs';
import type { CsvColumn } from '../../../lib/csv';
import { SHOP_MSG } from '@shared/messages/shop';
import { origine } from './origine';

export const ETAT_VENTE: Record<string, string> = { VALID: 'Valide', DELETED: 'Annulée' };

/**
 * The columns, a line of an egg product saying its eggs too (a number, and trays and eggs): the
 * eggs per unit are the product's (`oeufsParUnite`, read from the products when the user may read
 * them; a line carries none of its own, as on the receipt). Without it those columns stay empty.
 */
export function ventesCsv(oeufsParUnite: (idProduit: number) => number | null | undefined = () => null): readonly CsvColumn<VenteLigne>[] {
  const oeufs = (v: VenteLigne): number | null => {
    const n = oeufsParUnite(v.id_produit);
    return n ? v.quantite * n : null;
  };
  return [
    { label: 'Date', value: (v) => v.created_at, date: true },
    { label: 'Boutique', value: (v) => v.boutique.nom },
    { label: 'Produit', value: (v) => v.produit },
    { label: 'Prix unitaire (FCFA)', value: (v) => v.prix_unitaire },
    { label: 'Quantité', value: (v) => v.quantite },
    { label: 'Total (FCFA)', value: (v) => v.total },
    { label: 'Type', value: (v) => SHOP_MSG.saleType[v.type] ?? v.type },
    { label: 'État', value: (v) => ETAT_VENTE[v.etat] ?? v.etat },
    { label: 'Client', value: (v) => (v.client ? `${v.client.prenom} ${v.client.nom}` : '') },
    { label: 'Origine', value: (v) => origine(v) },
    { label: 'Œufs', value: oeufs },
    {
      label: 'Plateaux et œufs',
      value: (v) => {
        const n = oeufs(v);
        return n === null ? null : formatPlateaux(n);
      },
    },
  ];
}

export const VENTES_CSV = ventesCsv();
