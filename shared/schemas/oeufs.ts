// Request schemas and answer types of a layer flock's egg stock and of what the shed sends to the
// shop (paths and names as the issue writes them): the stock by size, breakage (casse),
// moves of eggs to a shop product, and their cancels. Shared by the route table, the handlers, the
// screens and the tests (shared/api/routes/bandes.ts). The replay: shared/formulas/oeufs.ts.
import { z, jour, saisiLe, idParam, quantite, refId } from './common';
import { idBande } from './bandes/fields';
import { CALIBRES, type Calibre, type ParCalibre } from '../formulas/oeufs';
import { OEUFS_SCHEMA_MSG } from '../messages/oeufs';

/** Most eggs one move or one breakage may take (a bound against typing errors: 10 000 trays). */
export const MAX_OEUFS_MOUVEMENT = 300_000;
/** The units a quantity of eggs is typed in: eggs, or trays of 30 (alvéoles). */
export const UNITES_OEUFS = [
  { code: 'oeuf', nom: 'Œufs' },
  { code: 'plateau', nom: OEUFS_SCHEMA_MSG.plateaux30 },
] as const;
const UNITE_OEUFS_CODES = ['oeuf', 'plateau'] as const;
export type UniteOeufs = (typeof UNITE_OEUFS_CODES)[number];

export const uniteOeufs = z.lazy(() => z.enum(UNITE_OEUFS_CODES, { error: OEUFS_SCHEMA_MSG.uniteInvalideOeufPlateau }));
/** An egg size, optional: absent or null, the eggs leave smallest size first (shared/formulas/oeufs.ts). */
export const calibreOptionnel = z.lazy(() => z.nullable(z.optional(z.enum(CALIBRES, { error: OEUFS_SCHEMA_MSG.calibreInvalideSM }))));

const quantiteOeufs = z.lazy(() => quantite(OEUFS_SCHEMA_MSG.quantite, { min: 1, max: MAX_OEUFS_MOUVEMENT, required: OEUFS_SCHEMA_MSG.quantiteRequise }));

/**
 * POST api/bande/oeufs/transfert: `quantite` eggs or trays of a size (or none) from a layer batch to
 * a shop product, on `date`. The eggs must make whole units of the product (its `oeufs_par_unite`).
 */
export const transfertOeufsSchema = z.lazy(() =>
  z.object({
    id_bande: idBande,
    id_produit: refId(OEUFS_SCHEMA_MSG.produit, OEUFS_SCHEMA_MSG.choisirProduit),
    quantite: quantiteOeufs,
    unite: uniteOeufs,
    calibre: calibreOptionnel,
    date: jour,
    saisi_le: saisiLe,
  }),
);
export type TransfertOeufsInput = z.input<typeof transfertOeufsSchema>;

/** POST api/bande/oeufs/casse: eggs broken or lost on `date`, with the reason; in eggs by default. */
export const casseOeufsSchema = z.lazy(() =>
  z.object({
    id_bande: idBande,
    quantite: quantiteOeufs,
    unite: z._default(z.optional(uniteOeufs), 'oeuf'),
    calibre: calibreOptionnel,
    date: jour,
    motif: z
      .string({ error: OEUFS_SCHEMA_MSG.motifRequis })
      .check(z.trim(), z.minLength(3, { error: OEUFS_SCHEMA_MSG.motifRequisMoins3 }), z.maxLength(200, { error: OEUFS_SCHEMA_MSG.motifDepasser200Caracteres })),
    saisi_le: saisiLe,
  }),
);
export type CasseOeufsInput = z.input<typeof casseOeufsSchema>;

/** GET api/bande/oeufs/{id}, …/transfert/delete/{id}, …/casse/delete/{id}. */
export const oeufsIdParams = z.lazy(() => z.object({ id: idParam }));

/** Reasons a breakage screen offers (free text is accepted too). */
export const MOTIFS_CASSE = [OEUFS_SCHEMA_MSG.ufsCasses, OEUFS_SCHEMA_MSG.ufsFeles, 'Œufs sales', 'Œufs perdus'] as const;

// ── answers ──

export type GenreMouvementOeufs = 'collecte' | 'vente' | 'casse' | 'transfert';

/** One movement of the egg stock, as the flock's stock screen lists it (newest first). */
export interface MouvementOeufsVue {
  /** The entry's id in its own kind (a collection's, a batch sale's, a breakage's, a move's). */
  id: number;
  genre: GenreMouvementOeufs;
  /** Its day (YYYY-MM-DD). */
  date: string;
  /** Eggs in (> 0: a collection) or out (< 0). */
  oeufs: number;
  calibre: Calibre | null;
  /** A collection's sizes. */
  calibres?: ParCalibre;
  /** A collection inside an egg withdrawal: held apart, not in the stock. */
  non_commercialisable?: true;
  /** A breakage's reason. */
  motif?: string;
  /** A move's product. */
  produit?: { id: number; nom: string };
  /** A move: the product's units it added (eggs ÷ the product's eggs per unit). */
  unites_produit?: number;
  /** Cancelled entries are listed with their etat (like the batch's sales). */
  etat?: 'DELETED';
  created_at: string;
}

/** GET api/bande/oeufs/{id}: a layer flock's egg stock today and where its eggs went. */
export interface StockOeufsResponse {
  id_bande: number;
  /** Sellable eggs in stock today. */
  stock_oeufs: number;
  /** The same, as trays of 30 plus eggs. */
  plateaux: { plateaux: number; oeufs: number };
  par_calibre: ParCalibre;
  /** Eggs collected inside an egg withdrawal: never sellable. */
  non_commercialisables: number;
  /** Where the batch's eggs went (cancelled entries left out). */
  bilan: {
    collectes: number;
    vendus: number;
    casses: number;
    transferes: number;
    /** Eggs moved to each shop product. */
    par_produit: { id_produit: number; nom: string; oeufs: number; unites: number }[];
  };
  /** Days an exit left without its eggs (entries made before the stock existed): shown, never blocking. */
  ruptures: { date: string; calibre: Calibre | null; oeufs: number }[];
  mouvements: MouvementOeufsVue[];
}

/** POST …/transfert → the move and the product's stock after it; POST …/casse → the breakage. Their cancels answer the same. */
export interface TransfertOeufsResponse {
  code: 200;
  message: string;
  transfert: MouvementOeufsVue;
  produit: { id: number; nom: string; quantite: number };
}
export interface CasseOeufsResponse {
  code: 200;
  message: string;
  casse: MouvementOeufsVue;
}
