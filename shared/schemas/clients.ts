// Client requests and responses (spec part 2 §3, §5, §7: api/addOrUpdateClient, api/clients).
import { z, MAX_ID, requiredText } from './common';
import { PHONE_TEXT_MAX, PHONE_WRITTEN } from './rules';
import { RULE_MSG } from '../messages/access';
import { phoneMatches } from '../phone';

/**
 * The spec fixes the dial code to +221 on save (part 2 §3); since issue 17 the server sets it to
 * the code of the client's own number (or of the business's country when it has none), so a Côte
 * d'Ivoire business's clients get +225 (docs/decisions.md, "Phones"). Kept as the default.
 */
export const CLIENT_INDICATIF = '+221';

/**
 * Optional phone as typed ('' or absent → no phone): how it is written only; the route applies
 * shared/phone.ts's rule with the business's country and stores the E.164 form.
 */
export const optionalPhone = z.lazy(() => z
  .string({ error: RULE_MSG.phone })
  .trim()
  .max(PHONE_TEXT_MAX, { error: RULE_MSG.phone })
  .refine((s) => s === '' || PHONE_WRITTEN.test(s), { error: RULE_MSG.phone })
  .optional()
  .nullable()
  .transform((s) => (s ? s : undefined)));

export const optionalEmail = z.lazy(() => z
  .string({ error: 'Adresse email invalide' })
  .trim()
  .toLowerCase()
  .max(254)
  .optional()
  .nullable()
  .transform((s) => (s ? s : undefined))
  .pipe(z.email({ error: 'Adresse email invalide' }).optional()));

/** Non-negative integer id in a body; 0 means "new" where the spec says so. */
export const bodyId = (label = 'Identifiant') =>
  z.number({ error: `${label} invalide` }).int({ error: `${label} invalide` }).min(0, { error: `${label} invalide` }).max(MAX_ID, { error: `${label} invalide` });

/** Positive integer id in a body (an existing record). */
export const refId = (label = 'Identifiant', required = `${label} requis`) =>
  z.number({ error: required }).int({ error: `${label} invalide` }).positive({ error: required }).max(MAX_ID, { error: `${label} invalide` });

/** POST api/addOrUpdateClient. `creance` is never taken from the request; `indicatif` is fixed to +221. */
export const clientSchema = z.lazy(() => z.object({
  id: bodyId().optional().default(0),
  prenom: requiredText('Prénom', 80),
  nom: requiredText('Nom', 80),
  telephone: optionalPhone,
  email: optionalEmail,
  indicatif: z.string().max(8).optional().nullable(),
}));
export type ClientInput = z.input<typeof clientSchema>;

export interface Client {
  id: number;
  prenom: string;
  nom: string;
  telephone: string | null;
  email: string | null;
  indicatif: string;
  /** Generated on creation: CLI-000001, unique per business. */
  numero_compte: string;
  /** Receivable in FCFA, ≥ 0; moved only by EMPRUNT sales, order deliveries and repayments. */
  creance: number;
  created_at: string;
  /** Archived (issue 18): out of the lists and pickers, kept in the history; absent otherwise. */
  archive?: true;
}

/** POST api/addOrUpdateClient answers the saved client. GET api/clients answers Client[]. */
export type ClientResponse = Client;
export type ClientListResponse = Client[];

/** Lower case, no spaces: the client and product searches ignore both (spec part 2 §5). */
export function normalizeSearch(s: string | null | undefined): string {
  return (s ?? '').toLowerCase().replace(/\s+/g, '');
}

/**
 * True when `query` is found in the first name, last name or phone of the client. Empty query →
 * false. The phone is matched as a number (shared/phone.ts `phoneMatches`): `77 123 45 67`,
 * `+221 77 …` and `00221…` all find a client stored as +221771234567.
 */
export function clientMatches(c: Pick<Client, 'prenom' | 'nom' | 'telephone'>, query: string): boolean {
  const q = normalizeSearch(query);
  if (!q) return false;
  return [c.prenom, c.nom].some((f) => normalizeSearch(f).includes(q)) || phoneMatches(c.telephone, query);
}
