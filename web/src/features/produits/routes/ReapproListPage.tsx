// Restock list /produit/liste (spec part 2 §2): product, quantity, date; Annuler only while the
// restock is valid, after a confirmation; 'Réapprovisionnement annulé' or the spec's failure text.
// A restock of origin « Production » (eggs sent from a flock, birds of a slaughter) says
// where it came from and has no Annuler: it is cancelled at its source, which takes back the flock's
// side in the same transaction (the server refuses its cancel here with a 400 anyway).
import { useState } from 'react';
import { SHOP_MSG } from '@shared/messages/shop';
import { PRODUCTION_MSG } from '@shared/messages/production';
import type { Reappro } from '@shared/schemas/produits';
import { formatDateTime } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { Alert } from '../../../lib/ui/Alert';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useCancelReappro } from '../api/cancel-reappro';
import { useReappros } from '../api/get-reappros';

/** An inventory adjustment shows its signed difference; a restock its quantity. */
const signed = (r: Reappro) => (r.etat === 'AJUSTEMENT' && r.quantite > 0 ? `+${r.quantite}` : String(r.quantite));

const COLUMNS: Column<Reappro>[] = [
  { label: 'Produit', cell: (r) => r.produit.nom, className: 'wrap' },
  { label: 'Quantité', cell: signed, className: 'num' },
  {
    label: 'Origine',
    cell: (r) =>
      r.origine === 'PRODUCTION' && r.source ? (
        <span title={SHOP_MSG.reapproProduction(r.source.type)}>
          <span className="badge">Production</span> {PRODUCTION_MSG.sourceProduction(r.source)}
        </span>
      ) : r.etat === 'AJUSTEMENT' ? (
        PRODUCTION_MSG.origineInventaire
      ) : (
        PRODUCTION_MSG.origineSaisie
      ),
    className: 'wrap',
    testId: (r) => `origine-${r.id}`,
  },
  { label: 'Date', cell: (r) => formatDateTime(r.created_at) },
  {
    label: 'État',
    cell: (r) =>
      r.etat === 'AJUSTEMENT' ? (
        <span className="badge" title={`Stock ${r.avant} → ${r.apres}`}>
          Ajustement : {r.motif}
        </span>
      ) : r.etat === 'CANCELED' ? (
        <span className="badge badge-muted">Annulé</span>
      ) : (
        <span className="badge">Valide</span>
      ),
  },
];

export default function ReapproListPage() {
  const reappros = useReappros();
  const cancel = useCancelReappro();
  const [flash, showFlash] = useTimedMessage<{ kind: 'success' | 'error'; text: string }>();
  const page = usePaged(reappros.data ?? [], LIST_SIZES);
  // The restock whose cancel is being confirmed (the app's dialog, never the browser's confirm()).
  const [ask, setAsk] = useState<Reappro | null>(null);

  function onCancel(r: Reappro) {
    cancel.mutate(r.id, {
      onSuccess: () => (setAsk(null), showFlash({ kind: 'success', text: SHOP_MSG.reapproCanceled })),
      onError: (err) => {
        setAsk(null);
        showFlash({
          kind: 'error',
          // A refusal the user can act on (stock already sold) is worth showing as the server words it.
          text: serverMessage(err, SHOP_MSG.reapproCancelFailed, { prefixed: true }),
        });
      },
    });
  }

  return (
    <>
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      <DataTable
        title="Liste des réapprovisionnements"
        columns={COLUMNS}
        page={page}
        error={reappros.error}
        loading={reappros.isLoading}
        empty="Aucun réapprovisionnement"
        rowKey={(r) => r.id}
        actions={(r) =>
          r.etat === 'VALID' &&
          r.origine !== 'PRODUCTION' && (
            <SubmitButton
              type="button"
              className="btn-small btn-danger"
              pending={cancel.isPending && cancel.variables === r.id}
              disabled={cancel.isPending}
              onClick={() => setAsk(r)}
            >
              Annuler
            </SubmitButton>
          )
        }
      />
      {ask && (
        <ConfirmDialog
          title="Annuler le réapprovisionnement"
          question={`Annuler le réapprovisionnement de ${ask.quantite} ${ask.produit.nom} ?`}
          pending={cancel.isPending}
          error={null}
          onConfirm={() => onCancel(ask)}
          onClose={() => setAsk(null)}
        />
      )}
    </>
  );
}
