// Operator console, businesses: plan, trial or paid, end date, usage against the plan's limits, last
// activity, and the manual actions (extend, suspend, reactivate). No business record beyond these.
import { frenchCountry } from '../../../lib/countries';
import { useState } from 'react';
import type { EntrepriseOperateur } from '../../../../../shared/schemas/operator';
import { formatDate, formatNumber } from '../../../lib/format';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable } from '../../../lib/ui/DataTable';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useEntreprises } from '../api/get-entreprises';
import { ActionDialog, type ActionKind } from '../components/ActionDialog';

const COLUMNS = [{ label: 'Entreprise' }, { label: 'Abonnement' }, { label: 'Utilisation / limites' }, { label: 'Dernière activité' }, { label: 'Actions', hideLabel: true }];

const usage = (used: number, max: number | null) => `${formatNumber(used)} / ${max === null ? '∞' : formatNumber(max)}`;

function State({ e }: { e: EntrepriseOperateur }) {
  if (e.suspendu) return <span className="badge badge-danger">Suspendu</span>;
  if (!e.actif) return <span className="badge badge-danger">Expiré</span>;
  if (e.essai) return <span className="badge badge-muted">Essai</span>;
  return <span className="badge">Payé</span>;
}

export default function EntreprisesPage() {
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
        renderRow={(e) => (
          <tr key={e.id}>
            <td className="wrap">
              <strong>{e.nom}</strong>
              <div className="muted small">
                n° {e.id} · {frenchCountry(e.pays)} · depuis le {formatDate(e.created_at)}
              </div>
            </td>
            <td>
              {e.plan} <State e={e} />
              <div className="muted small">jusqu'au {formatDate(e.valid_until)}</div>
            </td>
            <td className="small">
              <div>Utilisateurs {usage(e.usage.utilisateurs, e.limites.utilisateurs)}</div>
              <div>Boutiques {usage(e.usage.boutiques, e.limites.boutiques)}</div>
              <div>Sujets {usage(e.usage.sujets_actifs, e.limites.sujets)}</div>
            </td>
            <td>{e.derniere_activite ? formatDate(e.derniere_activite) : 'jamais'}</td>
            <td className="actions op-actions">
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
            </td>
          </tr>
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
