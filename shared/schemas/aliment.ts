// Request schemas and answer types of the farm's feed store and the daily sheet: feed
// purchases, what each batch eats, the stock on every day and its value, the days of feed left, a
// batch's sheet of the day (water, temperatures, humidity). Shared by the route table, the
// handlers, the screens and the tests (shared/api/routes/aliment.ts, shared/api/routes/bandes.ts).
import { z, fcfa, jour, optionalText, requiredText, saisiLe, idParam } from './common';
import { idBande, quantity } from './bandes/fields';
import { UNITES_DEPENSE } from './bandes/entries';
import { ALIMENT_SCHEMA_MSG } from '../messages/aliment';

/** Units of a feed quantity: the expenses' codes (kg, sacks of 25 or 50 kg, tonnes; shared/formulas/indicators.ts KG_PAR_UNITE). */
export const UNITES_ALIMENT = UNITES_DEPENSE;
export const UNITE_ALIMENT_CODES = ['kg', 'sac25', 'sac50', 't'] as const;
export type UniteAliment = (typeof UNITE_ALIMENT_CODES)[number];
const unite = z.lazy(() => z.enum(UNITE_ALIMENT_CODES, { error: ALIMENT_SCHEMA_MSG.uniteInvalideKgSac25 }));

/** Most feed one purchase or one consumption may move, kg (a bound against typing errors: 500 t). */
export const MAX_KG_MOUVEMENT = 500_000;
/** Threshold of days of feed left under which « À faire » warns: default and bounds. */
export const SEUIL_JOURS_DEFAUT = 3;
export const SEUIL_JOURS_MAX = 60;

/** POST api/aliment/achat. Its kg (quantite × the unit's kg) enter the stock on `date`. */
export const achatAlimentSchema = z.lazy(() =>
  z.object({
    date: jour,
    designation: requiredText(ALIMENT_SCHEMA_MSG.designation, 120),
    quantite: quantity(ALIMENT_SCHEMA_MSG.quantite, 0.001),
    unite,
    prix_total: fcfa(ALIMENT_SCHEMA_MSG.prixTotal).check(z.gte(1, { error: ALIMENT_SCHEMA_MSG.prixTotalSuperieur0 })),
    fournisseur: optionalText(120),
    saisi_le: saisiLe,
  }),
);
export type AchatAlimentInput = z.infer<typeof achatAlimentSchema>;

/** POST api/aliment/consommation: what a batch ate on `date`, taken from the store. */
export const consommationSchema = z.lazy(() =>
  z.object({
    id_bande: idBande,
    date: jour,
    quantite: quantity(ALIMENT_SCHEMA_MSG.quantite, 0.001),
    unite,
    saisi_le: saisiLe,
  }),
);
export type ConsommationInput = z.infer<typeof consommationSchema>;

/** Bounds of the water alert's share (%): a farm's own, whole; below 5 % every day's noise alerts, above 90 % nothing does. */
export const BAISSE_EAU_PCT_MIN = 5;
export const BAISSE_EAU_PCT_MAX = 90;

/**
 * POST api/aliment/seuil: the business's alert settings, each sent alone or together (the one not
 * sent is kept): the days of feed left under which « À faire » warns, and the share (%) of a drop in
 * water per bird that raises the water alert (no published source gives one: docs/aliment.md
 * « Sources », decision 0242).
 */
export const seuilAlimentSchema = z.lazy(() =>
  z
    .object({
      seuil_jours: z.optional(
        z
          .number({ error: ALIMENT_SCHEMA_MSG.seuilRequis })
          .check(
            z.int({ error: ALIMENT_SCHEMA_MSG.seuilNombreEntierJours }),
            z.gte(1, { error: ALIMENT_SCHEMA_MSG.seuilMoins1Jour }),
            z.lte(SEUIL_JOURS_MAX, { error: ALIMENT_SCHEMA_MSG.seuilDepasserJours(SEUIL_JOURS_MAX) }),
          ),
      ),
      baisse_eau_pct: z.optional(
        z
          .number({ error: ALIMENT_SCHEMA_MSG.baisseEauNombre })
          .check(
            z.int({ error: ALIMENT_SCHEMA_MSG.baisseEauPourcentageEntier }),
            z.gte(BAISSE_EAU_PCT_MIN, { error: ALIMENT_SCHEMA_MSG.baisseEauMoins(BAISSE_EAU_PCT_MIN) }),
            z.lte(BAISSE_EAU_PCT_MAX, { error: ALIMENT_SCHEMA_MSG.baisseEauDepasser(BAISSE_EAU_PCT_MAX) }),
          ),
      ),
    })
    .check(
      z.refine((v) => v.seuil_jours !== undefined || v.baisse_eau_pct !== undefined, {
        error: ALIMENT_SCHEMA_MSG.saisissezSeuilJoursBaisse,
        path: ['seuil_jours'],
      }),
    ),
);
export type SeuilAlimentInput = z.infer<typeof seuilAlimentSchema>;

export const alimentIdParams = z.lazy(() => z.object({ id: idParam }));
/** GET api/aliment/consommation?debut=&fin=: the consumptions dated in the range (default: the last 31 days; at most 366 days). */
export const alimentRangeQuery = z.lazy(() => z.object({ debut: z.optional(jour), fin: z.optional(jour) }));

/** Bounds of the daily sheet's fields (the server also bounds water by the birds alive: docs/aliment.md). */
export const TEMP_MIN_C = -5;
export const TEMP_MAX_C = 60;

const temperature = (label: string) =>
  z.nullable(
    z.optional(
      z
        .number({ error: ALIMENT_SCHEMA_MSG.nombre(label) })
        .check(
          z.gte(TEMP_MIN_C, { error: ALIMENT_SCHEMA_MSG.entreC(label, TEMP_MIN_C, TEMP_MAX_C) }),
          z.lte(TEMP_MAX_C, { error: ALIMENT_SCHEMA_MSG.entreC(label, TEMP_MIN_C, TEMP_MAX_C) }),
        ),
    ),
  );

/**
 * POST api/bande/fiche: a batch's sheet of a day; saving the same batch and day again replaces it.
 * At least one figure or a note. Refused: a future date or one outside the batch, min above max.
 */
export const ficheSchema = z.lazy(() =>
  z
    .object({
      id_bande: idBande,
      date: jour,
      eau_litres: z.nullable(
        z.optional(
          z
            .number({ error: ALIMENT_SCHEMA_MSG.eauNombreLitres })
            .check(z.gte(0, { error: ALIMENT_SCHEMA_MSG.eauBuePeutNegative }), z.lte(1_000_000, { error: ALIMENT_SCHEMA_MSG.eauBueTropGrande })),
        ),
      ),
      temp_min: temperature(ALIMENT_SCHEMA_MSG.temperatureMinimale),
      temp_max: temperature(ALIMENT_SCHEMA_MSG.temperatureMaximale),
      humidite: z.nullable(
        z.optional(
          z
            .number({ error: ALIMENT_SCHEMA_MSG.humiditeNombre })
            .check(z.gte(0, { error: ALIMENT_SCHEMA_MSG.humiditeEntre0100 }), z.lte(100, { error: ALIMENT_SCHEMA_MSG.humiditeEntre0100 })),
        ),
      ),
      note: optionalText(300),
      saisi_le: saisiLe,
    })
    .check(
      z.refine((f) => f.temp_min == null || f.temp_max == null || f.temp_min <= f.temp_max, {
        error: ALIMENT_SCHEMA_MSG.temperatureMinimalePeutDepasser,
        path: ['temp_min'],
      }),
      z.refine((f) => f.eau_litres != null || f.temp_min != null || f.temp_max != null || f.humidite != null || !!f.note, {
        error: ALIMENT_SCHEMA_MSG.saisissezMoinsValeur,
        path: ['eau_litres'],
      }),
    ),
);
export type FicheInput = z.infer<typeof ficheSchema>;
export const ficheIdParams = z.lazy(() => z.object({ id: idParam }));

// ── answers ──

export interface AchatAliment {
  id: number;
  date: string;
  designation: string;
  quantite: number;
  unite: UniteAliment;
  /** quantite × the unit's kg. */
  kg: number;
  prix_total: number;
  fournisseur?: string;
  etat: 'ACTIVE' | 'DELETED';
  created_at: string;
}

export interface ConsommationAliment {
  id: number;
  id_bande: number;
  nom_bande?: string;
  date: string;
  quantite: number;
  unite: UniteAliment;
  kg: number;
  /** kg × the store's average cost on its day (shared/formulas/aliment.ts), whole FCFA. */
  valeur: number;
  etat: 'ACTIVE' | 'DELETED';
  created_at: string;
}

/** How a daily consumption was found: the last 7 days, the breed's published intake, the batch's few days, nothing. */
export type SourceConso = 'historique' | 'courbe' | 'moyenne' | 'aucune';

/** One day of the store: what came in and went out, and the stock and its value at the day's end. */
export interface JourStock {
  date: string;
  entree_kg: number;
  sortie_kg: number;
  stock_kg: number;
  /** Whole FCFA. */
  valeur: number;
  /** FCFA per kg, 2 decimals (the day's weighted average cost). */
  cout_moyen_kg: number;
}

/** GET api/aliment/stock */
export interface StockAliment {
  /** At the end of today. */
  stock_kg: number;
  valeur: number;
  cout_moyen_kg: number;
  /** What the store loses a day: the sum over the batches it feeds. */
  conso_jour_kg: number;
  /** floor(stock_kg / conso_jour_kg); null when nothing is eaten from the store. */
  jours_restants: number | null;
  seuil_jours: number;
  /** The business's share (%) of a drop in water per bird that raises the water alert (default EAU_BAISSE_ALERTE_PCT, « indicatif »). */
  baisse_eau_pct: number;
  /** Each active batch the store feeds, how its daily consumption was found. */
  bandes: { id_bande: number; nom_bande: string; conso_jour_kg: number; source: SourceConso; race?: string }[];
  /** The store day by day over the last 60 days that moved it (oldest first). */
  jours: JourStock[];
}

/** A batch's feed from the store, on GET api/bande/{id} (and its kg and cost on every batch listed). */
export interface AlimentBande {
  kg: number;
  /** Whole FCFA: Σ kg of each day × that day's average cost, rounded once. */
  cout: number;
  consommations: ConsommationAliment[];
}

/** A batch's sheet of a day. */
export interface Fiche {
  id_bande: number;
  date: string;
  eau_litres?: number;
  temp_min?: number;
  temp_max?: number;
  humidite?: number;
  note?: string;
  updated_at: string;
}

/** GET api/bande/fiche/{id}: one row a day that has a sheet or a consumption, oldest first. */
export interface FicheJour extends Partial<Omit<Fiche, 'id_bande' | 'date'>> {
  date: string;
  /** Birds alive at the day's end (shared/formulas/birds.ts `sujetsVivantsLe`). */
  vivants: number;
  /** Feed eaten from the store that day, kg (absent: none recorded). */
  aliment_kg?: number;
  /** Litres per bird alive, 3 decimals. */
  eau_par_sujet?: number;
  /** Water litres / feed kg, 2 decimals (both recorded that day). */
  ratio_eau_aliment?: number;
}

/** The feed and water alerts of « À faire » (GET api/sante/a-faire's `aliment` and `eau`). */
export interface AlerteAliment {
  stock_kg: number;
  jours_restants: number;
  seuil_jours: number;
}
export interface AlerteEau {
  id_bande: number;
  nom_bande: string;
  date: string;
  eau_litres: number;
  /**
   * Litres the day's birds would have drunk at the average litres a bird of the days before it
   * (docs/aliment.md « Les alertes »: the drop is read per bird alive, so a sale raises none).
   */
  moyenne_precedente: number;
  /** Drop, % of that average, rounded. */
  baisse_pct: number;
}
