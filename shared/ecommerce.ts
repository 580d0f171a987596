// Plain constants of the online shop (no zod), shared by the schemas, the server and the public
// storefront page, which must stay small: it imports this module, never shared/schemas/*.
import { de } from './messages/elision';
export const TYPES_PRODUIT = ['poulet', 'materiel'] as const;
export type TypeProduit = (typeof TYPES_PRODUIT)[number];
export const TYPE_LABELS: Record<TypeProduit, string> = { poulet: 'Poulet', materiel: 'Matériel' };

/** Largest order quantity a buyer may place on the storefront. */
export const MAX_QUANTITE_VITRINE = 1000;
/** Products on one page of the marketplace; a full page offers « Voir plus de produits ». */
export const VITRINE_PAGE = 100;

/** A buyer cannot order more than the linked product's stock (server and storefront). */
export const stockVitrineMsg = (n: number, produit: string) => `Il ne reste que ${n} unités ${de(produit)} disponibles.`;

/** The phone-size variant (480 px wide) of an image path `/images/<t>/<id>.webp`. */
export const smallImage = (img: string) => img.replace(/\.webp$/, '-480.webp');

/** Normalised city for matching (`Thiès ` = `thies`). */
export function normalizeVille(v: string): string {
  return v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
