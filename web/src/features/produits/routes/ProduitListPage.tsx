// Product list, the index of /produit (spec part 2 §2): Créer produit, plan-check widget, table
// nom, quantite, prix_cession, prix_vente with restock and edit actions, paginator 10/20/30.
// Publishing online belongs to the online-products issue and is added with it.
import { useState } from 'react';
import type { Produit } from '../../../../../shared/schemas/produits';
import { formatFcfa } from '../../../lib/format';
import { Alert } from '../../../lib/ui/Alert';
import { EmptyRow } from '../../../lib/ui/EmptyRow';
import { LIST_SIZES, Paginator, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useProduits } from '../api/get-produits';
import { ProduitDialog } from '../components/ProduitDialog';
import { ReapproDialog } from '../components/ReapproDialog';

type Dialog = { kind: 'produit'; produit: Produit | null } | { kind: 'reappro'; produit: Produit } | null;

export default function ProduitListPage() {
  const produits = useProduits();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [flash, showFlash] = useTimedMessage<string>();
  const { rows, pager } = usePaged(produits.data ?? [], LIST_SIZES);

  return (
    <>
      <PlanBanner />
      {flash && <Alert kind="success">{flash}</Alert>}
      <div className="card">
        <div className="card-toolbar">
          <h2>Liste des produits</h2>
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'produit', produit: null })}>
            Créer produit
          </button>
        </div>
        {produits.isError && <Alert kind="error">{(produits.error as Error).message}</Alert>}
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Nom</th>
                <th className="num">Quantité</th>
                <th className="num">Prix de cession</th>
                <th className="num">Prix de vente</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {produits.isLoading && <EmptyRow colSpan={5}>Chargement ...</EmptyRow>}
              {!produits.isLoading && rows.length === 0 && <EmptyRow colSpan={5}>Aucun produit</EmptyRow>}
              {rows.map((p) => (
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
                    <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'produit', produit: p })}>
                      Modifier
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Paginator {...pager} />
      </div>

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
    </>
  );
}
