// Repayments /versement (spec part 2 §2): Enregistrer remboursement, plan check, table client,
// montant, date, etat and Annuler (hidden once CANCELED, after a confirmation), paginator 10/20/30.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_MSG } from '../../../../../shared/messages/shop';
import type { Versement } from '../../../../../shared/schemas/versements';
import { formatDateTime, formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { QUEUED_MESSAGE } from '../../../lib/offline/outbox';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable } from '../../../lib/ui/DataTable';
import { ETAT_VERSEMENT as ETAT, VERSEMENTS_CSV } from '../logic/csv';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useCancelVersement } from '../api/cancel-versement';
import { useVersements } from '../api/get-versements';
import { VersementDialog } from '../components/VersementDialog';
import '../versements.css';

const COLUMNS = [{ label: 'Client' }, { label: 'Montant', className: 'num' }, { label: 'Date' }, { label: 'État' }, { label: 'Actions', hideLabel: true }];

export default function VersementListPage() {
  const versements = useVersements();
  const cancel = useCancelVersement();
  const [open, setOpen] = useState(false);
  // The last repayment saved: its receipt one click away (issue 11).
  const [lastId, setLastId] = useState<number | null>(null);
  const [flash, showFlash] = useTimedMessage<{ kind: 'success' | 'error'; text: string }>();
  const page = usePaged(versements.data ?? [], LIST_SIZES);

  function onCancel(v: Versement) {
    const who = v.client ? `${v.client.prenom} ${v.client.nom}` : 'ce client';
    if (!window.confirm(`Annuler le versement de ${formatFcfa(v.montant)} de ${who} ?`)) return;
    cancel.mutate(v.id, {
      onSuccess: () => showFlash({ kind: 'success', text: SHOP_MSG.versementCanceled }),
      onError: (err) => showFlash({ kind: 'error', text: serverMessage(err, 'Erreur') }),
    });
  }

  return (
    <section className="page ui-page">
      <PlanBanner />
      <div className="page-header">
        <h1>Remboursements</h1>
        <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
          Enregistrer remboursement
        </button>
      </div>
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      <PendingEntries filter={(e) => e.kind === 'versement'} title="Remboursements non envoyés" />
      {lastId !== null && (
        <p className="receipt-link">
          <Link className="btn btn-small" to={`/recu/versement/${lastId}`} data-testid="recu-versement-link">
            Imprimer le reçu du remboursement
          </Link>
        </p>
      )}
      <DataTable
        columns={COLUMNS}
        page={page}
        error={versements.error}
        csv={{
          filename: 'remboursements',
          rows: versements.data ?? [],
          columns: VERSEMENTS_CSV,
        }}
        loading={versements.isLoading}
        empty="Aucun remboursement"
        renderRow={(v) => (
          <tr key={v.id}>
            <td>{v.client ? `${v.client.prenom} ${v.client.nom}` : ''}</td>
            <td className="num">{formatFcfa(v.montant)}</td>
            <td>{formatDateTime(v.created_at)}</td>
            <td>
              <span className={v.etat === 'CANCELED' ? 'badge badge-danger' : 'badge'}>{ETAT[v.etat] ?? v.etat}</span>
            </td>
            <td className="actions">
              <Link className="btn btn-small" to={`/recu/versement/${v.id}`} aria-label={`Reçu du remboursement ${v.id}`}>
                Reçu
              </Link>
              {v.etat !== 'CANCELED' && (
                <SubmitButton
                  type="button"
                  className="btn-small btn-danger"
                  pending={cancel.isPending && cancel.variables === v.id}
                  disabled={cancel.isPending}
                  onClick={() => onCancel(v)}
                >
                  Annuler
                </SubmitButton>
              )}
            </td>
          </tr>
        )}
      />
      {open && (
        <VersementDialog
          onClose={() => setOpen(false)}
          onSaved={(r) => {
            setOpen(false);
            // A repayment typed offline waits in the outbox: no receipt until the server has it.
            if (r) setLastId(r.versement.id);
            showFlash({ kind: 'success', text: r ? SHOP_MSG.versementSaved : QUEUED_MESSAGE });
          }}
        />
      )}
    </section>
  );
}
