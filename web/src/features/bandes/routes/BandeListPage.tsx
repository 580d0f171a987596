// Batch list /bande (spec part 1 §2): plan-check banner, create button, table (name, birds,
// type, start date dd/mm/yyyy, actions details/edit), paginator 10/20/30, create/edit dialog.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BandeSummary } from '../../../../../shared/schemas/bandes';
import { formatDate } from '../../../lib/format';
import { DataTable } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useBandes } from '../api/get-bandes';
import { BandeDialog } from '../components/BandeDialog';
import { BANDES_CSV } from '../logic/csv';
import '../bandes.css';
import { OfflineNote } from '../../../lib/offline/OfflineNote';

const COLUMNS = [
  { label: 'Nom' },
  { label: 'Nombre de sujets', className: 'num' },
  { label: 'Type' },
  { label: 'Date de démarrage' },
  { label: 'Actions' },
];

export default function BandeListPage() {
  const bandes = useBandes();
  const [dialog, setDialog] = useState<{ bande: BandeSummary | null } | null>(null);
  const [flash, showFlash] = useTimedMessage<string>();
  // The spec ignores list load errors: the table stays empty.
  const page = usePaged(bandes.data ?? [], LIST_SIZES);

  return (
    <section className="page ui-page bd-page">
      <PlanBanner />
      <div className="page-header">
        <h1>Bandes</h1>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ bande: null })}>
          Nouvelle bande
        </button>
      </div>
      <OfflineNote updatedAt={bandes.dataUpdatedAt} />
      {flash && (
        <div className="alert alert-success" role="status">
          {flash}
        </div>
      )}
      <DataTable
        columns={COLUMNS}
        page={page}
        testId="table-bandes"
        csv={{
          filename: 'bandes',
          rows: bandes.data ?? [],
          columns: BANDES_CSV,
        }}
        loading={bandes.isLoading}
        empty="Aucune bande pour le moment"
        renderRow={(b) => (
          <tr key={b.id}>
            <td>
              <Link to={`/bande/${b.id}`}>{b.nom}</Link>
              {b.statut === 'CLOTUREE' && <span className="badge badge-muted bd-inline-badge">Clôturée</span>}
            </td>
            <td className="num">{b.nb_sujet}</td>
            <td>{b.type}</td>
            <td>{formatDate(b.date_demarage)}</td>
            <td className="actions">
              <Link className="btn btn-small" to={`/bande/${b.id}`}>
                Détails
              </Link>
              {b.statut === 'ACTIVE' && (
                <button type="button" className="btn btn-small" onClick={() => setDialog({ bande: b })}>
                  Modifier
                </button>
              )}
            </td>
          </tr>
        )}
      />
      {dialog && (
        <BandeDialog
          bande={dialog.bande}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showFlash(dialog.bande ? 'Bande modifiée' : 'Bande créée');
          }}
        />
      )}
    </section>
  );
}
