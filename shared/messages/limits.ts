// French refusals of the product's bounds (shared/limits.ts), used by the schemas and by the
// server's checks on totals.
import { formatFcfa, formatNombre } from '../format';
import { MAX_MONTANT, MAX_STOCK } from '../limits';
import { de } from './elision';

/** French refusals of the limits, used by the schemas and by the server's checks on totals. */
export const LIMIT_MSG = {
  montant: `Montant trop élevé : au plus ${formatFcfa(MAX_MONTANT)}.`,
  total: `Le montant total dépasse la limite autorisée (${formatFcfa(MAX_MONTANT)}).`,
  creance: `La créance du client dépasserait la limite autorisée (${formatFcfa(MAX_MONTANT)}).`,
  stock: (nom: string) => `Le stock ${de(nom)} dépasserait la limite autorisée (${formatNombre(MAX_STOCK)} unités).`,
  batchTotal: `Les totaux de la bande dépasseraient la limite autorisée (${formatFcfa(MAX_MONTANT)}).`,
} as const;
