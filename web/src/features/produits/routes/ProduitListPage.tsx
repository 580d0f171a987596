// Product list, the index of /produit (spec part 2 §2): Créer produit, plan-check widget, table
// nom, quantite, prix_cession, prix_vente with restock, edit and publish-online actions,
// paginator 10/20/30.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ECOM_MSG } from '../../../../../shared/messages/ecommerce';
import type { Produit } from '../../../../../shared/schemas/produits';
import { formatFcfa } from '../../../lib/format';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useProduits } from '../api/get-produits';
import { ProduitDialog } from '../components/ProduitDialog';
import { ReapproDialog } from '../components/ReapproDialog';
import { AJUSTEMENT_SAVED, AjustementDialog } from '../components/AjustementDialog';
import { ProduitEcomDialog } from '../components/ProduitEcomDialog';
import { OfflineNote } from '../../../lib/offline/OfflineNote';
import { PRODUITS_CSV } from '../logic/csv';

const COLUMNS = [
  { label: 'Nom' },
  { label: 'Quantité', className: 'num' },
  { label: 'Prix de cession', className: 'num' },
  { label: 'Prix de vente', className: 'num' },
  { label: 'Actions' },
];

type Dialog = { kind: 'produit'; produit: Produit | null } | { kind: 'reappro' | 'ajustement'; produit: Produit } | { kind: 'ecom'; produit: Produit } | null;

export default function ProduitListPage() {
  const produits = useProduits();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [flash, showFlash] = useTimedMessage<string>();
  const page = usePaged(produits.data ?? [], LIST_SIZES);
  const navigate = useNavigate();

  return (
    <>
      <PlanBanner />
      <OfflineNote updatedAt={produits.dataUpdatedAt} />
      {flash && <Alert kind="success">{flash}</Alert>}
      <DataTable
        title="Liste des produits"
        toolbar={
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'produit', produit: null })}>
            Créer produit
          </button>
        }
        columns={COLUMNS}
        page={page}
        error={produits.error}
        csv={{
          filename: 'produits-stock',
          rows: produits.data ?? [],
          columns: PRODUITS_CSV,
        }}
        loading={produits.isLoading}
        empty="Aucun produit"
        renderRow={(p) => (
          <tr key={p.id}>
            <td>{p.nom}</td>
            <td className="num" data-testid={`stock-${p.id}`}>
              {p.quantite}
            </td>
            <td className="num">{formatFcfa(p.prix_cession)}</td>
            <td className="num">{formatFcfa(p.prix_vente)}</td>
            <td className="actions">
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'reappro', produit: p })}>
                Réapprovisionner
              </button>
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'ajustement', produit: p })}>
                Ajuster
              </button>
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'produit', produit: p })}>
                Modifier
              </button>
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'ecom', produit: p })}>
                Mettre en ligne
              </button>
            </td>
          </tr>
        )}
      />

      {dialog?.kind === 'produit' && (
        <ProduitDialog
          produit={dialog.produit}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showFlash(dialog.produit ? 'Produit modifié' : 'Produit créé');
          }}
        />
      )}
      {dialog?.kind === 'ecom' && (
        <ProduitEcomDialog
          produit={dialog.produit}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            // Spec §8: the message, then the online product list (where Publier is).
            navigate('/produit/online', { state: { flash: ECOM_MSG.added } });
          }}
        />
      )}
      {dialog?.kind === 'reappro' && (
        <ReapproDialog
          produit={dialog.produit}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showFlash('Réapprovisionnement enregistré');
          }}
        />
      )}
      {dialog?.kind === 'ajustement' && (
        <AjustementDialog
          produit={dialog.produit}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showFlash(AJUSTEMENT_SAVED);
          }}
        />
      )}
    </>
  );
}
