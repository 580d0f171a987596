// The order list's CSV export: one definition for its "Exporter CSV" button and for the
// reconciliation harness (tests/api/reconciliation), which checks its amounts and states.
import type { Commande } from '@shared/schemas/commandes';
import type { CsvColumn } from '../../../lib/csv';
import { ETAT_LIVRAISON, ETAT_PAIEMENT } from './labels';

export const COMMANDES_CSV: readonly CsvColumn<Commande>[] = [
  { label: 'Numéro', value: (c) => c.numero_commande },
  { label: 'Client', value: (c) => (c.client ? `${c.client.prenom} ${c.client.nom}` : '') },
  { label: 'Montant (FCFA)', value: (c) => c.montant_total },
  { label: 'Paiement', value: (c) => ETAT_PAIEMENT[c.etat_paiement] ?? c.etat_paiement },
  { label: 'Livraison', value: (c) => ETAT_LIVRAISON[c.etat_livraison] ?? c.etat_livraison },
];
