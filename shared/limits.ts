// The bounds of every figure the product stores, as plain constants (no zod): the request schemas
// (./schemas/common.ts), the server's checks on totals, the message catalogue (./messages/) and the
// screens read the same numbers.
// Limits (docs/decisions.md, "Security hardening"):
// Every amount and quantity a request carries is bounded, and so is every total the server
// computes from them (price × quantity, a sale, an order, a creance, a batch's running totals,
// a stock), so that each stays an exact integer far below Number.MAX_SAFE_INTEGER (2^53 − 1):
// DynamoDB stores larger numbers, but reading them back in JavaScript would lose precision or
// throw. The maxima are far above any real poultry business and far below 2^53.

/** Largest id: counters give small numbers; 10 digits is what the sort keys pad to. */
export const MAX_ID = 9_999_999_999;
/** Largest unit price or single entered price, FCFA (1 milliard). */
export const MAX_PRIX = 1_000_000_000;
/** Largest money figure, entered or computed: a line, a sale, an order, a deposit, a repayment, a creance, a batch total (FCFA, 1 000 milliards). */
export const MAX_MONTANT = 1_000_000_000_000;
/** Largest quantity on one line, restock or batch (units, kg, birds, eggs). */
export const MAX_QUANTITE = 10_000_000;
/** Largest stock of one product (units). */
export const MAX_STOCK = 1_000_000_000;

/**
 * Hard maximum of a weighing's average weight, g, by batch type: above it the weight is impossible
 * for the flock (a unit mistake), and the server refuses it. Sources in docs/decisions/0130-max-weight.md:
 * broiler breeders' tables reach 4.3–4.6 kg mixed-sex at 56 days; a laying hen weighs about 2 kg
 * at the end of lay, a cockerel about 3 kg.
 */
export const POIDS_MAX_G: Record<'chair' | 'pondeuse', number> = { chair: 6000, pondeuse: 3500 };
