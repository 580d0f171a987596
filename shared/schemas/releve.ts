// A client's statement and the debt follow-up (api/client/releve, api/relances).
// The figures come from shared/formulas/releve.ts over the client's creance journal.
import { z, idParam, jour } from './common';
import type { Client, DerniereRelance } from './clients';
import type { AgeDette, Releve } from '../formulas/releve';

/** GET api/client/releve/{id}/{debut}/{fin}. */
export const releveParams = z.lazy(() => z.object({ id: idParam, debut: jour, fin: jour }));

export interface ReleveResponse extends Releve {
  client: Pick<Client, 'id' | 'prenom' | 'nom' | 'numero_compte' | 'telephone' | 'indicatif' | 'creance'>;
  /** The business, as the statement's header prints it. */
  entreprise: { nom: string; telephone: string | null };
}

// DerniereRelance lives with the Client it is stored on (a type cycle otherwise); the same name here.
export type { DerniereRelance };

/** GET api/relances: one line per client who owes something, the oldest debt first. */
export interface RelanceLigne extends AgeDette {
  client: Pick<Client, 'id' | 'prenom' | 'nom' | 'numero_compte' | 'telephone' | 'indicatif'>;
  creance: number;
  derniere_relance: DerniereRelance | null;
}
export type RelancesResponse = RelanceLigne[];
