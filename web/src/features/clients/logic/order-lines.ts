// Lines of the client order dialog (spec part 2 §5 "Customer order"): a product and a quantity
// of at least 1, the unit price read from the product's prix_vente, and a product already listed
// has its quantity replaced (not added, unlike the sale screen).

export interface OrderLine {
  id_produit: number;
  produit: string;
  quantite: number;
  prix_unitaire: number;
}

export function upsertOrderLine(lines: readonly OrderLine[], line: OrderLine): OrderLine[] {
  const i = lines.findIndex((l) => l.id_produit === line.id_produit);
  if (i < 0) return [...lines, line];
  return lines.map((l, j) => (j === i ? { ...l, quantite: line.quantite, prix_unitaire: line.prix_unitaire } : l));
}

export function orderTotal(lines: readonly OrderLine[]): number {
  return lines.reduce((s, l) => s + Math.round(l.prix_unitaire * l.quantite), 0);
}
