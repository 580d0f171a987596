// Operator console, payments ledger: every payment of a month across businesses and providers, with
// its status, and the month's paid total.
import { useState } from 'react';
import { SERVICES, STATUS_LABEL } from '@shared/paiements';
import { PLANS } from '@shared/plans';
import { formatDate, formatFcfa } from '../../../lib/format';
import type { PaiementOperateur } from '@shared/schemas/operateur';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { useLedger } from '../api/get-ledger';

const COLUMNS: Column<PaiementOperateur>[] = [
  { label: 'Date', cell: (p) => formatDate(p.created_at) },
  { label: 'Entreprise', cell: (p) => p.entreprise, className: 'wrap', card: 'title' },
  { label: 'Référence', cell: (p) => p.reference, className: 'cell-break' },
  { label: 'Plan', cell: (p) => `${PLANS[p.code_plan].nom} × ${p.nb_mois} mois` },
  { label: 'Montant', cell: (p) => formatFcfa(p.montant), className: 'num' },
  { label: 'Service', cell: (p) => SERVICES[p.service].nom },
  {
    label: 'Statut',
    cell: (p) => (
      <span className={p.status === 'SUCCESS' ? 'badge' : p.status === 'PENDING' ? 'badge badge-muted' : 'badge badge-danger'}>{STATUS_LABEL[p.status]}</span>
    ),
  },
];

export default function PaiementListPage() {
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
      rowKey={(p) => `${p.id_entreprise}-${p.id}`}
    />
  );
}
