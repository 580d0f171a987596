// Online product list /produit/online (spec part 2 §2): code, product name, price, etat; publier
// when not ACTIVE (the "mise en ligne", within the plan's number of online products) and modifier.
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import { smallImage, type ProduitEcom } from '@shared/schemas/ecommerce';
import { formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useDepublierEcom, useProduitsEcom, usePublierEcom } from '../api/ecom';
import { ProduitEcomDialog } from '../components/ProduitEcomDialog';
import '../produits-ecom.css';

const COLUMNS: Column<ProduitEcom>[] = [
  {
    label: 'Photo',
    hideLabel: true,
    cell: (p) => p.images[0] && <img className="ecom-thumb" src={smallImage(p.images[0])} alt="" width={48} height={36} loading="lazy" />,
    card: 'title',
  },
  { label: 'Code', cell: (p) => p.code_produit },
  { label: 'Produit', cell: (p) => p.nom_produit, className: 'wrap', card: 'title' },
  { label: 'Prix', cell: (p) => formatFcfa(p.prix_unitaire), className: 'num' },
  {
    label: 'État',
    cell: (p) => <span className={p.etat === 'ACTIVE' ? 'badge badge-success' : 'badge badge-muted'}>{p.etat === 'ACTIVE' ? 'En ligne' : 'Non publié'}</span>,
  },
];

export default function ProduitEcomListPage() {
  const list = useProduitsEcom();
  const publier = usePublierEcom();
  const depublier = useDepublierEcom();
  const [editing, setEditing] = useState<ProduitEcom | null>(null);
  const [flash, showFlash] = useTimedMessage<{ kind: 'success' | 'error'; text: string }>();
  const page = usePaged(list.data ?? [], LIST_SIZES);
  // Arriving from the product list after adding one (spec §8: the message, then this list).
  const arrived = (useLocation().state as { flash?: string } | null)?.flash;

  function onPublish(p: ProduitEcom) {
    publier.mutate(p.id, {
      onSuccess: () => showFlash({ kind: 'success', text: ECOM_MSG.published }),
      // 422: the plan's limit, whose message says so; anything else: the spec's message.
      onError: (err) => showFlash({ kind: 'error', text: serverMessage(err, ECOM_MSG.publishFailed) }),
    });
  }

  function onUnpublish(p: ProduitEcom) {
    depublier.mutate(p.id, {
      onSuccess: () => showFlash({ kind: 'success', text: ECOM_MSG.unpublished }),
      onError: (err) => showFlash({ kind: 'error', text: serverMessage(err, ECOM_MSG.publishFailed) }),
    });
  }

  return (
    <>
      <PlanBanner />
      {flash ? <Alert kind={flash.kind}>{flash.text}</Alert> : arrived && <Alert kind="success">{arrived}</Alert>}
      <DataTable
        title="Produits en ligne"
        columns={COLUMNS}
        page={page}
        error={list.error}
        loading={list.isLoading}
        empty="Aucun produit en ligne : mettez un produit en ligne depuis la liste des produits."
        testId="ecom-produits"
        label="Produits en ligne"
        rowKey={(p) => p.id}
        actions={(p) => (
          <>
            {p.etat !== 'ACTIVE' && (
              <SubmitButton
                type="button"
                className="btn-small btn-primary"
                pending={publier.isPending && publier.variables === p.id}
                disabled={publier.isPending}
                onClick={() => onPublish(p)}
              >
                Publier
              </SubmitButton>
            )}
            {p.etat === 'ACTIVE' && (
              <SubmitButton
                type="button"
                className="btn-small"
                pending={depublier.isPending && depublier.variables === p.id}
                disabled={depublier.isPending}
                onClick={() => onUnpublish(p)}
              >
                Retirer de la vitrine
              </SubmitButton>
            )}
            <button type="button" className="btn btn-small" onClick={() => setEditing(p)}>
              Modifier
            </button>
          </>
        )}
      />
      {editing && (
        <ProduitEcomDialog
          existing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showFlash({ kind: 'success', text: ECOM_MSG.updated });
          }}
        />
      )}
    </>
  );
}
