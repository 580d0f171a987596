// Sale requests and responses (spec part 2 §3, §4, §5, §7: api/vente*). The discount rule that prices
// a line lives in ../pricing.ts.
import { z, hasDecimals, ignoredAmount, isoDateOf, MAX_PRIX, optionalRefId, quantite, refId } from './common';
import type { Client } from './clients';
import { TYPES_REMISE, type TypeRemise } from '../pricing';
import { saisiLe } from './saisi-le';
import { SHOP_MSG } from '../messages/shop';
import { VENTES_SCHEMA_MSG } from '../messages/shop';

/** At most this many lines per sale (one DynamoDB transaction ≤ 100 items: per line the line, its product and, with a batch, its batch entry and pointer). */
const MAX_VENTE_LINES = 20;

export const TYPES_VENTE = ['DIRECT', 'DON', 'EMPRUNT'] as const;
export type TypeVente = (typeof TYPES_VENTE)[number];

/** A line being sold. The unit price is the product's prix_vente on the server, not the request's. */
const venteLigneInput = z.lazy(() =>
  z
    .object({
      id_produit: refId(VENTES_SCHEMA_MSG.produit, VENTES_SCHEMA_MSG.choisirProduit),
      produit: z.nullable(z.optional(z.string().check(z.maxLength(200)))),
      quantite: quantite(VENTES_SCHEMA_MSG.quantite, { required: VENTES_SCHEMA_MSG.quantiteRequise }),
      prix_unitaire: ignoredAmount,
      type_remise: z.pipe(
        z.nullable(z.optional(z.enum(TYPES_REMISE, { error: VENTES_SCHEMA_MSG.typeRemiseInvalide }))),
        z.transform((t) => t ?? 'MONTANT'),
      ),
      valeur_remise: z.pipe(
        z.nullable(
          z.optional(
            z
              .number({ error: VENTES_SCHEMA_MSG.remiseNombre })
              .check(
                z.gte(0, { error: VENTES_SCHEMA_MSG.remisePositive }),
                z.lte(MAX_PRIX, { error: VENTES_SCHEMA_MSG.remiseInferieurePrixUnitaire }),
                z.refine(hasDecimals(2), { error: VENTES_SCHEMA_MSG.remisePlus2Decimales }),
              ),
          ),
        ),
        z.transform((v) => v ?? 0),
      ),
    })
    .check(z.refine((l) => l.type_remise !== 'MONTANT' || Number.isInteger(l.valeur_remise), { error: SHOP_MSG.remiseEntiere, path: ['valeur_remise'] })),
);

/**
 * POST api/vente: one sale of several lines, recorded under the seller's shop. Lines naming the
 * same product are merged (quantities added, spec part 2 §5) when they carry the same discount.
 */
export const venteSchema = z.lazy(() =>
  z
    .object({
      id_bande: optionalRefId,
      produits: z
        .array(venteLigneInput, { error: SHOP_MSG.venteLines })
        .check(
          z.minLength(1, { error: SHOP_MSG.venteLines }),
          z.maxLength(MAX_VENTE_LINES, { error: VENTES_SCHEMA_MSG.plusProduitsParVente(MAX_VENTE_LINES) }),
        ),
      id_client: optionalRefId,
      type: z.pipe(
        z.nullable(z.optional(z.enum(TYPES_VENTE, { error: VENTES_SCHEMA_MSG.typeVenteInvalide }))),
        z.transform((t) => t ?? 'DIRECT'),
      ),
      /** When the sale was typed on the device (outbox): its created_at when plausible (saisi-le.ts). */
      saisi_le: saisiLe,
    })
    .check(z.refine((v) => v.type !== 'EMPRUNT' || !!v.id_client, { error: SHOP_MSG.empruntClient, path: ['id_client'] })),
);
export type VenteInput = z.input<typeof venteSchema>;

/** POST api/vente/boutique: both dates required, whole days inclusive, Africa/Dakar (= UTC). */
export const venteHistorySchema = z.lazy(() =>
  z.object({
    debut: isoDateOf(VENTES_SCHEMA_MSG.dateDebut),
    fin: isoDateOf(VENTES_SCHEMA_MSG.dateFin),
  }),
);
export type VenteHistoryInput = z.input<typeof venteHistorySchema>;

/** POST api/vente/annulerVente: one history line. */
export const annulerVenteSchema = z.lazy(() => z.object({ id_vente: refId(VENTES_SCHEMA_MSG.vente) }));

/** VALID counts in turnover (unless DON); DELETED (cancelled) does not. */
export type VenteEtat = 'VALID' | 'DELETED';

/**
 * Where a ledger line comes from (one revenue truth): a shop sale (POST api/vente), a
 * customer order at its delivery, or an online order the first time it is paid or delivered. The
 * last two are written by those actions and cannot be cancelled from the sales history.
 */
export type SourceVente = 'BOUTIQUE' | 'COMMANDE' | 'ECOMMERCE';

/** One line of the sales history (and of a recorded sale). */
export interface VenteLigne {
  id: number;
  /** All lines recorded by one POST api/vente share it. */
  id_transaction: number;
  boutique: { id: number; nom: string };
  id_produit: number;
  produit: string;
  /** The product's prix_vente at the time of the sale. */
  prix_vente: number;
  /** Unit price after discount, whole FCFA (priceLine). */
  prix_unitaire: number;
  quantite: number;
  /** Whole FCFA: prix_unitaire × quantite exactly. */
  total: number;
  type_remise: TypeRemise;
  /** 0 when no discount was applied. */
  valeur_remise: number;
  type: TypeVente;
  etat: VenteEtat;
  id_client: number | null;
  client: Pick<Client, 'id' | 'prenom' | 'nom'> | null;
  id_bande: number | null;
  created_at: string;
  /** The day the line counts on (YYYY-MM-DD): created_at's, Africa/Dakar = UTC. */
  date: string;
  /** BOUTIQUE for a shop sale (also lines stored before entries had a date). */
  source: SourceVente;
  /** COMMANDE: the customer order delivered; ECOMMERCE: the online order. */
  id_commande?: number;
  id_commande_ecom?: number;
  /** The order's number (CMD-000012, EC000003), shown as the line's origin. */
  numero_commande?: string;
  /**
   * What the client owed right after this sale (a credit sale) or this order's delivery
   * (its balance), from the creance journal (shared/formulas/releve.ts soldeApres): what the receipt
   * prints. Present only on the lines of a client's credit sale or delivered order; null when the
   * journal holds no movement of it (an order paid in full by its deposit).
   */
  solde_client_apres?: number | null;
}

/** POST api/vente → the recorded lines and their total (the amount added to the creance for EMPRUNT). */
export interface VenteResult {
  id_transaction: number;
  ventes: VenteLigne[];
  total: number;
  /** For an EMPRUNT: the client with its new creance. */
  client: Client | null;
}
/** POST api/vente/boutique → lines of the period (newest first) and the turnover (VALID, not DON). */
export interface VenteHistoryResponse {
  ventes: VenteLigne[];
  chiffre_affaire: number;
}
/** POST api/vente/annulerVente → the cancelled line (etat DELETED). */
export type AnnulerVenteResponse = VenteLigne;

/** Turnover of history lines: excludes DELETED lines and gifts (DON). */
export function chiffreAffaire(lines: Pick<VenteLigne, 'etat' | 'type' | 'total'>[]): number {
  return lines.reduce((s, l) => (l.etat === 'DELETED' || l.type === 'DON' ? s : s + l.total), 0);
}
