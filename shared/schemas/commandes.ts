// Customer order requests and responses (spec part 2 §3, §4, §5, §7: api/commande/*).
import { z, bodyId, isoDate, fcfa, ignoredAmount, quantite as quantity, refId } from './common';
import type { Client } from './clients';
import { COMMANDES_SCHEMA_MSG } from '../messages/shop';

/** At most this many lines per order (one DynamoDB transaction touches each product once). */
export const MAX_COMMANDE_LINES = 40;

const quantite = z.lazy(() => quantity(COMMANDES_SCHEMA_MSG.quantite, { required: COMMANDES_SCHEMA_MSG.quantiteRequise }));

/** A line as sent. The price is never taken from the request: it is the product's prix_vente. */
const commandeLigneInput = z.lazy(() =>
  z.object({
    id_produit: refId(COMMANDES_SCHEMA_MSG.produit, COMMANDES_SCHEMA_MSG.choisirProduit),
    produit: z.nullable(z.optional(z.string().check(z.maxLength(200)))),
    quantite,
    prix_unitaire: ignoredAmount,
  }),
);

/**
 * POST api/commande/addCommande: id 0 creates; an id > 0 replaces client, lines, deposit and
 * delivery date of an order that is not delivered yet. The same product twice → quantities of the
 * last occurrence win (adding an already-listed product replaces its quantity, spec part 2 §5).
 */
export const addCommandeSchema = z.lazy(() =>
  z.object({
    id: z._default(z.optional(bodyId()), 0),
    id_client: refId(COMMANDES_SCHEMA_MSG.client, COMMANDES_SCHEMA_MSG.choisirClient),
    produits: z
      .array(commandeLigneInput, { error: COMMANDES_SCHEMA_MSG.ajoutezMoinsProduit })
      .check(
        z.minLength(1, { error: COMMANDES_SCHEMA_MSG.ajoutezMoinsProduit }),
        z.maxLength(MAX_COMMANDE_LINES, { error: COMMANDES_SCHEMA_MSG.plusProduitsParCommande(MAX_COMMANDE_LINES) }),
      ),
    accompte: fcfa("L'acompte").check(z.gte(0, { error: COMMANDES_SCHEMA_MSG.acomptePositifNul })),
    date_livraison: isoDate,
  }),
);
export type AddCommandeInput = z.input<typeof addCommandeSchema>;

/**
 * POST api/commande/addProduitToCommande: the product is `id_produit` when given, else the product
 * named `nom` (spec payload). Adding a product already in the order replaces its quantity.
 */
export const addProduitToCommandeSchema = z.lazy(() =>
  z
    .object({
      id_commande: refId(COMMANDES_SCHEMA_MSG.commande),
      id_produit: z.nullable(z.optional(refId(COMMANDES_SCHEMA_MSG.produit))),
      nom: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(200)))),
      quantite,
      prix_unitaire: ignoredAmount,
    })
    .check(z.refine((v) => !!v.id_produit || !!v.nom, { error: COMMANDES_SCHEMA_MSG.choisirProduit, path: ['nom'] })),
);
export type AddProduitToCommandeInput = z.input<typeof addProduitToCommandeSchema>;

/** POST api/commande/deleteProduitFromCommande: removes the line of that product (id_produit, else nom). */
export const deleteProduitFromCommandeSchema = z.lazy(() =>
  z
    .object({
      id_commande: refId(COMMANDES_SCHEMA_MSG.commande),
      id_produit: z.nullable(z.optional(refId(COMMANDES_SCHEMA_MSG.produit))),
      nom: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(200)))),
      quantite: z.nullable(z.optional(quantity(COMMANDES_SCHEMA_MSG.quantite, { min: 0 }))),
      prix_unitaire: ignoredAmount,
    })
    .check(z.refine((v) => !!v.id_produit || !!v.nom, { error: COMMANDES_SCHEMA_MSG.choisirProduit, path: ['nom'] })),
);
export type DeleteProduitFromCommandeInput = z.input<typeof deleteProduitFromCommandeSchema>;

/** POST api/commande/toDeliver. */
export const toDeliverSchema = z.lazy(() => z.object({ id_commande: refId(COMMANDES_SCHEMA_MSG.commande) }));

/**
 * GET api/commande/{id}: the order number as issued (CMD-000123, formatNumeroCommande; the prefix
 * in any case), or the bare canonical id (123). Anything else (` 1`, `0001`, `1e0`, `CMD-0000123`)
 * is refused.
 */
export const commandeParams = z.lazy(() =>
  z.object({
    id: z.string({ error: COMMANDES_SCHEMA_MSG.numeroCommandeInvalide }).check(
      z.refine(
        (s) =>
          /^[1-9]\d{0,9}$/.test(s) || (/^CMD-\d{6,10}$/i.test(s) && Number(s.slice(4)) > 0 && formatNumeroCommande(Number(s.slice(4))) === `CMD-${s.slice(4)}`),
        {
          error: COMMANDES_SCHEMA_MSG.numeroCommandeInvalide,
        },
      ),
    ),
  }),
);

/**
 * PAYED once the money received for the order (deposit + repayments allocated to it after its
 * delivery, `montant_regle`) covers its total, else PENDING. After delivery the unpaid
 * balance lives in the client's creance.
 */
export type EtatPaiement = 'PENDING' | 'PAYED';
/** PENDING until Livré (toDeliver), then DELIVERED. */
export type EtatLivraison = 'PENDING' | 'DELIVERED';

export interface CommandeLigne {
  id_produit: number;
  produit: string;
  quantite: number;
  /** The product's prix_vente when the line was added. */
  prix_unitaire: number;
  /** quantite × prix_unitaire, integer FCFA. */
  total: number;
}

export interface Commande {
  id: number;
  /** CMD-000123: the order id, zero-padded, unique per business. */
  numero_commande: string;
  id_client: number;
  /** The client as it is now (null only if it could not be read). */
  client: Pick<Client, 'id' | 'prenom' | 'nom' | 'telephone' | 'indicatif' | 'email' | 'numero_compte'> | null;
  /** The lines as an array (the legacy backend sent a JSON string; see docs/decisions.md). */
  produits: CommandeLigne[];
  montant_total: number;
  accompte: number;
  etat_paiement: EtatPaiement;
  etat_livraison: EtatLivraison;
  /** As sent (YYYY-MM-DD or ISO date-time). */
  date_livraison: string;
  created_at: string;
  delivered_at: string | null;
  /** Repayments allocated to this delivered order, whole FCFA; 0 before delivery. */
  montant_regle: number;
  /** What remains to be paid: montant_total − accompte − montant_regle (never below 0). */
  reste_a_payer: number;
  /** The repayments that paid it, oldest first (a cancelled repayment leaves this list). */
  reglements: Reglement[];
}

/** A part of a repayment allocated to an order (the order side of Versement.affectations). */
export interface Reglement {
  id_versement: number;
  montant: number;
  created_at: string;
}

/** etat_paiement from the money received (deposit + repayments allocated). */
export const etatPaiementOf = (montantTotal: number, recu: number): EtatPaiement => (recu >= montantTotal ? 'PAYED' : 'PENDING');

/**
 * The delivery dates a new order (or a changed date) may take: from today to the same
 * day next year (29 February → 28 February), as YYYY-MM-DD — the server's check and the date
 * input's min/max.
 */
export function dateLivraisonBornes(today: string): { min: string; max: string } {
  const [y, m, d] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  const max = `${y + 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  return { min: today, max };
}

/**
 * POST addCommande, addProduitToCommande, deleteProduitFromCommande, toDeliver → Commande (updated);
 * GET api/commande → Commande[] (newest first); GET api/commande/{numero} → Commande.
 */
export type CommandeResponse = Commande;
export type CommandeListResponse = Commande[];

export function formatNumeroCommande(id: number): string {
  return `CMD-${String(id).padStart(6, '0')}`;
}
