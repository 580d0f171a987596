// The sales history's CSV export: one definition for its "Exporter CSV" button and for
// the reconciliation harness (tests/api/reconciliation), which builds the same file from the API's
// answer and checks its lines and turnover against its model.
import type { VenteLigne } from '@shared/schemas/ventes';
import type { CsvColumn } from '../../../lib/csv';
import { SHOP_MSG } from '@shared/messages/shop';
import { origine } from './origine';

export const ETAT_VENTE: Record<string, string> = { VALID: 'Valide', DELETED: 'Annulée' };

export const VENTES_CSV: readonly CsvColumn<VenteLigne>[] = [
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
];
