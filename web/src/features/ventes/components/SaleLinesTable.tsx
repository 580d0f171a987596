// The sale's running total and its lines, each with its price after discount and a button that
// takes it out.
import { formatFcfa } from '../../../lib/format';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { lineTotal, priceAfterDiscount, saleTotal, type SaleLine } from '../logic/sale-lines';

const LINE_COLUMNS: Column<SaleLine>[] = [
  { label: 'Désignation', cell: (l) => l.produit, className: 'wrap' },
  { label: 'Quantité', cell: (l) => l.quantite, className: 'num' },
  { label: 'Prix après remise', cell: (l) => formatFcfa(priceAfterDiscount(l.prix_unitaire, l.type_remise, l.valeur_remise)), className: 'num' },
  { label: 'Total', cell: (l) => formatFcfa(lineTotal(l)), className: 'num' },
];

export function SaleLinesTable({ lines, onRemove }: { lines: SaleLine[]; onRemove: (idProduit: number) => void }) {
  return (
    <>
      <p className="total-line">
        Total : <strong data-testid="vente-total">{formatFcfa(saleTotal(lines))}</strong>
      </p>
      <DataTable
        bare
        columns={LINE_COLUMNS}
        page={{ rows: lines }}
        empty="Aucun produit ajouté"
        label="Produits de la vente"
        rowKey={(l) => l.id_produit}
        actions={(l) => (
          <button type="button" className="btn btn-small btn-danger" onClick={() => onRemove(l.id_produit)}>
            Supprimer
          </button>
        )}
      />
    </>
  );
}
