// French refusals of the product's bounds (shared/limits.ts), used by the schemas and by the
// server's checks on totals.
import { formatNombre, MAX_MONTANT, MAX_STOCK } from '../limits';

const fmt = formatNombre;

/** French refusals of the limits, used by the schemas and by the server's checks on totals. */
export const LIMIT_MSG = {
  montant: `Montant trop élevé : au plus ${fmt(MAX_MONTANT)} FCFA.`,
  total: `Le montant total dépasse la limite autorisée (${fmt(MAX_MONTANT)} FCFA).`,
  creance: `La créance du client dépasserait la limite autorisée (${fmt(MAX_MONTANT)} FCFA).`,
  stock: (nom: string) => `Le stock de ${nom} dépasserait la limite autorisée (${fmt(MAX_STOCK)} unités).`,
  batchTotal: `Les totaux de la bande dépasseraient la limite autorisée (${fmt(MAX_MONTANT)} FCFA).`,
} as const;
