// The one pricing rule of a sold line (discount, unit price, line total), used by the new-sale
// screen to show the price and by the server to record it, so the two can never disagree. Plain
// functions, no zod.
import { SHOP_MSG } from './messages/shop';

export const TYPES_REMISE = ['MONTANT', 'POURCENTAGE'] as const;
export type TypeRemise = (typeof TYPES_REMISE)[number];

export type LinePrice = { ok: true; prix_unitaire: number; total: number } | { ok: false; message: string };

/**
 * Unit price after a percentage discount, whole FCFA (docs/decisions.md, "Whole FCFA": XOF has no minor unit): round half up of
 * prix × (100 − p) / 100. Computed on integers (p in hundredths: 12.5 % → 1250) so no binary
 * fraction can tip a .5 down: 3 500 at 12.5 % = 3 062.5 → 3 063.
 */
export function prixApresPourcentage(prix: number, pourcentage: number): number {
  const centiemes = Math.round(pourcentage * 100);
  const n = prix * (10_000 - centiemes); // ≤ 1e9 × 1e4: an exact integer
  return Math.floor((n + 5_000) / 10_000);
}

/**
 * The discount rule (spec part 2 §5): applied only when valeur_remise > 0; a MONTANT
 * discount is a whole number of FCFA below the unit price, a POURCENTAGE below 100 (rounded as
 * above). The unit price is whole FCFA and the line total is exactly unit × quantity, so a receipt
 * (unit × quantity = total) always adds up.
 */
export function priceLine(prix: number, quantite: number, typeRemise: TypeRemise, valeurRemise: number): LinePrice {
  let unit = prix;
  if (valeurRemise > 0) {
    if (typeRemise === 'MONTANT') {
      if (!Number.isInteger(valeurRemise)) return { ok: false, message: SHOP_MSG.remiseEntiere };
      if (valeurRemise >= prix) return { ok: false, message: SHOP_MSG.remiseMontant };
      unit = prix - valeurRemise;
    } else {
      if (valeurRemise >= 100) return { ok: false, message: SHOP_MSG.remisePourcentage };
      unit = prixApresPourcentage(prix, valeurRemise);
    }
  }
  return { ok: true, prix_unitaire: unit, total: unit * quantite };
}
