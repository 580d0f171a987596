// The daily sheet's figures: the water bound by the birds alive, water per bird, the
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

/** A day of a batch's sheets as the alert reads it: litres drunk and the birds alive that day. */
export interface EauDuJour {
  eau: number;
  vivants: number;
}

/**
 * The water alert of a batch on `day`, read PER BIRD ALIVE (a sale or a slaughter lowers the
 * litres, not what each bird drinks): the litres a bird drank that day are below the average of
 * the litres a bird drank on the `EAU_ALERTE_JOURS` days before by more than
 * `pct` % (the business's own share, default `EAU_BAISSE_ALERTE_PCT`: no published source gives
 * one, decision 0242). Only the days with water recorded and birds alive count (a day without
 * a sheet is unknown, not zero), and at least `EAU_ALERTE_HISTORIQUE_MIN` of them must be there.
 * `moyenne_precedente`: what the day's birds would have drunk at that average, litres (so that the
 * drop reads between two litres figures).
 */
export function alerteEau(
  parJour: Readonly<Record<string, EauDuJour>>,
  day: string,
  pct: number = EAU_BAISSE_ALERTE_PCT,
): { eau_litres: number; moyenne_precedente: number; baisse_pct: number } | null {
  const jour = parJour[day];
  if (!jour || jour.vivants <= 0) return null;
  const avant: number[] = [];
  for (let i = 1; i <= EAU_ALERTE_JOURS; i++) {
    const j = parJour[addDays(day, -i)];
    if (j && j.vivants > 0) avant.push(j.eau / j.vivants);
  }
  if (avant.length < EAU_ALERTE_HISTORIQUE_MIN) return null;
  const attendu = (avant.reduce((s, v) => s + v, 0) / avant.length) * jour.vivants;
  if (attendu <= 0) return null;
  const baisse = ((attendu - jour.eau) / attendu) * 100;
  if (baisse <= pct) return null;
  return { eau_litres: jour.eau, moyenne_precedente: Math.round(attendu * 10) / 10, baisse_pct: Math.round(baisse) };
}
