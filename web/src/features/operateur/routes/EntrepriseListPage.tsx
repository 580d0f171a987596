// Operator console, businesses: plan, trial or paid, end date, usage against the plan's limits, last
// activity, and the manual actions (extend, suspend, reactivate). No business record beyond these.
import { frenchCountry } from '../../../lib/countries';
import { useState } from 'react';
import type { EntrepriseOperateur } from '@shared/schemas/operateur';
import { formatDate, formatNumber } from '../../../lib/format';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useEntreprises } from '../api/get-entreprises';
import { ActionDialog, type ActionKind } from '../components/ActionDialog';

const usage = (used: number, max: number | null) => `${formatNumber(used)} / ${max === null ? '∞' : formatNumber(max)}`;

function State({ e }: { e: EntrepriseOperateur }) {
  if (e.suspendu) return <span className="badge badge-danger">Suspendu</span>;
  if (!e.actif) return <span className="badge badge-danger">Expiré</span>;
  if (e.essai) return <span className="badge badge-muted">Essai</span>;
  // An operator's extension is offered, not paid; a period older than the record of its
  // origin is only known to be active.
  if (e.origine === 'operateur') return <span className="badge badge-muted">Prolongé par l'opérateur</span>;
  if (e.origine === 'paiement') return <span className="badge">Payé</span>;
  return <span className="badge">Actif</span>;
}

const COLUMNS: Column<EntrepriseOperateur>[] = [
  {
    label: 'Entreprise',
    cell: (e) => (
      <>
        <strong>{e.nom}</strong>
        <div className="muted small">
          n° {e.id} · {frenchCountry(e.pays)} · depuis le {formatDate(e.created_at)}
        </div>
      </>
    ),
    className: 'wrap',
  },
  {
    label: 'Abonnement',
    cell: (e) => (
      <>
        {e.plan} <State e={e} />
        <div className="muted small">jusqu'au {formatDate(e.valid_until)}</div>
      </>
    ),
  },
  {
    label: 'Utilisation / limites',
    cell: (e) => (
      <>
        <div>Utilisateurs {usage(e.usage.utilisateurs, e.limites.utilisateurs)}</div>
        <div>Boutiques {usage(e.usage.boutiques, e.limites.boutiques)}</div>
        <div>Sujets {usage(e.usage.sujets_actifs, e.limites.sujets)}</div>
      </>
    ),
    className: 'small',
  },
  { label: 'Dernière activité', cell: (e) => (e.derniere_activite ? formatDate(e.derniere_activite) : 'jamais') },
];

export default function EntrepriseListPage() {
  const list = useEntreprises();
  const [dialog, setDialog] = useState<{ kind: ActionKind; e: EntrepriseOperateur } | null>(null);
  const [flash, showFlash] = useTimedMessage<string>();
  const rows = list.data?.pages.flatMap((p) => p.entreprises) ?? [];

  return (
    <>
      {flash && <Alert kind="success">{flash}</Alert>}
      <DataTable
        title="Entreprises"
        columns={COLUMNS}
        page={{ rows }}
        loading={list.isLoading}
        error={list.error}
        empty="Aucune entreprise"
        testId="op-entreprises"
        rowKey={(e) => e.id}
        actions={(e) => (
          <>
            <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'prolonger', e })}>
              Prolonger
            </button>
            {e.suspendu ? (
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'reactiver', e })}>
                Réactiver
              </button>
            ) : (
              <button type="button" className="btn btn-small btn-danger" onClick={() => setDialog({ kind: 'suspendre', e })}>
                Suspendre
              </button>
            )}
          </>
        )}
      />
      {list.hasNextPage && (
        <div className="ui-paginator">
          <button type="button" className="btn" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? 'Chargement…' : 'Afficher plus'}
          </button>
        </div>
      )}
      {dialog && (
        <ActionDialog
          kind={dialog.kind}
          entreprise={dialog.e}
          onClose={() => setDialog(null)}
          onDone={(m) => {
            setDialog(null);
            showFlash(m);
          }}
        />
      )}
    </>
  );
}
