// Operator console, payments ledger: every payment of a month across businesses and providers, with
// its status, and the month's paid total.
import { useState } from 'react';
import { SERVICES, STATUS_LABEL } from '../../../../../shared/payments';
import { PLANS } from '../../../../../shared/plans';
import { formatDate, formatFcfa } from '../../../lib/format';
import { DataTable } from '../../../lib/ui/DataTable';
import { useLedger } from '../api/get-ledger';

const COLUMNS = [
  { label: 'Date' },
  { label: 'Entreprise' },
  { label: 'Référence' },
  { label: 'Plan' },
  { label: 'Montant', className: 'num' },
  { label: 'Service' },
  { label: 'Statut' },
];

export default function LedgerPage() {
  const [mois, setMois] = useState(() => new Date().toISOString().slice(0, 7));
  const ledger = useLedger(mois);
  const rows = ledger.data?.paiements ?? [];
  const paid = rows.filter((p) => p.status === 'SUCCESS').reduce((s, p) => s + p.montant, 0);
  return (
    <DataTable
      title="Paiements"
      toolbar={
        <div className="search-row" style={{ alignItems: 'center' }}>
          <label className="muted" htmlFor="op-mois">
            Mois
          </label>
          <input id="op-mois" type="month" value={mois} onChange={(e) => setMois(e.target.value)} style={{ maxWidth: 200 }} />
          <strong data-testid="op-ledger-total">Encaissé : {formatFcfa(paid)}</strong>
        </div>
      }
      columns={COLUMNS}
      page={{ rows }}
      loading={ledger.isLoading}
      error={ledger.error}
      empty="Aucun paiement ce mois-ci"
      testId="op-ledger"
      renderRow={(p) => (
        <tr key={`${p.id_entreprise}-${p.id}`}>
          <td>{formatDate(p.created_at)}</td>
          <td className="wrap">{p.entreprise}</td>
          <td>{p.reference}</td>
          <td>
            {PLANS[p.code_plan].nom} × {p.nb_mois} mois
          </td>
          <td className="num">{formatFcfa(p.montant)}</td>
          <td>{SERVICES[p.service].nom}</td>
          <td>
            <span className={p.status === 'SUCCESS' ? 'badge' : p.status === 'PENDING' ? 'badge badge-muted' : 'badge badge-danger'}>{STATUS_LABEL[p.status]}</span>
          </td>
        </tr>
      )}
    />
  );
}
