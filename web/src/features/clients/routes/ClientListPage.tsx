// Client list /client (spec part 2 §2): plan-check banner, cards (client count, total
// receivable), new-client button, search (first name, name or phone, ignoring case and spaces),
// table with edit and order actions, paginator 10/20/30, the client and client-order dialogs.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_MSG } from '../../../../../shared/messages/shop';
import type { Client } from '../../../../../shared/schemas/clients';
import type { Commande } from '../../../../../shared/schemas/commandes';
import { formatFcfa } from '../../../lib/format';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { StatCard } from '../../../lib/ui/StatCard';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useClients } from '../api/get-clients';
import { ClientDialog } from '../components/ClientDialog';
import { ClientOrderDialog } from '../components/ClientOrderDialog';
import { filterClients, totalCreance } from '../logic/clientSearch';
import { OfflineNote } from '../../../lib/offline/OfflineNote';
import { formatPhone } from '../../../../../shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';

const COLUMNS = [
  { label: 'Nom' },
  { label: 'N° de compte' },
  { label: 'Créance', className: 'num' },
  { label: 'Téléphone' },
  { label: 'Email' },
  { label: 'Actions' },
];

type Dialog = { kind: 'client'; client: Client | null } | { kind: 'order'; client: Client } | null;

export default function ClientListPage() {
  const clients = useClients();
  const phoneCountry = usePhoneCountry();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [flash, showFlash] = useTimedMessage<{ text: string; commande?: Commande }>(8000);
  const all = useMemo(() => clients.data ?? [], [clients.data]);
  const shown = useMemo(() => filterClients(all, search), [all, search]);
  const page = usePaged(shown, LIST_SIZES);

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

      {flash && (
        <Alert kind="success">
          {flash.text}
          {flash.commande && (
            <>
              {' '}
              — <Link to={`/commande/${flash.commande.numero_commande}`}>voir la commande {flash.commande.numero_commande}</Link>
            </>
          )}
        </Alert>
      )}

      <div className="stat-cards">
        <StatCard label="Clients" value={all.length} testId="clients-count" />
        <StatCard label="Total des créances" value={formatFcfa(totalCreance(all))} testId="clients-creance" />
      </div>

      <DataTable
        toolbar={
          <input
            type="search"
            className="search-input"
            placeholder="Rechercher par prénom, nom ou téléphone"
            aria-label="Rechercher un client"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        }
        columns={COLUMNS}
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
        empty={search ? 'Aucun client ne correspond à la recherche' : 'Aucun client'}
        renderRow={(c) => (
          <tr key={c.id}>
            <td>
              {c.prenom} {c.nom}
            </td>
            <td>{c.numero_compte}</td>
            <td className="num">{formatFcfa(c.creance)}</td>
            <td>{formatPhone(c.telephone, phoneCountry)}</td>
            <td>{c.email ?? ''}</td>
            <td className="actions">
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'client', client: c })}>
                Modifier
              </button>
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'order', client: c })}>
                Commande
              </button>
            </td>
          </tr>
        )}
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
      {dialog?.kind === 'order' && (
        <ClientOrderDialog
          client={dialog.client}
          onClose={() => setDialog(null)}
          onSaved={(commande) => {
            setDialog(null);
            showFlash({ text: SHOP_MSG.commandeSaved, commande });
          }}
        />
      )}
    </section>
  );
}
