// Operator console, audit log: every manual change of a subscription, who made it, why, and the
// subscription before and after.
import { PLANS, type PlanCode } from '../../../../../shared/plans';
import type { JournalEntry } from '../../../../../shared/schemas/operator';
import { formatDate, formatDateTime } from '../../../lib/format';
import { DataTable } from '../../../lib/ui/DataTable';
import { useJournal } from '../api/get-journal';

const ACTION: Record<JournalEntry['action'], string> = { prolonger: 'Prolongation', suspendre: 'Suspension', reactiver: 'Réactivation' };
const state = (s: JournalEntry['avant']) => `${PLANS[s.plan as PlanCode]?.nom ?? s.plan} jusqu'au ${formatDate(s.valid_until)}${s.suspendu ? ' (suspendu)' : ''}`;

const COLUMNS = [{ label: 'Date' }, { label: 'Entreprise', className: 'num' }, { label: 'Action et motif' }, { label: 'Avant → après' }, { label: 'Opérateur' }];

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
      renderRow={(e) => (
        <tr key={`${e.date}-${e.id_entreprise}`}>
          <td>{formatDateTime(e.date)}</td>
          <td className="num">n° {e.id_entreprise}</td>
          <td className="wrap">
            <strong>{ACTION[e.action]}</strong>
            <div>{e.motif}</div>
          </td>
          <td className="small">
            <div>{state(e.avant)}</div>
            <div>→ {state(e.apres)}</div>
          </td>
          <td className="wrap small">{e.operateur}</td>
        </tr>
      )}
    />
  );
}
