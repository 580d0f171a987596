// The dashboard's per-service transaction table (spec part 1 §2: service, nombre, reussite,
// pending, failed, volume), fed from the business's subscription payments in the searched range.
// Like the rest of the dashboard, a load failure leaves it as it was (spec §7).
import { formatFcfa } from '../../../lib/format';
import type { TransactionsResponse } from '@shared/schemas/paiements';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { useTransactions } from '../api/get-transactions';

const COLUMNS: Column<TransactionsResponse['services'][number]>[] = [
  { label: 'Service', cell: (s) => s.service },
  { label: 'Nombre', cell: (s) => s.nombre, className: 'num' },
  { label: 'Réussite', cell: (s) => s.reussite, className: 'num' },
  { label: 'En attente', cell: (s) => s.pending, className: 'num' },
  { label: 'Échec', cell: (s) => s.failed, className: 'num' },
  { label: 'Volume', cell: (s) => formatFcfa(s.volume), className: 'num' },
];

export function TransactionsParService({ range }: { range: { start: string; end: string } | null }) {
  const tx = useTransactions(range);
  // These are the business's own subscription payments (Orange Money, Wave…), not its
  // sales; a farmer who paid nothing in the period has nothing to read here, so the table stays
  // hidden rather than showing an empty grid, and says what it is when shown.
  const rows = tx.data?.services ?? [];
  // Nothing shown; `data-lu` says the answer came (a check that the grid stays away waits for it).
  if (rows.length === 0) return <span hidden data-testid="dash-transactions-vide" data-lu={tx.isFetched ? '' : undefined} />;
  return (
    // The shared table look applies inside .ui-page; the dashboard page itself predates it.
    <div className="ui-page">
      <DataTable
        title="Transactions par service"
        columns={COLUMNS}
        page={{ rows }}
        loading={tx.isLoading}
        empty="Aucune transaction sur la période"
        testId="dash-transactions"
        rowKey={(s) => s.code_service}
      />
      <p className="muted" data-testid="dash-transactions-aide">
        Les paiements de votre abonnement Ganaar sur la période, par moyen de paiement (ce ne sont pas vos ventes).
      </p>
    </div>
  );
}
