// Operator console, revenue: subscriptions by state and plan, and what was paid month by month over
// the last twelve months (a bar per month, drawn in CSS: no chart library for one figure).
import { PLANS, type PlanCode } from '@shared/plans';
import { formatFcfa } from '../../../lib/format';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { StatCard } from '../../../lib/ui/StatCard';
import { useRevenus } from '../api/get-revenus';

const MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];
const monthLabel = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;

type Mois = { mois: string; paiements: number; montant: number };
const columns = (max: number): Column<Mois>[] => [
  { label: 'Mois', cell: (m) => monthLabel(m.mois) },
  { label: 'Paiements', cell: (m) => m.paiements, className: 'num' },
  { label: 'Montant', cell: (m) => formatFcfa(m.montant), className: 'num' },
  {
    // A bar per month, drawn in CSS; decorative (the amount is the column before).
    label: 'Part du meilleur mois',
    hideLabel: true,
    card: 'hide',
    cell: (m) => (
      <div style={{ height: 10, borderRadius: 5, background: 'var(--primary)', width: `${(m.montant / max) * 100}%`, minWidth: 2 }} aria-hidden="true" />
    ),
    className: 'op-bar',
  },
];

export default function RevenusPage() {
  const rev = useRevenus();
  const a = rev.data?.abonnements;
  const months = rev.data ? [...rev.data.mois].reverse() : [];
  const max = Math.max(1, ...months.map((m) => m.montant));
  const total = months.reduce((s, m) => s + m.montant, 0);
  return (
    <>
      <div className="stat-cards">
        <StatCard label="Abonnements payés actifs" value={a?.actifs ?? '–'} testId="op-actifs">
          {a && <span className="muted small">{(Object.keys(PLANS) as PlanCode[]).map((c) => `${PLANS[c].nom} ${a.par_plan[c]}`).join(' · ')}</span>}
        </StatCard>
        <StatCard label="En essai" value={a?.essais ?? '–'} />
        <StatCard label="Expirés" value={a?.expires ?? '–'} />
        <StatCard label="Suspendus" value={a?.suspendus ?? '–'} />
        <StatCard label="Encaissé sur 12 mois" value={formatFcfa(total)} testId="op-total-12" />
      </div>
      <DataTable
        title="Revenus par mois"
        columns={columns(max)}
        rowKey={(m) => m.mois}
        page={{ rows: months }}
        loading={rev.isLoading}
        error={rev.error}
        testId="op-revenus"
      />
    </>
  );
}
