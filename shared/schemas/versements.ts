// Repayment requests and responses (spec part 2 §3, §4, §5, §7: api/versement*).
import { z, fcfa, refId, requiredText } from './common';
import type { Client } from './clients';
import { saisiLe } from './saisi-le';
import { VERSEMENTS_SCHEMA_MSG } from '../messages/shop';

/**
 * At most this many delivered orders are paid by one repayment: the repayment, the client, each
 * order and the idempotency record are one DynamoDB transaction (≤ 100 items). What is left after
 * them reduces the client's other debt, like any amount beyond the orders' balances.
 */
export const MAX_AFFECTATIONS = 90;

/** POST api/versement: amount > 0 and ≤ the client's creance (checked atomically on the server). */
export const versementSchema = z.lazy(() =>
  z.object({
    id_client: refId(VERSEMENTS_SCHEMA_MSG.client, VERSEMENTS_SCHEMA_MSG.choisirClient),
    montant: fcfa(VERSEMENTS_SCHEMA_MSG.montant).check(z.positive({ error: VERSEMENTS_SCHEMA_MSG.montantSuperieur0 })),
    /** When the repayment was typed on the device (outbox): its created_at when plausible (saisi-le.ts). */
    saisi_le: saisiLe,
  }),
);
export type VersementInput = z.input<typeof versementSchema>;

/** POST api/versement/searchClient: matches first name, last name or phone, ignoring case and spaces. */
export const searchClientSchema = z.lazy(() => z.object({ username: requiredText(VERSEMENTS_SCHEMA_MSG.recherche, 100) }));

export type VersementEtat = 'VALID' | 'CANCELED';

export interface Versement {
  id: number;
  id_client: number;
  client: Pick<Client, 'id' | 'prenom' | 'nom' | 'numero_compte' | 'telephone'> | null;
  montant: number;
  /** VALID until Annuler; CANCELED is final (the amount went back onto the creance). */
  etat: VersementEtat;
  created_at: string;
  /** The day it counts on (YYYY-MM-DD): created_at's (the outbox's saisi_le when plausible). */
  date: string;
  /**
   * The delivered orders it paid, oldest delivery first; the rest of the amount
   * (montant − their sum) reduced the client's other debt. Kept after a cancel, as a record.
   */
  affectations: Affectation[];
  /**
   * What the client owed right after this repayment (shared/formulas/releve.ts
   * soldeApres over the creance journal): what the receipt prints; null if the journal lacks it.
   */
  solde_apres?: number | null;
}

/** The part of a repayment allocated to one delivered order. */
export interface Affectation {
  id_commande: number;
  numero_commande: string;
  montant: number;
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
