// Slaughter list /abatage (spec part 2 §2): quantity, number of categories, date, with Détails
// (dialog) and Modifier (/newabatage/{id}); a button records a new slaughter.
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Abattage } from '../../../../../shared/schemas/abattages';
import { formatDate, formatNumber } from '../../../lib/format';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { useAbattages } from '../api/abattages';
import { AbattageDetails } from '../components/AbattageDetails';

const COLUMNS: Column<Abattage>[] = [
  { label: 'Quantité', cell: (a) => formatNumber(a.quantite), className: 'num' },
  { label: 'Bande', cell: (a) => a.bande.nom, card: 'title' },
  { label: 'Catégories', cell: (a) => a.categories.length, className: 'num' },
  { label: 'Date', cell: (a) => formatDate(a.date), card: 'title' },
];

export default function AbattageListPage() {
  const abatages = useAbattages();
  const page = usePaged(abatages.data ?? [], LIST_SIZES);
  const [details, setDetails] = useState<Abattage | null>(null);
  const flash = (useLocation().state as { flash?: string } | null)?.flash;
  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>Abattage</h1>
        <Link className="btn btn-primary" to="/newabatage">
          Nouvel abattage
        </Link>
      </div>
      {flash && <Alert kind="success">{flash}</Alert>}
      <DataTable
        columns={COLUMNS}
        page={page}
        error={abatages.error}
        loading={abatages.isLoading}
        empty="Aucun abattage"
        testId="abatages-table"
        label="Abattages"
        rowKey={(a) => a.id}
        actions={(a) => (
          <>
            <button type="button" className="btn btn-small" onClick={() => setDetails(a)}>
              Détails
            </button>
            <Link className="btn btn-small" to={`/newabatage/${a.id}`}>
              Modifier
            </Link>
          </>
        )}
      />
      {details && <AbattageDetails abatage={details} onClose={() => setDetails(null)} />}
    </section>
  );
}
