// Client requests and responses (spec part 2 §3, §5, §7: api/addOrUpdateClient, api/clients).
import { z, bodyId, optionalEmail, optionalPhone, requiredText } from './common';
import { phoneMatches } from '../phone';
import { normalizeSearch } from '../search';
import { CLIENTS_SCHEMA_MSG } from '../messages/shop';

/** POST api/addOrUpdateClient. `creance` is never taken from the request; `indicatif` is fixed to +221. */
export const clientSchema = z.lazy(() =>
  z.object({
    id: z._default(z.optional(bodyId()), 0),
    prenom: requiredText(CLIENTS_SCHEMA_MSG.prenom, 80),
    nom: requiredText(CLIENTS_SCHEMA_MSG.nom, 80),
    telephone: optionalPhone,
    email: optionalEmail,
    indicatif: z.nullable(z.optional(z.string().check(z.maxLength(8)))),
  }),
);
export type ClientInput = z.input<typeof clientSchema>;

/** The last reminder of a client's debt: when (ISO) and by whom. */
export interface DerniereRelance {
  le: string;
  par: { id: number; nom: string };
}

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
  /** Archived: out of the lists and pickers, kept in the history; absent otherwise. */
  archive?: true;
  /** The last reminder of its debt sent (when and by whom); absent before the first. */
  derniere_relance?: DerniereRelance;
}

/** POST api/addOrUpdateClient answers the saved client. GET api/clients answers Client[]. */
export type ClientResponse = Client;
export type ClientListResponse = Client[];

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
