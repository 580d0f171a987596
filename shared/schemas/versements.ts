// Repayment requests and responses (spec part 2 §3, §4, §5, §7: api/versement*).
import { z, fcfa, requiredText } from './common';
import { refId, type Client } from './clients';

/** POST api/versement: amount > 0 and ≤ the client's creance (checked atomically on the server). */
export const versementSchema = z.lazy(() => z.object({
  id_client: refId('Client', 'Veuillez choisir le client.'),
  montant: fcfa('Le montant').positive({ error: 'Le montant doit être supérieur à 0' }),
}));
export type VersementInput = z.input<typeof versementSchema>;

/** POST api/versement/searchClient: matches first name, last name or phone, ignoring case and spaces. */
export const searchClientSchema = z.lazy(() => z.object({ username: requiredText('La recherche', 100) }));

export type VersementEtat = 'VALID' | 'CANCELED';

export interface Versement {
  id: number;
  id_client: number;
  client: Pick<Client, 'id' | 'prenom' | 'nom' | 'numero_compte' | 'telephone'> | null;
  montant: number;
  /** VALID until Annuler; CANCELED is final (the amount went back onto the creance). */
  etat: VersementEtat;
  created_at: string;
}

/**
 * POST api/versement and GET api/versement/annuler/{id} → { versement, client } (client with its new creance);
 * GET api/versement → Versement[] (newest first);
 * POST api/versement/searchClient → Client[] (empty when nobody matches).
 */
export interface VersementResult {
  versement: Versement;
  client: Client;
}
export type VersementListResponse = Versement[];
export type SearchClientResponse = Client[];
