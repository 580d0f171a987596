// Operator console, audit log: every manual change of a subscription, who made it, why, and the
// subscription before and after.
import { PLANS, type PlanCode } from '@shared/plans';
import type { JournalEntry } from '@shared/schemas/operateur';
import { formatDate, formatDateTime } from '../../../lib/format';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { useJournal } from '../api/get-journal';

const ACTION: Record<JournalEntry['action'], string> = { prolonger: 'Prolongation', suspendre: 'Suspension', reactiver: 'Réactivation' };
// An extension is offered, never a payment; a trial's says so.
const actionLabel = (e: JournalEntry) =>
  e.action === 'prolonger' ? (e.avant.essai ? "Prolongation de l'essai (offerte, sans paiement)" : 'Prolongation (offerte, sans paiement)') : ACTION[e.action];
const state = (s: JournalEntry['avant']) =>
  `${PLANS[s.plan as PlanCode]?.nom ?? s.plan}${s.essai ? ' (essai)' : ''} jusqu'au ${formatDate(s.valid_until)}${s.suspendu ? ' (suspendu)' : ''}`;

const COLUMNS: Column<JournalEntry>[] = [
  { label: 'Date', cell: (e) => formatDateTime(e.date) },
  { label: 'Entreprise', cell: (e) => `n° ${e.id_entreprise}`, className: 'num' },
  {
    label: 'Action et motif',
    cell: (e) => (
      <>
        <strong>{actionLabel(e)}</strong>
        <div>{e.motif}</div>
      </>
    ),
    className: 'wrap',
  },
  {
    label: 'Avant → après',
    cell: (e) => (
      <>
        <div>{state(e.avant)}</div>
        <div>→ {state(e.apres)}</div>
      </>
    ),
    className: 'small',
  },
  { label: 'Opérateur', cell: (e) => e.operateur, className: 'wrap small' },
];

export default function JournalPage() {
  const log = useJournal();
  return (
    <DataTable
      title="Journal des modifications"
      columns={COLUMNS}
      page={{ rows: log.data?.entrees ?? [] }}
      loading={log.isLoading}
      error={log.error}
      empty="Aucune modification"
      testId="op-journal"
      rowKey={(e) => `${e.date}-${e.id_entreprise}`}
    />
  );
}
