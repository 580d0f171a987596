// The repayment list's CSV export: one definition for its "Exporter CSV" button and for
// the reconciliation harness (tests/api/reconciliation), which checks its amounts and states.
import type { Versement } from '@shared/schemas/versements';
import type { CsvColumn } from '../../../lib/csv';

export const ETAT_VERSEMENT: Record<string, string> = { VALID: 'Valide', CANCELED: 'Annulé' };

export const VERSEMENTS_CSV: readonly CsvColumn<Versement>[] = [
  { label: 'Client', value: (v) => (v.client ? `${v.client.prenom} ${v.client.nom}` : '') },
  { label: 'Montant (FCFA)', value: (v) => v.montant },
  { label: 'Date', value: (v) => v.created_at, date: true },
  { label: 'État', value: (v) => ETAT_VERSEMENT[v.etat] ?? v.etat },
];
