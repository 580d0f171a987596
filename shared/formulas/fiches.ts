// The daily sheet's figures (issue 35): the water bound by the birds alive, water per bird, the
// water/feed ratio, and the water alert of « À faire ». One definition for the server, the screens
// and the tests (constants and their sources: shared/aliment/references.ts).
import { addDays } from '../dates';
import { EAU_ALERTE_HISTORIQUE_MIN, EAU_ALERTE_JOURS, EAU_BAISSE_ALERTE_PCT, EAU_MAX_LITRES_PAR_SUJET } from '../aliment/references';

/** Most litres a day's sheet may record for `vivants` birds alive that day. */
export const eauMaxLitres = (vivants: number): number => Math.max(0, vivants) * EAU_MAX_LITRES_PAR_SUJET;

/** Litres per bird alive, 3 decimals (undefined: no bird alive). */
export const eauParSujet = (litres: number, vivants: number): number | undefined => (vivants > 0 ? Math.round((litres / vivants) * 1000) / 1000 : undefined);

/** Water litres over feed kg, 2 decimals (undefined: no feed that day). */
export const ratioEauAliment = (litres: number, kg: number): number | undefined => (kg > 0 ? Math.round((litres / kg) * 100) / 100 : undefined);

/**
 * The water alert of a batch on `day`: its water of that day is below the average of its water on
 * the `EAU_ALERTE_JOURS` days before by more than `EAU_BAISSE_ALERTE_PCT` %. Only the days with
 * water recorded count (a day without a sheet is unknown, not zero), and at least
 * `EAU_ALERTE_HISTORIQUE_MIN` of them must be there. `eauParJour`: litres by day (YYYY-MM-DD).
 */
export function alerteEau(
  eauParJour: Readonly<Record<string, number>>,
  day: string,
): { eau_litres: number; moyenne_precedente: number; baisse_pct: number } | null {
  const eau = eauParJour[day];
  if (eau === undefined) return null;
  const avant: number[] = [];
  for (let i = 1; i <= EAU_ALERTE_JOURS; i++) {
    const v = eauParJour[addDays(day, -i)];
    if (v !== undefined) avant.push(v);
  }
  if (avant.length < EAU_ALERTE_HISTORIQUE_MIN) return null;
  const moyenne = avant.reduce((s, v) => s + v, 0) / avant.length;
  if (moyenne <= 0) return null;
  const baisse = ((moyenne - eau) / moyenne) * 100;
  if (baisse <= EAU_BAISSE_ALERTE_PCT) return null;
  return { eau_litres: eau, moyenne_precedente: Math.round(moyenne * 10) / 10, baisse_pct: Math.round(baisse) };
}
