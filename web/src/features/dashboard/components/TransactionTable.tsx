// The dashboard's per-service transaction table (spec part 1 §2: service, nombre, reussite,
// pending, failed, volume), fed from the business's subscription payments in the searched range.
// Like the rest of the dashboard, a load failure leaves it as it was (spec §7).
import { formatFcfa } from '../../../lib/format';
import { DataTable } from '../../../lib/ui/DataTable';
import { useTransactions } from '../api/get-transactions';

const COLUMNS = [
  { label: 'Service' },
  { label: 'Nombre', className: 'num' },
  { label: 'Réussite', className: 'num' },
  { label: 'En attente', className: 'num' },
  { label: 'Échec', className: 'num' },
  { label: 'Volume', className: 'num' },
];

export function TransactionTable({ range }: { range: { start: string; end: string } | null }) {
  const tx = useTransactions(range);
  return (
    // The shared table look applies inside .ui-page; the dashboard page itself predates it.
    <div className="ui-page">
      <DataTable
        title="Transactions par service"
        columns={COLUMNS}
        page={{ rows: tx.data?.services ?? [] }}
        loading={tx.isLoading}
        empty="Aucune transaction sur la période"
        testId="dash-transactions"
        renderRow={(s) => (
          <tr key={s.code_service}>
            <td>{s.service}</td>
            <td className="num">{s.nombre}</td>
            <td className="num">{s.reussite}</td>
            <td className="num">{s.pending}</td>
            <td className="num">{s.failed}</td>
            <td className="num">{formatFcfa(s.volume)}</td>
          </tr>
        )}
      />
    </div>
  );
}
