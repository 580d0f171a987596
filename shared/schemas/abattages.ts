// Slaughter records (spec part 2 §2, §3, §5, §7: api/bande/abatage*), used by the form, the
// handlers and the tests.
import { z, hasDecimals, idParam, isoDate, quantite, refId } from './common';
import { ABATTAGE_MSG } from '../messages/abattages';
import { ABATTAGES_SCHEMA_MSG } from '../messages/abattages';

/** Largest weight of a bird, kg. */
const MAX_POIDS = 100;

const poids = (label: string) =>
  z
    .number({ error: ABATTAGES_SCHEMA_MSG.requis(label) })
    .check(
      z.gte(0.1, { error: ABATTAGES_SCHEMA_MSG.moins01(label) }),
      z.lte(MAX_POIDS, { error: ABATTAGES_SCHEMA_MSG.depasserKg(label, MAX_POIDS) }),
      z.refine(hasDecimals(3), { error: ABATTAGES_SCHEMA_MSG.plus3Decimales(label) }),
    );

/** One weight category: how many birds between two weights (kg). */
export const categorySchema = z.lazy(() =>
  z
    .object({
      /** An existing category's id; 0 or -1 (or absent) for a new one. */
      id: z.nullable(z.optional(z.number().check(z.int(), z.gte(-1), z.lte(9_999_999_999)))),
      quantite: quantite(ABATTAGES_SCHEMA_MSG.quantiteCategorie, { required: ABATTAGES_SCHEMA_MSG.quantiteCategorieRequise }),
      poids_min: poids(ABATTAGES_SCHEMA_MSG.poidsMinimum),
      poids_max: poids(ABATTAGES_SCHEMA_MSG.poidsMaximum),
      /**
       * Ours: the shop product these birds become (« Poulet PAC 1,5–2 kg »): its stock
       * rises by the category's quantity in the slaughter's transaction. Absent or null: none.
       */
      id_produit: z.nullable(
        z.optional(
          z
            .number({ error: ABATTAGES_SCHEMA_MSG.produitInvalide })
            .check(
              z.int({ error: ABATTAGES_SCHEMA_MSG.produitInvalide }),
              z.gte(1, { error: ABATTAGES_SCHEMA_MSG.produitInvalide }),
              z.lte(9_999_999_999, { error: ABATTAGES_SCHEMA_MSG.produitInvalide }),
            ),
        ),
      ),
    })
    .check(z.refine((c) => c.poids_min <= c.poids_max, { error: ABATTAGE_MSG.minMax, path: ['poids_max'] })),
);

/** Categories of one slaughter that may name a shop product. */
export const MAX_CATEGORIES_PRODUIT = 20;

/** Same quantity, min and max: the spec's duplicate category. */
export const sameCategory = (a: { quantite: number; poids_min: number; poids_max: number }, b: { quantite: number; poids_min: number; poids_max: number }) =>
  a.quantite === b.quantite && a.poids_min === b.poids_min && a.poids_max === b.poids_max;

/** POST api/bande/abatage: id −1 (or 0) creates; categories replace the record's (deleted ones named). */
export const abattageSchema = z.lazy(() =>
  z
    .object({
      id: z._default(
        z
          .number({ error: ABATTAGES_SCHEMA_MSG.identifiantInvalide })
          .check(
            z.int({ error: ABATTAGES_SCHEMA_MSG.identifiantInvalide }),
            z.gte(-1, { error: ABATTAGES_SCHEMA_MSG.identifiantInvalide }),
            z.lte(9_999_999_999, { error: ABATTAGES_SCHEMA_MSG.identifiantInvalide }),
          ),
        -1,
      ),
      quantite: quantite(ABATTAGES_SCHEMA_MSG.nombreSujetsAbattus, { required: ABATTAGES_SCHEMA_MSG.nombreSujetsAbattusRequis }),
      id_bande: refId(ABATTAGES_SCHEMA_MSG.bande, ABATTAGES_SCHEMA_MSG.choisirBande),
      date: z.nullable(z.optional(isoDate)),
      category: z._default(z.array(categorySchema).check(z.maxLength(50, { error: ABATTAGES_SCHEMA_MSG.plus50Categories })), []),
      deleted_categories_id: z._default(z.array(refId(ABATTAGES_SCHEMA_MSG.categorie)).check(z.maxLength(50)), []),
    })
    .check(
      z.superRefine((a, ctx) => {
        for (let i = 0; i < a.category.length; i++) {
          if (a.category.slice(0, i).some((c) => sameCategory(c, a.category[i]))) {
            ctx.addIssue({ code: 'custom', message: ABATTAGE_MSG.duplicateCategory, path: ['category', i] });
            return;
          }
        }
        // Each category naming a product writes a restock line (and an edit takes the old
        // ones back) in the slaughter's one transaction, which holds at most 100 items.
        if (a.category.filter((c) => c.id_produit).length > MAX_CATEGORIES_PRODUIT) {
          ctx.addIssue({ code: 'custom', message: ABATTAGE_MSG.tropDeProduits(MAX_CATEGORIES_PRODUIT), path: ['category'] });
          return;
        }
        if (a.category.length && a.category.reduce((s, c) => s + c.quantite, 0) !== a.quantite) {
          ctx.addIssue({ code: 'custom', message: ABATTAGE_MSG.categoriesSum, path: ['category'] });
        }
      }),
    ),
);
export type AbattageInput = z.input<typeof abattageSchema>;

export const abattageParams = z.lazy(() => z.object({ id: idParam }));

export interface Categorie {
  id: number;
  quantite: number;
  poids_min: number;
  poids_max: number;
  /** The shop product the category's birds became, with the restock line that carried them. */
  id_produit?: number | null;
  produit?: { id: number; nom: string };
  id_reappro?: number;
}

export interface Abattage {
  id: number;
  quantite: number;
  id_bande: number;
  bande: { id: number; nom: string };
  /** The slaughter's day (yyyy-mm-dd, or as sent with a time). */
  date: string;
  created_at: string;
  categories: Categorie[];
  /** Cancelled (GET api/bande/abatage/delete/{id}): its birds went back to the batch, its products' stock back out. */
  etat?: 'DELETED';
}

/** GET api/bande/abatage/delete/{id} → { code, message, abatage } (the record, etat DELETED). */
export type CancelAbattageResponse = SaveAbattageResponse;

/** POST api/bande/abatage → { code, message, abatage }; GET …/list → Abattage[] newest first; GET …/list/{id} → Abattage. */
export interface SaveAbattageResponse {
  code: 200;
  message: string;
  abatage: Abattage;
}
