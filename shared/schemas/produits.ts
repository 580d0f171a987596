// Product and restock requests and responses (spec part 2 §3, §5, §7: api/produit, api/produit/reappro/*).
import { formatNombre } from '../format';
import { z, bodyId, MAX_PRIX, MAX_QUANTITE, MAX_STOCK, quantite, refId, requiredText, optionalText } from './common';
import { normalizeSearch } from '../search';
import { PRODUITS_SCHEMA_MSG } from '../messages/shop';

/**
 * A quantity or price of the product form ("numbers as typed"): a whole number ≥ 0.
 * Negative, null, empty text or any non-number is refused with a French message — never turned
 * into 0 (the spec's "not above 0 are sent as 0" was the old screen hiding mistakes). Only a field
 * the request leaves out entirely is 0: the spec requires the name only.
 */
const entierPositif = (label: string, negatif: string, max: number) =>
  z.pipe(
    z.optional(
      z
        .number({ error: PRODUITS_SCHEMA_MSG.nombre(label) })
        .check(
          z.int({ error: PRODUITS_SCHEMA_MSG.nombreEntier(label) }),
          z.gte(0, { error: PRODUITS_SCHEMA_MSG.peut(label, negatif) }),
          z.lte(max, { error: PRODUITS_SCHEMA_MSG.depasser(label, formatNombre(max)) }),
        ),
    ),
    z.transform((n) => n ?? 0),
  );

/**
 * POST api/produit: id 0 creates, otherwise updates nom, description and prices.
 * `quantite` is read only for a new product (recorded as its first restock); stock of an existing
 * product moves only through restocks, sales and order deliveries.
 */
export const produitSchema = z.lazy(() =>
  z.object({
    id: z._default(z.optional(bodyId()), 0),
    nom: requiredText(PRODUITS_SCHEMA_MSG.nom, 120),
    description: z.nullable(optionalText(1000)),
    quantite: entierPositif(PRODUITS_SCHEMA_MSG.quantite, PRODUITS_SCHEMA_MSG.negative, MAX_QUANTITE),
    prix_cession: entierPositif(PRODUITS_SCHEMA_MSG.prixCession, PRODUITS_SCHEMA_MSG.negatif, MAX_PRIX),
    prix_vente: entierPositif(PRODUITS_SCHEMA_MSG.prixVente, PRODUITS_SCHEMA_MSG.negatif, MAX_PRIX),
    /**
     * Ours: how many eggs one unit of the product holds (30 for a tray, 1 for an egg):
     * set, the product can receive a flock's eggs (« Envoyer à la boutique »). Absent or null: not
     * an egg product.
     */
    oeufs_par_unite: z.nullable(
      z.optional(
        z
          .number({ error: PRODUITS_SCHEMA_MSG.nombreOeufsParUnite })
          .check(
            z.int({ error: PRODUITS_SCHEMA_MSG.nombreOeufsParUnite2 }),
            z.gte(1, { error: PRODUITS_SCHEMA_MSG.nombreOeufsParUnite3 }),
            z.lte(360, { error: PRODUITS_SCHEMA_MSG.nombreOeufsParUnite4 }),
          ),
      ),
    ),
  }),
);
export type ProduitInput = z.input<typeof produitSchema>;

export interface Produit {
  id: number;
  nom: string;
  description: string | null;
  /** Units in stock, integer ≥ 0. */
  quantite: number;
  prix_cession: number;
  prix_vente: number;
  created_at: string;
  /** Archived: out of the lists and pickers, kept in the history; absent otherwise. */
  archive?: true;
  /** Eggs one unit holds: set on an egg product, which a flock's eggs can be sent to. */
  oeufs_par_unite?: number | null;
}
/** POST api/produit → Produit; GET api/produit → Produit[] (by id). */
export type ProduitResponse = Produit;
export type ProduitListResponse = Produit[];

/** POST api/produit/reappro/new. */
export const reapproSchema = z.lazy(() =>
  z.object({
    id_produit: refId(PRODUITS_SCHEMA_MSG.produit, PRODUITS_SCHEMA_MSG.choisirProduit),
    quantite: quantite(PRODUITS_SCHEMA_MSG.quantite, { required: PRODUITS_SCHEMA_MSG.quantiteRequise }),
  }),
);
export type ReapproInput = z.input<typeof reapproSchema>;

/**
 * POST api/produit/ajustement: an inventory count. `quantite` is the stock counted on the shelf
 * (≥ 0); the difference with the stored stock is recorded as a stock movement with its reason.
 */
export const ajustementSchema = z.lazy(() =>
  z.object({
    id_produit: refId(PRODUITS_SCHEMA_MSG.produit, PRODUITS_SCHEMA_MSG.choisirProduit),
    quantite: quantite(PRODUITS_SCHEMA_MSG.stockCompte, { min: 0, max: MAX_STOCK, required: PRODUITS_SCHEMA_MSG.stockCompteRequis }),
    motif: z
      .string({ error: PRODUITS_SCHEMA_MSG.motifRequis })
      .check(
        z.trim(),
        z.minLength(3, { error: PRODUITS_SCHEMA_MSG.motifRequisMoins3 }),
        z.maxLength(200, { error: PRODUITS_SCHEMA_MSG.motifDepasser200Caracteres }),
      ),
  }),
);
export type AjustementInput = z.input<typeof ajustementSchema>;

/** VALID / CANCELED: a restock; AJUSTEMENT: an inventory count (a signed movement, never cancelled). */
export type ReapproEtat = 'VALID' | 'CANCELED' | 'AJUSTEMENT';

export interface Reappro {
  id: number;
  id_produit: number;
  produit: { id: number; nom: string };
  quantite: number;
  /** VALID can be cancelled (Annuler shown); CANCELED is final; AJUSTEMENT is a count (quantite signed). */
  etat: ReapproEtat;
  /** The reason of an inventory adjustment. */
  motif?: string;
  /** Stock before and after an inventory adjustment. */
  avant?: number;
  apres?: number;
  created_at: string;
  /**
   * A restock that came from the farm's own production (eggs sent from a flock, birds of
   * a slaughter), written with that move in one transaction. It is cancelled only by cancelling its
   * source (the move, or the slaughter's edit or cancel), never from the restocks' list.
   */
  origine?: 'PRODUCTION';
  source?: SourceProduction;
}

/** Where a restock of origin « Production » came from. */
export interface SourceProduction {
  /** Eggs sent from a layer flock (`id`: the move's), or birds of a slaughter (`id`: the record's). */
  type: 'oeufs' | 'abattage';
  id: number;
  id_bande: number;
  bande_nom: string;
  /** The move's or the slaughter's day (YYYY-MM-DD). */
  date: string;
}
/**
 * POST api/produit/reappro/new → { reappro, produit } (produit with its new stock);
 * GET api/produit/reappro/get → Reappro[] (newest first);
 * GET api/produit/reappro/cancele/{id} → { reappro, produit }.
 */
export interface ReapproResult {
  reappro: Reappro;
  produit: Produit;
}
export type ReapproListResponse = Reappro[];

/** Product search of the screens: name, ignoring case and spaces; nothing for empty input. */
export function produitMatches(p: Pick<Produit, 'nom'>, query: string): boolean {
  const q = normalizeSearch(query);
  if (!q) return false;
  return normalizeSearch(p.nom).includes(q);
}
