// Product list, the index of /produit (spec part 2 §2): Créer produit, plan-check widget, table
// nom, quantite, prix_cession, prix_vente with restock and edit actions, paginator 10/20/30.
// Publishing online belongs to the online-products issue and is added with it.
import { useState } from 'react';
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

const COLUMNS = [
  { label: 'Nom' },
  { label: 'Quantité', className: 'num' },
  { label: 'Prix de cession', className: 'num' },
  { label: 'Prix de vente', className: 'num' },
  { label: 'Actions' },
];

type Dialog = { kind: 'produit'; produit: Produit | null } | { kind: 'reappro'; produit: Produit } | null;

export default function ProduitListPage() {
  const produits = useProduits();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [flash, showFlash] = useTimedMessage<string>();
  const page = usePaged(produits.data ?? [], LIST_SIZES);

  return (
    <>
      <PlanBanner />
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
          columns: [
            { label: 'Produit', value: (p) => p.nom },
            { label: 'Stock', value: (p) => p.quantite },
            { label: 'Prix de cession (FCFA)', value: (p) => p.prix_cession },
            { label: 'Prix de vente (FCFA)', value: (p) => p.prix_vente },
          ],
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
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'produit', produit: p })}>
                Modifier
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
