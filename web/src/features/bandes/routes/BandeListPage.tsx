// Batch list /bande (spec part 1 §2): plan-check banner, create button, table (name, birds,
// type, start date dd/mm/yyyy, actions details/edit), paginator 10/20/30, create/edit dialog.
// On a phone each batch is a card; a batch made by mistake can be archived (it leaves
// this list, the pickers and the dashboard's production figures; its money stays in the period's,
// decision 0215) and restored from "Afficher les
// archivés".
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import type { BandeSummary } from '@shared/schemas/bandes';
import { TYPE_BANDE } from '@shared/messages/bandes';
import { formatDate } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { ArchivedBadge, ArchiveFilter } from '../../../lib/ui/ArchiveFilter';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useBandes } from '../api/get-bandes';
import { archiverBande, useBandeMutation } from '../api/mutations';
import { BandeDialog, bandeDraftKey } from '../components/BandeDialog';
import { BANDES_CSV } from '../logic/csv';
import { hasDraft } from '../../../lib/use-draft';
import '../bandes.css';
import { OfflineNote } from '../../../lib/offline/OfflineNote';

const COLUMNS: Column<BandeSummary>[] = [
  {
    label: 'Nom',
    cell: (b) => (
      <>
        <Link to={`/bande/${b.id}`}>{b.nom}</Link>
        {b.statut === 'CLOTUREE' && <span className="badge badge-muted bd-inline-badge">Clôturée</span>}
        {b.archive && (
          <>
            {' '}
            <ArchivedBadge feminine />
          </>
        )}
      </>
    ),
    className: 'wrap',
  },
  { label: 'Nombre de sujets', cell: (b) => b.nb_sujet, className: 'num' },
  { label: 'Type', cell: (b) => TYPE_BANDE[b.type] ?? b.type },
  { label: 'Date de démarrage', cell: (b) => formatDate(b.date_demarage) },
];

/** What archiving a batch does, said before it is done. */
const archiveQuestion = (b: BandeSummary) =>
  `Archiver la bande « ${b.nom} » ? Elle ne figurera plus dans cette liste ni dans les choix des ventes et des abattages ; elle ne compte plus dans les bandes, sujets, mortalité et coût du tableau de bord, mais ses dépenses et ventes restent dans l'argent de la période.` +
  (b.statut === 'ACTIVE' ? " Tant qu'elle est archivée, elle ne reçoit aucune saisie et ses sujets ne comptent plus dans votre abonnement." : '') +
  ' Vous pourrez la restaurer avec « Afficher les archivés ».';

export default function BandeListPage() {
  const [archives, setArchives] = useState(false);
  const bandes = useBandes(archives);
  // A creation left unsaved before a reload opens again with its draft.
  const [dialog, setDialog] = useState<{ bande: BandeSummary | null } | null>(() => (hasDraft(bandeDraftKey()) ? { bande: null } : null));
  const [ask, setAsk] = useState<BandeSummary | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const archiver = useBandeMutation(archiverBande);
  const [flash, showFlash] = useTimedMessage<string>();
  // A batch deleted from its page comes back here saying so (DeleteBandeDialog), once: the
  // history entry forgets it, so a reload does not say it again.
  const arrived = (useLocation().state as { flash?: string } | null)?.flash;
  const navigate = useNavigate();
  useEffect(() => {
    if (!arrived) return;
    showFlash(arrived);
    navigate('.', { replace: true, state: null });
  }, [arrived, showFlash, navigate]);
  // The spec ignores list load errors: the table stays empty.
  const page = usePaged(bandes.data ?? [], LIST_SIZES);

  function toggleArchive(b: BandeSummary, archive: boolean) {
    setAskError(null);
    archiver.mutate(
      { id: b.id, archive },
      {
        onSuccess: () => (setAsk(null), showFlash(archive ? ARCHIVE_MSG.bandeArchived : ARCHIVE_MSG.bandeRestored)),
        // The server says why (the plan's limit when restoring an active batch…).
        onError: (err) => setAskError(serverMessage(err, ARCHIVE_MSG.failed)),
      },
    );
  }

  return (
    <section className="page ui-page bd-page">
      <PlanBanner />
      <div className="page-header">
        <h1>Bandes</h1>
        <div className="page-actions">
          <Link className="btn" to="/tournee" data-testid="tournee-lien">
            Tournée du jour
          </Link>
          <Link className="btn" to="/sante/plans" data-testid="plans-sante">
            Plans de santé
          </Link>
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ bande: null })}>
            Nouvelle bande
          </button>
        </div>
      </div>
      <OfflineNote updatedAt={bandes.dataUpdatedAt} />
      {flash && (
        <div className="alert alert-success" role="status">
          {flash}
        </div>
      )}
      {askError && !ask && (
        <div className="alert alert-error" role="alert">
          {askError}
        </div>
      )}
      <DataTable
        columns={COLUMNS}
        page={page}
        testId="table-bandes"
        label="Bandes"
        toolbar={<ArchiveFilter checked={archives} onChange={setArchives} testId="bandes-archives" />}
        rowKey={(b) => b.id}
        rowClassName={(b) => (b.archive ? 'row-archived' : undefined)}
        actions={(b) => (
          <>
            <Link className="btn btn-small" to={`/bande/${b.id}`}>
              Détails
            </Link>
            {b.statut === 'ACTIVE' && !b.archive && (
              <button type="button" className="btn btn-small" onClick={() => setDialog({ bande: b })}>
                Modifier
              </button>
            )}
            {b.archive ? (
              <button type="button" className="btn btn-small" disabled={archiver.isPending} onClick={() => toggleArchive(b, false)}>
                Restaurer
              </button>
            ) : (
              <button type="button" className="btn btn-small" onClick={() => (setAskError(null), setAsk(b))}>
                Archiver
              </button>
            )}
          </>
        )}
        csv={{
          filename: 'bandes',
          rows: bandes.data ?? [],
          columns: BANDES_CSV,
        }}
        loading={bandes.isLoading}
        empty={archives ? 'Aucune bande' : 'Aucune bande pour le moment : créez la première avec « Nouvelle bande ».'}
      />
      {dialog && (
        <BandeDialog
          bande={dialog.bande}
          // The list knows the running totals only: a batch with weighings or collections alone is
          // refused by the server when its type changes (decision 0216).
          typeFixe={
            !!dialog.bande &&
            !!(dialog.bande.nb_perte || dialog.bande.nb_vendu || dialog.bande.depense || dialog.bande.chiffre_affaire || dialog.bande.nb_abattu)
          }
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showFlash(dialog.bande ? 'Bande modifiée' : 'Bande créée');
          }}
        />
      )}
      {ask && (
        <ConfirmDialog
          title="Archiver la bande"
          question={archiveQuestion(ask)}
          confirmLabel="Oui, archiver"
          pending={archiver.isPending}
          error={askError}
          onConfirm={() => toggleArchive(ask, true)}
          onClose={() => setAsk(null)}
        />
      )}
    </section>
  );
}
