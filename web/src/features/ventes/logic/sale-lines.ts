// Pure rules of the sale being built (spec part 2 §5 "Sale line"): product search, discount,
// stock check, merge of a product already listed, running total. No React here, so the rules are
// tested on their own and the screen only wires them.
import { SHOP_MSG } from '@shared/messages/shop';
import { produitMatches } from '@shared/schemas/produits';
import { priceLine, type TypeRemise } from '@shared/pricing';
import type { TypeVente } from '@shared/schemas/ventes';

export type { TypeRemise, TypeVente };
export { TYPES_VENTE } from '@shared/schemas/ventes';

export interface ProduitStock {
  id: number;
  nom: string;
  quantite: number;
  prix_vente: number;
}

/** A line of the sale being built, in the payload shape of `POST api/vente` (spec §3). */
export interface SaleLine {
  id_produit: number;
  produit: string;
  quantite: number;
  prix_unitaire: number;
  type_remise: TypeRemise;
  valeur_remise: number;
}

const NO_STOCK = SHOP_MSG.stockInsufficient;

/** Autocomplete: products whose name contains the input, ignoring case and spaces; nothing for an empty input (spec §5). */
export function filterProducts<T extends { nom: string }>(produits: readonly T[], input: string): T[] {
  return produits.filter((p) => produitMatches(p, input));
}

type Priced = Pick<SaleLine, 'prix_unitaire' | 'quantite' | 'type_remise' | 'valeur_remise'>;

/** Unit price once the discount is applied (the server's own rule, shared/pricing priceLine). */
export function priceAfterDiscount(prix: number, type: TypeRemise, valeur: number): number {
  const r = priceLine(prix, 1, type, valeur);
  return r.ok ? r.prix_unitaire : prix;
}

/** Line total in whole FCFA, rounded once like the server does. */
export function lineTotal(line: Priced): number {
  const r = priceLine(line.prix_unitaire, line.quantite, line.type_remise, line.valeur_remise);
  return r.ok ? r.total : 0;
}

export function saleTotal(lines: readonly SaleLine[]): number {
  return lines.reduce((sum, l) => sum + lineTotal(l), 0);
}

export interface LineDraft {
  produit: ProduitStock | null;
  quantite: number;
  remise: boolean;
  type_remise: TypeRemise;
  valeur_remise: number;
}

/**
 * Checks a draft line against the product's stock (counting what the sale already lists for that
 * product, since adding merges) and the discount bounds. Returns the first French error, or null.
 */
export function validateDraft(draft: LineDraft, lines: readonly SaleLine[]): string | null {
  const p = draft.produit;
  if (!p) return 'Veuillez choisir un produit.';
  if (!Number.isFinite(draft.quantite) || draft.quantite < 1 || !Number.isInteger(draft.quantite)) {
    return 'La quantité doit être un entier supérieur ou égal à 1.';
  }
  const already = lines.find((l) => l.id_produit === p.id)?.quantite ?? 0;
  if (already + draft.quantite > p.quantite) return NO_STOCK(p.quantite, p.nom);
  if (draft.remise) {
    const v = draft.valeur_remise;
    if (!Number.isFinite(v) || v < 0) return 'La valeur de la remise doit être positive.';
    const r = priceLine(p.prix_vente, draft.quantite, draft.type_remise, v);
    if (!r.ok) return r.message;
  }
  return null;
}

/** The line a valid draft becomes (no discount sent when the box is unticked or the value is 0). */
export function draftToLine(draft: LineDraft): SaleLine {
  const p = draft.produit!;
  const withRemise = draft.remise && draft.valeur_remise > 0;
  return {
    id_produit: p.id,
    produit: p.nom,
    quantite: draft.quantite,
    prix_unitaire: p.prix_vente,
    type_remise: withRemise ? draft.type_remise : 'MONTANT',
    valeur_remise: withRemise ? draft.valeur_remise : 0,
  };
}

/**
 * Adds a line; a product already listed has its quantity increased (spec §5). The discount of
 * the latest entry applies to the merged line, as the seller just typed it.
 */
export function addLine(lines: readonly SaleLine[], line: SaleLine): SaleLine[] {
  const i = lines.findIndex((l) => l.id_produit === line.id_produit);
  if (i < 0) return [...lines, line];
  return lines.map((l, j) => (j === i ? { ...line, quantite: l.quantite + line.quantite } : l));
}

export function removeLine(lines: readonly SaleLine[], id_produit: number): SaleLine[] {
  return lines.filter((l) => l.id_produit !== id_produit);
}

export const EMPRUNT_NEEDS_CLIENT = SHOP_MSG.empruntClient;
const CHOOSE_CLIENT = SHOP_MSG.clientRequired;

/**
 * Checks before `Valider`: at least one line, and a client for an EMPRUNT (spec §5). The screen
 * shows EMPRUNT_NEEDS_CLIENT beside the client search while the type is EMPRUNT without a client;
 * Valider then answers CHOOSE_CLIENT.
 */
export function validateSale(lines: readonly SaleLine[], type: TypeVente, idClient: number | null): string | null {
  if (lines.length === 0) return SHOP_MSG.venteLines;
  if (type === 'EMPRUNT' && !idClient) return CHOOSE_CLIENT;
  return null;
}
