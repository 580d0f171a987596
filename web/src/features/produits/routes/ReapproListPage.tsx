// Restock list /produit/liste (spec part 2 §2): product, quantity, date; Annuler only while the
// restock is valid, after a confirmation; 'Reapprovisionnement annulé' or the spec's failure text.
import { SHOP_MSG } from '../../../../../shared/messages/shop';
import type { Reappro } from '../../../../../shared/schemas/produits';
import { formatDateTime } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useCancelReappro } from '../api/cancel-reappro';
import { useReappros } from '../api/get-reappros';

const COLUMNS = [{ label: 'Produit' }, { label: 'Quantité', className: 'num' }, { label: 'Date' }, { label: 'Actions' }];

/** An inventory adjustment shows its signed difference; a restock its quantity. */
const signed = (r: Reappro) => (r.etat === 'AJUSTEMENT' && r.quantite > 0 ? `+${r.quantite}` : String(r.quantite));

export default function ReapproListPage() {
  const reappros = useReappros();
  const cancel = useCancelReappro();
  const [flash, showFlash] = useTimedMessage<{ kind: 'success' | 'error'; text: string }>();
  const page = usePaged(reappros.data ?? [], LIST_SIZES);

  function onCancel(r: Reappro) {
    if (!window.confirm(`Annuler le réapprovisionnement de ${r.quantite} ${r.produit.nom} ?`)) return;
    cancel.mutate(r.id, {
      onSuccess: () => showFlash({ kind: 'success', text: SHOP_MSG.reapproCanceled }),
      onError: (err) =>
        showFlash({
          kind: 'error',
          // A refusal the user can act on (stock already sold) is worth showing as the server words it.
          text: err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 ? `${SHOP_MSG.reapproCancelFailed} : ${err.message}` : SHOP_MSG.reapproCancelFailed,
        }),
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
        renderRow={(r) => (
          <tr key={r.id}>
            <td>{r.produit.nom}</td>
            <td className="num">{signed(r)}</td>
            <td>{formatDateTime(r.created_at)}</td>
            <td className="actions">
              {r.etat === 'VALID' ? (
                <SubmitButton
                  type="button"
                  className="btn-small btn-danger"
                  pending={cancel.isPending && cancel.variables === r.id}
                  disabled={cancel.isPending}
                  onClick={() => onCancel(r)}
                >
                  Annuler
                </SubmitButton>
              ) : r.etat === 'AJUSTEMENT' ? (
                <span className="badge" title={`Stock ${r.avant} → ${r.apres}`}>
                  Ajustement : {r.motif}
                </span>
              ) : (
                <span className="badge badge-muted">Annulé</span>
              )}
            </td>
          </tr>
        )}
      />
    </>
  );
}
