// Repayments /versement (spec part 2 §2): Enregistrer remboursement, plan check, table client,
// montant, date, etat and Annuler (hidden once CANCELED, after a confirmation), paginator 10/20/30.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_MSG } from '@shared/messages/shop';
import { de } from '@shared/messages/elision';
import type { Versement } from '@shared/schemas/versements';
import { formatDateTime, formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { SYNC_MSG } from '@shared/messages/sync';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import { Alert } from '../../../lib/ui/Alert';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { ETAT_VERSEMENT as ETAT, VERSEMENTS_CSV } from '../logic/csv';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useCancelVersement } from '../api/cancel-versement';
import { useVersements } from '../api/get-versements';
import { VersementDialog } from '../components/VersementDialog';
import '../versements.css';
import { MSG } from '@shared/messages/acces';

const clientName = (v: Versement) => (v.client ? `${v.client.prenom} ${v.client.nom}` : '');
const COLUMNS: Column<Versement>[] = [
  { label: 'Client', cell: clientName },
  { label: 'Montant', cell: (v) => formatFcfa(v.montant), className: 'num' },
  { label: 'Date', cell: (v) => formatDateTime(v.created_at) },
  { label: 'État', cell: (v) => <span className={v.etat === 'CANCELED' ? 'badge badge-danger' : 'badge'}>{ETAT[v.etat] ?? v.etat}</span> },
];

export default function VersementListPage() {
  const versements = useVersements();
  const cancel = useCancelVersement();
  const [open, setOpen] = useState(false);
  // The last repayment saved: its receipt one click away.
  const [lastId, setLastId] = useState<number | null>(null);
  const [flash, showFlash] = useTimedMessage<{ kind: 'success' | 'error'; text: string }>();
  const page = usePaged(versements.data ?? [], LIST_SIZES);

  // The repayment whose cancel is being confirmed (the app's dialog, never the browser's confirm()).
  const [ask, setAsk] = useState<Versement | null>(null);

  function onCancel(v: Versement) {
    cancel.mutate(v.id, {
      onSuccess: () => (setAsk(null), showFlash({ kind: 'success', text: SHOP_MSG.versementCanceled })),
      onError: (err) => (setAsk(null), showFlash({ kind: 'error', text: serverMessage(err, MSG.erreur) })),
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
        label="Remboursements"
        rowKey={(v) => v.id}
        actions={(v) => (
          <>
            <Link className="btn btn-small" to={`/recu/versement/${v.id}`} aria-label={`Reçu du remboursement ${v.id}`}>
              Reçu
            </Link>
            {v.etat !== 'CANCELED' && (
              <SubmitButton
                type="button"
                className="btn-small btn-danger"
                pending={cancel.isPending && cancel.variables === v.id}
                disabled={cancel.isPending}
                onClick={() => setAsk(v)}
              >
                Annuler
              </SubmitButton>
            )}
          </>
        )}
      />
      {ask && (
        <ConfirmDialog
          title="Annuler le remboursement"
          question={`Annuler le versement de ${formatFcfa(ask.montant)} ${clientName(ask) ? de(clientName(ask)) : 'de ce client'} ?`}
          pending={cancel.isPending}
          error={null}
          onConfirm={() => onCancel(ask)}
          onClose={() => setAsk(null)}
        />
      )}
      {open && (
        <VersementDialog
          onClose={() => setOpen(false)}
          onSaved={(r) => {
            setOpen(false);
            // A repayment typed offline waits in the outbox: no receipt until the server has it.
            if (r) setLastId(r.versement.id);
            showFlash({ kind: 'success', text: r ? SHOP_MSG.versementSaved : SYNC_MSG.queued });
          }}
        />
      )}
    </section>
  );
}
