// Batch list /bande (spec part 1 §2): plan-check banner, create button, table (name, birds,
// type, start date dd/mm/yyyy, actions details/edit), paginator 10/20/30, create/edit dialog.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BandeSummary } from '../../../../../shared/schemas/bandes';
import { formatDate } from '../../../lib/format';
import { EmptyRow } from '../../../lib/ui/EmptyRow';
import { LIST_SIZES, Paginator, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useBandes } from '../api/get-bandes';
import { BandeDialog } from '../components/BandeDialog';
import '../bandes.css';

export default function BandeListPage() {
  const bandes = useBandes();
  const [dialog, setDialog] = useState<{ bande: BandeSummary | null } | null>(null);
  const [flash, showFlash] = useTimedMessage<string>();
  // The spec ignores list load errors: the table stays empty.
  const { rows, pager } = usePaged(bandes.data ?? [], LIST_SIZES);

  return (
    <section className="page ui-page bd-page">
      <PlanBanner />
      <div className="page-header">
        <h1>Bandes</h1>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ bande: null })}>
          Nouvelle bande
        </button>
      </div>
      {flash && (
        <div className="alert alert-success" role="status">
          {flash}
        </div>
      )}
      <div className="card">
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Nom</th>
                <th className="num">Nombre de sujets</th>
                <th>Type</th>
                <th>Date de démarrage</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {bandes.isLoading && <EmptyRow colSpan={5}>Chargement ...</EmptyRow>}
              {!bandes.isLoading && rows.length === 0 && <EmptyRow colSpan={5}>Aucune bande pour le moment</EmptyRow>}
              {rows.map((b) => (
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
              ))}
            </tbody>
          </table>
        </div>
        <Paginator {...pager} />
      </div>
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
