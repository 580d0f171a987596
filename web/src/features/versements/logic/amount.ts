// Repayment amount rule (spec part 2 §5): required, above 0 and not above the client's creance,
// else 'Montant supérieur à la créance' (SHOP_MSG.montantTooHigh).

import { SHOP_MSG } from '@shared/messages/shop';
const MONTANT_SUPERIEUR = SHOP_MSG.montantTooHigh;

export function validateMontant(montant: number | null | undefined, creance: number | null | undefined): string | null {
  if (montant === null || montant === undefined || Number.isNaN(montant)) return 'Le montant est requis.';
  if (!Number.isInteger(montant)) return 'Le montant doit être un nombre entier de FCFA.';
  if (montant <= 0) return 'Le montant doit être supérieur à 0.';
  if (montant > (Number(creance) || 0)) return MONTANT_SUPERIEUR;
  return null;
}
