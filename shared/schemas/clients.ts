// Client requests and responses (spec part 2 §3, §5, §7: api/addOrUpdateClient, api/clients).
import { z, MAX_ID, requiredText } from './common';

/** The dial code is fixed on save (spec part 2 §3). */
export const CLIENT_INDICATIF = '+221';

/** Optional phone: spaces removed, digits only; '' or absent → no phone. */
export const optionalPhone = z.lazy(() => z
  .string({ error: 'Téléphone invalide' })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{0,20}$/, { error: 'Le téléphone ne doit contenir que des chiffres' }))
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
}

/** POST api/addOrUpdateClient answers the saved client. GET api/clients answers Client[]. */
export type ClientResponse = Client;
export type ClientListResponse = Client[];

/** Lower case, no spaces: the client and product searches ignore both (spec part 2 §5). */
export function normalizeSearch(s: string | null | undefined): string {
  return (s ?? '').toLowerCase().replace(/\s+/g, '');
}

/** True when `query` is found in the first name, last name or phone of the client. Empty query → false. */
export function clientMatches(c: Pick<Client, 'prenom' | 'nom' | 'telephone'>, query: string): boolean {
  const q = normalizeSearch(query);
  if (!q) return false;
  return [c.prenom, c.nom, c.telephone].some((f) => normalizeSearch(f).includes(q));
}
