// Period dashboard: totals of the entries dated in a range and the month-by-month view
// of a year. Routes: GET api/dashboard/periode/{debut}/{fin}, GET api/dashboard/mois/{annee}.
import { RACE_CODES } from '../breeds';
import { z, hasDecimals, isCalendarDate } from './common';
import { TABLEAU_DE_BORD_SCHEMA_MSG } from '../messages/bandes';

const day = z.lazy(() =>
  z
    .string({ error: TABLEAU_DE_BORD_SCHEMA_MSG.dateRequise })
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: TABLEAU_DE_BORD_SCHEMA_MSG.dateInvalideAaaaMm }),
      z.refine(isCalendarDate, { error: TABLEAU_DE_BORD_SCHEMA_MSG.dateInvalide }),
    ),
);

export const periodeParams = z.lazy(() => z.object({ debut: day, fin: day }));
export const moisParams = z.lazy(() =>
  z.object({
    annee: z.pipe(
      z.transform((v) => (typeof v === 'string' && /^\d{4}$/.test(v) ? Number(v) : v)),
      z
        .number({ error: TABLEAU_DE_BORD_SCHEMA_MSG.anneeInvalide })
        .check(
          z.int({ error: TABLEAU_DE_BORD_SCHEMA_MSG.anneeInvalide }),
          z.gte(1900, { error: TABLEAU_DE_BORD_SCHEMA_MSG.anneeInvalide }),
          z.lte(2100, { error: TABLEAU_DE_BORD_SCHEMA_MSG.anneeInvalide }),
        ),
    ),
  }),
);

/** Raw sums over the entries of a period (cancelled entries excluded). */
export interface PeriodTotals {
  /** Expenses dated in the period, FCFA. */
  depense: number;
  /** Batch sales dated in the period (a shop sale naming a batch is one of them, counted once), FCFA. */
  chiffre_affaire: number;
  /**
   * The period's batch sale quantities added up, each in its own unit (birds, eggs, trays, réforme
   * hens: decision 0217); shown on no screen — a batch's birds and eggs sold are on its card.
   */
  nb_vendu: number;
  /** Birds lost in the period (on the period dashboard, archived batches left out). */
  pertes: number;
  /** Eggs collected in the period (on the period dashboard, archived batches left out). */
  oeufs: number;
  pesages: number;
  /** Shop sales naming no batch, FCFA (shown apart: their purchase cost is not a batch expense). */
  ventes_boutique: number;
}

export interface PeriodDashboard extends PeriodTotals {
  debut: string;
  fin: string;
  /** Batches active at some point of the period (started by its end, not closed before its start), archived ones left out. */
  bandes: number;
  /** Birds of those batches. */
  sujets: number;
  /**
   * Expenses of those batches only (archived ones left out), FCFA: the cost per bird's numerator.
   * `depense` (the period's money) keeps every expense (docs/decisions/0215-delete-an-empty-batch.md).
   */
  depense_production?: number;
  /** Archived batches active in the period, left out of bandes, sujets, pertes, oeufs and the cost per bird. */
  bandes_archivees?: number;
}

export interface MonthRow extends PeriodTotals {
  /** yyyy-mm */
  mois: string;
  benefice: number;
}

export interface YearDashboard {
  annee: number;
  mois: MonthRow[];
}

// ── breed standards (shared/breeds.ts): a business's own targets for a breed ──

const LIST = { error: TABLEAU_DE_BORD_SCHEMA_MSG.listePointsAttendue };
const MAX_POINTS = { error: TABLEAU_DE_BORD_SCHEMA_MSG.plus200Points };
/** A curve point's age in days (weights and feed conversion share it). */
const ageJours = () =>
  z
    .number({ error: TABLEAU_DE_BORD_SCHEMA_MSG.ageJoursRequis })
    .check(
      z.int({ error: TABLEAU_DE_BORD_SCHEMA_MSG.ageJoursEntier }),
      z.gte(0, { error: TABLEAU_DE_BORD_SCHEMA_MSG.ageInvalide }),
      z.lte(1000, { error: TABLEAU_DE_BORD_SCHEMA_MSG.ageInvalide }),
    );

export const raceSchema = z.lazy(() =>
  z.object({
    code: z.enum(RACE_CODES, { error: TABLEAU_DE_BORD_SCHEMA_MSG.soucheInconnue }),
    poids: z
      .array(
        z.object({
          jour: ageJours(),
          g: z
            .number({ error: TABLEAU_DE_BORD_SCHEMA_MSG.poidsRequis })
            .check(
              z.positive({ error: TABLEAU_DE_BORD_SCHEMA_MSG.poidsSuperieur0 }),
              z.lte(20_000, { error: TABLEAU_DE_BORD_SCHEMA_MSG.poidsTropGrand }),
              z.refine(hasDecimals(1), { error: TABLEAU_DE_BORD_SCHEMA_MSG.poidsPlus1Decimale }),
            ),
        }),
        LIST,
      )
      .check(z.maxLength(200, MAX_POINTS)),
    ic: z
      .array(
        z.object({
          jour: ageJours(),
          ic: z
            .number({ error: TABLEAU_DE_BORD_SCHEMA_MSG.indiceRequis })
            .check(
              z.positive({ error: TABLEAU_DE_BORD_SCHEMA_MSG.indiceSuperieur0 }),
              z.lte(10, { error: TABLEAU_DE_BORD_SCHEMA_MSG.indiceTropGrand }),
              z.refine(hasDecimals(3), { error: TABLEAU_DE_BORD_SCHEMA_MSG.indicePlus3Decimales }),
            ),
        }),
        LIST,
      )
      .check(z.maxLength(200, MAX_POINTS)),
    ponte: z
      .array(
        z.object({
          semaine: z
            .number({ error: TABLEAU_DE_BORD_SCHEMA_MSG.ageSemainesRequis })
            .check(
              z.int({ error: TABLEAU_DE_BORD_SCHEMA_MSG.ageSemainesEntier }),
              z.gte(1, { error: TABLEAU_DE_BORD_SCHEMA_MSG.ageInvalide }),
              z.lte(150, { error: TABLEAU_DE_BORD_SCHEMA_MSG.ageInvalide }),
            ),
          pct: z
            .number({ error: TABLEAU_DE_BORD_SCHEMA_MSG.tauxRequis })
            .check(
              z.gte(0, { error: TABLEAU_DE_BORD_SCHEMA_MSG.tauxInvalide }),
              z.lte(100, { error: TABLEAU_DE_BORD_SCHEMA_MSG.tauxPonteDepasse100 }),
              z.refine(hasDecimals(2), { error: TABLEAU_DE_BORD_SCHEMA_MSG.tauxPlus2Decimales }),
            ),
        }),
        LIST,
      )
      .check(z.maxLength(200, MAX_POINTS)),
  }),
);
export type RaceInput = z.infer<typeof raceSchema>;
