// Where a sales-ledger line comes from, as the history, its CSV and the receipts name it.
import type { VenteLigne } from '@shared/schemas/ventes';

export function origine(v: Pick<VenteLigne, 'source' | 'numero_commande'>): string {
  if (v.source === 'COMMANDE') return `Commande ${v.numero_commande ?? ''}`.trim();
  if (v.source === 'ECOMMERCE') return `Commande en ligne ${v.numero_commande ?? ''}`.trim();
  return 'Vente en boutique';
}
