// The product lines of a receipt or an invoice: product, quantity, unit price, line
// total. One table for both documents; a cancelled receipt line shows its mark and no total. A
// line may carry a detail under its product (an egg product's eggs, « 2 plateaux = 60 œufs »)
// and its discount (« Prix catalogue 3 500 FCFA · Remise 12,5 % · payé 3 063 FCFA l'unité »).
import { formatFcfa, formatNumber } from '../../../lib/format';

export interface DocLine {
  key: number;
  produit: string;
  quantite: number;
  prix_unitaire: number;
  /** null: the line counts for nothing (cancelled), shown as "—". */
  total: number | null;
  /** A second line under the product's name. */
  detail?: string;
  /** A discounted line: its catalogue price, its discount and the unit price paid. */
  remise?: string;
}

export function DocLines({ lines }: { lines: readonly DocLine[] }) {
  return (
    <table className="doc-table">
      <thead>
        <tr>
          <th>Produit</th>
          <th className="num">Qté</th>
          <th className="num">Prix unitaire</th>
          <th className="num">Total</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.key}>
            <td>
              {l.produit}
              {l.detail && <span className="doc-line-detail">{l.detail}</span>}
              {l.remise && (
                <span className="doc-line-detail" data-testid="doc-remise">
                  {l.remise}
                </span>
              )}
            </td>
            <td className="num">{formatNumber(l.quantite)}</td>
            <td className="num">{formatFcfa(l.prix_unitaire)}</td>
            <td className="num">{l.total === null ? '—' : formatFcfa(l.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
