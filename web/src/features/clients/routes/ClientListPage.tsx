// Client list /client (spec part 2 §2): plan-check banner, cards (client count, total
// receivable), new-client button, search (first name, name or phone, ignoring case and spaces),
// table with edit and order actions, paginator 10/20/30, the client and client-order dialogs.
// On a phone each client is a card with all its actions; a client made by mistake who
// owes nothing is archived (out of the list and the sale screen's lookup, history kept) and
// restored from "Afficher les archivés". « Relevé » opens the client's statement.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_MSG } from '@shared/messages/shop';
import { PARTAGE_ECRAN } from '@shared/messages/partage-ecran';
import type { Client } from '@shared/schemas/clients';
import type { Commande } from '@shared/schemas/commandes';
import { formatFcfa } from '../../../lib/format';
import { Alert } from '../../../lib/ui/Alert';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { serverMessage } from '../../../lib/http';
import { ArchivedBadge, ArchiveFilter } from '../../../lib/ui/ArchiveFilter';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { useArchiverClient } from '../api/archiver-client';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { StatCard } from '../../../lib/ui/StatCard';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useClients } from '../api/get-clients';
import { ClientDialog, clientDraftKey } from '../components/ClientDialog';
import { hasDraft } from '../../../lib/use-draft';
import { ClientOrderDialog } from '../components/ClientOrderDialog';
import { filterClients, totalCreance } from '../logic/client-search';
import { OfflineNote } from '../../../lib/offline/OfflineNote';
import { formatPhone } from '@shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';

const columns = (phoneCountry: Parameters<typeof formatPhone>[1]): Column<Client>[] => [
  {
    label: 'Nom',
    cell: (c) => (
      <>
        {c.prenom} {c.nom}
        {c.archive && (
          <>
            {' '}
            <ArchivedBadge />
          </>
        )}
      </>
    ),
    className: 'wrap',
  },
  { label: 'N° de compte', cell: (c) => c.numero_compte },
  { label: 'Créance', cell: (c) => formatFcfa(c.creance), className: 'num' },
  { label: 'Téléphone', cell: (c) => formatPhone(c.telephone, phoneCountry) },
  { label: 'Email', cell: (c) => c.email ?? '', className: 'cell-break' },
];

type Dialog = { kind: 'client'; client: Client | null } | { kind: 'order'; client: Client } | null;

export default function ClientListPage() {
  const [archives, setArchives] = useState(false);
  const clients = useClients(archives);
  const archiver = useArchiverClient();
  const [ask, setAsk] = useState<Client | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const phoneCountry = usePhoneCountry();
  const [search, setSearch] = useState('');
  // A creation left unsaved before a reload opens again with its draft.
  const [dialog, setDialog] = useState<Dialog>(() => (hasDraft(clientDraftKey()) ? { kind: 'client', client: null } : null));
  const [flash, showFlash] = useTimedMessage<{ text: string }>();
  // The order just saved keeps its link on the page, as a sale keeps its receipt's: a link inside
  // the timed confirmation was gone after its seconds, before a slow hand or a loaded phone reached it.
  const [lastOrder, setLastOrder] = useState<Commande | null>(null);
  const all = useMemo(() => clients.data ?? [], [clients.data]);
  const shown = useMemo(() => filterClients(all, search), [all, search]);
  const page = usePaged(shown, LIST_SIZES);
  // The cards count the clients in use: archived ones (shown on demand) owe nothing and are left out.
  const actifs = useMemo(() => all.filter((c) => !c.archive), [all]);

  function onArchive(c: Client, archive: boolean) {
    setAskError(null);
    setRestoreError(null);
    archiver.mutate(
      { id: c.id, archive },
      {
        onSuccess: () => (setAsk(null), showFlash({ text: archive ? ARCHIVE_MSG.clientArchived : ARCHIVE_MSG.clientRestored })),
        onError: (err) => {
          const text = serverMessage(err, ARCHIVE_MSG.failed);
          if (archive) setAskError(text);
          else setRestoreError(text);
        },
      },
    );
  }

  return (
    <section className="page ui-page">
      <PlanBanner />
      <div className="page-header">
        <h1>Clients</h1>
        <div className="page-actions">
          <Link className="btn" to="/commande">
            Commandes
          </Link>
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'client', client: null })}>
            Nouveau client
          </button>
        </div>
      </div>

      <OfflineNote updatedAt={clients.dataUpdatedAt} />

      {flash && <Alert kind="success">{flash.text}</Alert>}
      {lastOrder && (
        <p className="receipt-link">
          <Link className="btn btn-small" to={`/commande/${lastOrder.numero_commande}`} data-testid="commande-link">
            Voir la commande {lastOrder.numero_commande}
          </Link>
        </p>
      )}

      <div className="stat-cards">
        <StatCard label="Clients" value={actifs.length} testId="clients-count" />
        <StatCard label="Total des créances" value={formatFcfa(totalCreance(all))} testId="clients-creance" />
      </div>

      {restoreError && <Alert kind="error">{restoreError}</Alert>}
      <DataTable
        toolbar={
          <>
            <input
              type="search"
              className="search-input"
              placeholder="Rechercher par prénom, nom ou téléphone"
              aria-label="Rechercher un client"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <ArchiveFilter checked={archives} onChange={setArchives} testId="clients-archives" />
          </>
        }
        columns={columns(phoneCountry)}
        label="Clients"
        testId="table-clients"
        rowKey={(c) => c.id}
        rowClassName={(c) => (c.archive ? 'row-archived' : undefined)}
        actions={(c) =>
          c.archive ? (
            <button type="button" className="btn btn-small" disabled={archiver.isPending} onClick={() => onArchive(c, false)}>
              Restaurer
            </button>
          ) : (
            <>
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'client', client: c })}>
                Modifier
              </button>
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'order', client: c })}>
                Commande
              </button>
              <Link className="btn btn-small" to={`/client/${c.id}/releve`} aria-label={`${PARTAGE_ECRAN.releveBouton} : ${c.prenom} ${c.nom}`}>
                {PARTAGE_ECRAN.releveBouton}
              </Link>
              <button type="button" className="btn btn-small" onClick={() => (setAskError(null), setAsk(c))}>
                Archiver
              </button>
            </>
          )
        }
        page={page}
        error={clients.error}
        csv={{
          filename: 'clients',
          rows: shown,
          columns: [
            { label: 'Prénom', value: (c) => c.prenom },
            { label: 'Nom', value: (c) => c.nom },
            { label: 'Numéro de compte', value: (c) => c.numero_compte },
            { label: 'Créance (FCFA)', value: (c) => c.creance },
            // With its code and its country's grouping (+225 07 07 07 07 07): shared/phone.ts.
            { label: 'Téléphone', value: (c) => formatPhone(c.telephone, phoneCountry) },
            { label: 'Email', value: (c) => c.email ?? '' },
          ],
        }}
        loading={clients.isLoading}
        empty={
          search
            ? 'Aucun client ne correspond à la recherche'
            : archives
              ? 'Aucun client'
              : 'Aucun client pour le moment : ajoutez le premier avec « Nouveau client ».'
        }
      />

      {dialog?.kind === 'client' && (
        <ClientDialog
          client={dialog.client}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showFlash({ text: dialog.client ? 'Client modifié' : 'Client enregistré' });
          }}
        />
      )}
      {ask && (
        <ConfirmDialog
          title="Archiver le client"
          question={`Archiver ${ask.prenom} ${ask.nom} ? Ce client ne figurera plus dans cette liste ni dans les choix de la vente ; ses ventes, commandes et remboursements restent dans l'historique. Vous pourrez le restaurer avec « Afficher les archivés ».`}
          confirmLabel="Oui, archiver"
          pending={archiver.isPending}
          error={askError}
          onConfirm={() => onArchive(ask, true)}
          onClose={() => setAsk(null)}
        />
      )}
      {dialog?.kind === 'order' && (
        <ClientOrderDialog
          client={dialog.client}
          onClose={() => setDialog(null)}
          onSaved={(commande) => {
            setDialog(null);
            setLastOrder(commande);
            showFlash({ text: SHOP_MSG.commandeSaved });
          }}
        />
      )}
    </section>
  );
}
