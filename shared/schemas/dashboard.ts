// Period dashboard (issue 11): totals of the entries dated in a range and the month-by-month view
// of a year. Routes: GET api/dashboard/periode/{debut}/{fin}, GET api/dashboard/mois/{annee}.
import { z, isCalendarDate } from './common';

const day = z
  .string({ error: 'Date requise' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date invalide : AAAA-MM-JJ attendu' })
  .refine(isCalendarDate, { error: 'Date invalide' });

export const periodeParams = z.object({ debut: day, fin: day });
export const moisParams = z.object({
  annee: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{4}$/.test(v) ? Number(v) : v),
    z.number({ error: 'Année invalide' }).int({ error: 'Année invalide' }).min(1900, { error: 'Année invalide' }).max(2100, { error: 'Année invalide' }),
  ),
});

/** Raw sums over the entries of a period (cancelled entries excluded). */
export interface PeriodTotals {
  /** Expenses dated in the period, FCFA. */
  depense: number;
  /** Batch sales dated in the period (a shop sale naming a batch is one of them, counted once), FCFA. */
  chiffre_affaire: number;
  nb_vendu: number;
  /** Birds lost in the period. */
  pertes: number;
  /** Eggs collected in the period. */
  oeufs: number;
  pesages: number;
  /** Shop sales naming no batch, FCFA (shown apart: their purchase cost is not a batch expense). */
  ventes_boutique: number;
}

export interface PeriodDashboard extends PeriodTotals {
  debut: string;
  fin: string;
  /** Batches active at some point of the period (started by its end, not closed before its start). */
  bandes: number;
  /** Birds of those batches. */
  sujets: number;
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

export const DASHBOARD_MSG = {
  badRange: 'Période invalide : la date de début doit précéder la date de fin.',
  tooLong: 'Période trop longue : 5 ans au plus.',
} as const;
