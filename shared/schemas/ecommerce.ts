// Online products, online orders and the public storefront (spec part 2 §3, §4, §5, §7:
// api/produit/*Ecom*, saveEcomImage, onlineCommande…; the storefront rows are ours).
import { z, bodyId, MAX_PRIX, fcfa, quantite, refId, requiredText, telephone } from './common';
import { MAX_QUANTITE_VITRINE, TYPES_PRODUIT, type TypeProduit } from '../ecommerce';
import { villeDeLaListe } from '../villes';
import { ECOM_MSG } from '../messages/ecommerce';
import { ECOMMERCE_SCHEMA_MSG } from '../messages/ecommerce';

/**
 * A town of the fixed list (shared/villes.ts), stored as the list spells it: `thies` is `Thiès`;
 * a name not in the list is refused, so a seller cannot spread products over invented towns.
 */
const villeDeListe = () =>
  z.pipe(
    requiredText(ECOMMERCE_SCHEMA_MSG.ville, 80).check(z.refine((v) => villeDeLaListe(v) !== null, { error: ECOM_MSG.villeInconnue })),
    z.transform((v) => villeDeLaListe(v) ?? v),
  );

export { MAX_QUANTITE_VITRINE, normalizeVille, smallImage, TYPE_LABELS, TYPES_PRODUIT, type TypeProduit } from '../ecommerce';

/** At most this many photos per online product. */
export const MAX_IMAGES = 6;
/** Largest accepted photo, bytes (under Lambda's 6 MB request once base64-encoded). */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
/**
 * Largest photo a seller may pick on the device: a phone's photo (6–12 MB JPEG, up to
 * ~20 MB at 50 megapixels) is reduced in the browser before it is sent, so the upload stays under
 * MAX_IMAGE_BYTES; beyond this, decoding it would strain a cheap phone's memory.
 */
export const MAX_PHOTO_SOURCE_BYTES = 20 * 1024 * 1024;

/**
 * An image reference as saveEcomImage answers it: `/images/<tenant>/<uuid>.webp` (the full
 * version; the phone-size version is the same name with `-480`). The tenant part is checked by the
 * server against the caller's tenant.
 */
export const IMAGE_PATH_RE = /^\/images\/([1-9][0-9]{0,9})\/([0-9a-f]{32})\.webp$/;
const imagePath = z.lazy(() => z.string().check(z.maxLength(80), z.regex(IMAGE_PATH_RE, { error: ECOMMERCE_SCHEMA_MSG.imageInvalide })));

/** POST api/produit/addToEcom: id 0 creates (unpublished), otherwise edits the online product. */
export const addToEcomSchema = z.lazy(() =>
  z.object({
    id: z._default(z.optional(bodyId()), 0),
    id_produit: refId(ECOMMERCE_SCHEMA_MSG.produit, ECOMMERCE_SCHEMA_MSG.choisirProduit),
    produit: requiredText(ECOMMERCE_SCHEMA_MSG.nomProduit, 120),
    prix_unitaire: fcfa(ECOMMERCE_SCHEMA_MSG.prixUnitaire, MAX_PRIX).check(z.gte(1, { error: ECOMMERCE_SCHEMA_MSG.prixUnitaireRequis })),
    type_produit: z.enum(TYPES_PRODUIT, { error: ECOMMERCE_SCHEMA_MSG.choisirTypeProduit }),
    currency: z._default(z.optional(z.literal('XOF')), 'XOF'),
    images: z._default(z.optional(z.array(imagePath).check(z.maxLength(MAX_IMAGES, { error: ECOMMERCE_SCHEMA_MSG.plusImages(MAX_IMAGES) }))), []),
    pays: z._default(z.optional(z.string().check(z.maxLength(40))), 'Senegal'),
    code_pays: z._default(z.optional(z.string().check(z.maxLength(4))), 'sn'),
    ville: villeDeListe(),
    adresse: requiredText(ECOMMERCE_SCHEMA_MSG.adresse, 200),
    description: requiredText(ECOMMERCE_SCHEMA_MSG.description, 1000),
    /**
     * Ours ("publish in one step"): true also publishes the online product in the same
     * transaction, within the plan's number of online products (nothing written when refused).
     */
    publier: z._default(z.optional(z.boolean({ error: ECOMMERCE_SCHEMA_MSG.choisissezPublierNon })), false),
  }),
);
export type AddToEcomInput = z.input<typeof addToEcomSchema>;

/** POST api/produit/publierEcom (our row for the spec's "mise en ligne"). */
export const publierEcomSchema = z.lazy(() => z.object({ id: refId(ECOMMERCE_SCHEMA_MSG.produitLigne) }));

export type EtatEcom = 'ACTIVE' | 'INACTIVE';

export interface ProduitEcom {
  id: number;
  id_produit: number;
  code_produit: string;
  type_produit: TypeProduit;
  nom_produit: string;
  prix_unitaire: number;
  description: string;
  ville: string;
  adresse: string;
  images: string[];
  etat: EtatEcom;
  currency: 'XOF';
  pays: string;
  code_pays: string;
  created_at: string;
}

// ── Online orders (spec §3, §4) ──
export type EtatPaiement = 'PENDING' | 'PAYED';
export type EtatLivraison = 'PENDING' | 'DELIVERED';
/** PENDING, DELIVERED (delivered, not paid), PAYED (paid, not delivered), FINISHED (both), CANCELED. */
export type EtatCommandeEcom = 'PENDING' | 'DELIVERED' | 'PAYED' | 'FINISHED' | 'CANCELED';

/** §4: the French labels of the states. */
export const ETAT_LABELS: Record<EtatCommandeEcom, string> = {
  PENDING: ECOMMERCE_SCHEMA_MSG.attente,
  DELIVERED: ECOMMERCE_SCHEMA_MSG.livre,
  PAYED: ECOMMERCE_SCHEMA_MSG.paye,
  FINISHED: ECOMMERCE_SCHEMA_MSG.payeLivre,
  CANCELED: ECOMMERCE_SCHEMA_MSG.annulee,
};

export interface InfoClient {
  prenom: string;
  nom: string;
  telephone: string;
  adresse: string;
}

export interface CommandeEcom {
  id: number;
  numero_commande: string;
  /** JSON text with prenom, nom, telephone, adresse (spec §3). */
  info_client: string;
  id_produit_ecom: number;
  id_produit: number;
  nom_produit: string;
  quantite: number;
  prix_unitaire: number;
  montant_total: number;
  etat: EtatCommandeEcom;
  etat_paiement: EtatPaiement;
  etat_livraison: EtatLivraison;
  created_at: string;
}

/** POST api/produit/updateOnlineCommande. */
export const updateCommandeEcomSchema = z.lazy(() =>
  z.object({
    id_commande: refId(ECOMMERCE_SCHEMA_MSG.commande),
    quantite: quantite(ECOMMERCE_SCHEMA_MSG.quantite, { required: ECOMMERCE_SCHEMA_MSG.quantiteRequise }),
    prix_unitaire: fcfa(ECOMMERCE_SCHEMA_MSG.prixUnitaire, MAX_PRIX).check(z.gte(1, { error: ECOMMERCE_SCHEMA_MSG.prixUnitaireRequis })),
  }),
);
export type UpdateCommandeEcomInput = z.input<typeof updateCommandeEcomSchema>;

/** The buyer's details as the list shows them (info_client is JSON text; a broken one shows blanks). */
export function parseInfoClient(text: string): InfoClient {
  try {
    const v = JSON.parse(text) as Partial<InfoClient>;
    return { prenom: String(v.prenom ?? ''), nom: String(v.nom ?? ''), telephone: String(v.telephone ?? ''), adresse: String(v.adresse ?? '') };
  } catch {
    return { prenom: '', nom: '', telephone: '', adresse: '' };
  }
}

/**
 * POST api/produit/bloquerNumeroEcom: blocks the number of this order's buyer and cancels every
 * pending order of that number, in one action (a spam wave).
 */
export const bloquerNumeroSchema = z.lazy(() => z.object({ id_commande: refId(ECOMMERCE_SCHEMA_MSG.commande) }));
export type BloquerNumeroInput = z.input<typeof bloquerNumeroSchema>;
export interface BloquerNumeroResult {
  /** The blocked number (E.164). */
  telephone: string;
  /** Pending orders of that number cancelled by the action. */
  annulees: number;
}
/** POST api/produit/debloquerNumeroEcom: the seller takes a number off its block list. */
export const debloquerNumeroSchema = z.lazy(() => z.object({ telephone }));
export type DebloquerNumeroInput = z.input<typeof debloquerNumeroSchema>;
/** A number the seller blocked (GET api/produit/numerosBloquesEcom). */
export interface NumeroBloque {
  telephone: string;
  bloque_le: string;
}

// ── Public storefront ──
/** A published product as the storefront shows it (no internal ids beyond what ordering needs). */
export interface ProduitVitrine {
  id: number;
  id_entreprise: number;
  entreprise: string;
  type_produit: TypeProduit;
  nom_produit: string;
  prix_unitaire: number;
  description: string;
  ville: string;
  images: string[];
  /**
   * Beside the spec's fields: the seller's country for numbers typed without a code (shared/phone.ts),
   * so the order form checks the buyer's phone as the server will.
   */
  pays_tel?: 'sn' | 'ci' | null;
  /** Units in stock of the linked product: the most one order may ask for. */
  disponible: number;
  /**
   * Beside the spec's fields, on the last product of a marketplace page only: true when another
   * page follows (« Voir plus »), which a page cut short by the per-seller share may still have.
   */
  suite?: boolean;
}

export interface VitrineEntreprise {
  id: number;
  nom: string;
  produits: ProduitVitrine[];
}

/** GET api/vitrine/produits?ville=&type=: the marketplace. */
export const vitrineQuerySchema = z.lazy(() =>
  z.object({
    /** A town of the list (any case or accents), or empty for every town. */
    ville: z.optional(
      z.pipe(
        z.string().check(
          z.trim(),
          z.maxLength(80),
          z.refine((v) => v === '' || villeDeLaListe(v) !== null, { error: ECOM_MSG.villeInconnue }),
        ),
        z.transform((v) => (v === '' ? '' : (villeDeLaListe(v) ?? v))),
      ),
    ),
    type: z.optional(z.enum(TYPES_PRODUIT, { error: ECOMMERCE_SCHEMA_MSG.typeProduitInvalide })),
    /**
     * The next page starts after this product (« <id_entreprise>.<id> », the last card shown):
     * a busy town holds more products than one page, and without it the later sellers would never
     * be seen.
     */
    apres: z.optional(z.string().check(z.regex(/^[1-9]\d{0,9}\.[1-9]\d{0,9}$/, { error: ECOMMERCE_SCHEMA_MSG.pageSuivanteInvalideRelancez }))),
    /** Products per page, 100 at most (the default). */
    limite: z.optional(z.pipe(z.string().check(z.regex(/^(100|[1-9]\d?)$/, { error: ECOMMERCE_SCHEMA_MSG.nombreProduitsParPage })), z.transform(Number))),
  }),
);

/** POST api/vitrine/commande: a buyer without account orders a published product. */
export const commandeVitrineSchema = z.lazy(() =>
  z.object({
    id_entreprise: refId(ECOMMERCE_SCHEMA_MSG.vendeur),
    id_produit: refId(ECOMMERCE_SCHEMA_MSG.produit),
    prenom: requiredText(ECOMMERCE_SCHEMA_MSG.prenom, 80),
    nom: requiredText(ECOMMERCE_SCHEMA_MSG.nom, 80),
    /** As typed; the route applies shared/phone.ts's rule in the seller's country (E.164 stored). */
    telephone,
    adresse: requiredText(ECOMMERCE_SCHEMA_MSG.adresse, 200),
    quantite: quantite(ECOMMERCE_SCHEMA_MSG.quantite, { max: MAX_QUANTITE_VITRINE, required: ECOMMERCE_SCHEMA_MSG.quantiteRequise }),
  }),
);
export type CommandeVitrineInput = z.input<typeof commandeVitrineSchema>;
export interface CommandeVitrineResult {
  numero_commande: string;
  montant_total: number;
  message: string;
}
