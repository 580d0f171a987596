// Soft thresholds of the batch entries: a figure the server accepts (it is
// physically possible) but that is far enough from what a farm usually records that it is more
// likely a typing slip (a digit too many, grams typed as kilograms) than the truth. The entry
// dialogs ask « Êtes-vous sûr ? » with the reason below before saving; the farmer may confirm.
// The hard limits (birds alive, eggs ≤ hens, 6 000 g / 3 500 g) are the server's and refuse.
//
// Each check answers the French reason, or null when the figure is ordinary. Sources and
// reasoning of each threshold: docs/decisions/0136-plausibility.md.
import { standardWeight, type Race } from './breeds';
import { formatFcfa as fcfa, formatNombre, formatNumber } from './format';

export const SEUILS = {
  /**
   * A weighing above 130 % of the breed's objective at that age: the breeders' objectives (Cobb
   * 500, Ross 308, 2022) are reached under near-ideal conditions; no flock beats them by a third.
   */
  poidsMaxStandard: 1.3,
  /**
   * Below 50 % of the objective: field flocks in West Africa often run 10–25 % under it (heat,
   * feed), half of it is a failing flock or a slip (a digit lost, kg typed as g).
   */
  poidsMinStandard: 0.5,
  /** Under 30 g, less than a day-old chick (35–45 g; Cobb 42 g, Ross 44 g at day 0). */
  poidsMinG: 30,
  /** One loss entry of more than 10 % of the birds alive: a whole cycle loses 3–5 % (breeders' objectives). */
  pertePartVivants: 0.1,
  /** Hen-day laying above 95 %: the best strains peak at 93–96 % (Lohmann Brown-Classic, ISA Brown, Hy-Line Brown guides). */
  ponteMaxPct: 95,
  /**
   * An expense over 10 times the batch's median expense of the same type: the feed of a cycle is
   * bought in purchases of similar size, as are vaccines or transport, while a feed purchase is
   * routinely 10–50 times a vaccine or a transport (docs/decisions/0220-expense-doubt-by-type.md).
   */
  depenseFoisMediane: 10,
  /** …once the batch has at least 3 expenses of that type to know its usual. */
  depenseHistoriqueMin: 3,
  /** A sale's unit price over 3 times, or under a third of, the batch's median sale price. */
  prixFoisMediane: 3,
  /** …once the batch has at least 2 sales to know its usual. */
  prixHistoriqueMin: 2,
} as const;

/** 1234.54 → "1 234,5": one decimal, French decimal comma. */
const nombre = (n: number) => formatNumber(Math.round(n * 10) / 10);

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * A weighing's average weight (g) against the breed's objective at the birds' age (days), when
 * the breed has a curve covering that age; under 30 g always.
 */
export function doutePoids(poidsG: number, ageJours: number | null, race: Pick<Race, 'poids' | 'nom'> | undefined): string | null {
  if (!(poidsG > 0)) return null;
  if (poidsG < SEUILS.poidsMinG) return `Un poids moyen de ${nombre(poidsG)} g est inférieur à celui d'un poussin d'un jour : vérifiez l'unité (g ou kg).`;
  if (!race || ageJours === null || ageJours < 0) return null;
  const std = standardWeight(race, ageJours);
  if (!std) return null;
  const ecart = `le standard ${race.nom} à ${ageJours} jours est de ${formatNombre(std)} g`;
  if (poidsG > std * SEUILS.poidsMaxStandard) return `Un poids moyen de ${nombre(poidsG)} g est très au-dessus de la courbe : ${ecart}.`;
  if (poidsG < std * SEUILS.poidsMinStandard) return `Un poids moyen de ${nombre(poidsG)} g est très en dessous de la courbe : ${ecart}.`;
  return null;
}

/** One loss entry against the birds alive before it. */
export function doutePerte(nombrePerte: number, vivants: number): string | null {
  if (!(nombrePerte > 0) || !(vivants > 0)) return null;
  if (nombrePerte <= vivants * SEUILS.pertePartVivants) return null;
  const pct = Math.round((nombrePerte / vivants) * 100);
  const s = nombrePerte > 1 ? 's' : '';
  return `${formatNombre(nombrePerte)} sujet${s} mort${s} en une fois, c'est ${pct} % des ${formatNombre(vivants)} sujets vivants de la bande.`;
}

/** The eggs of a day (this collection and the day's others) against the hens alive that day. */
export function doutePonte(oeufsDuJour: number, poulesVivantes: number): string | null {
  if (!(oeufsDuJour > 0) || !(poulesVivantes > 0)) return null;
  const pct = (oeufsDuJour / poulesVivantes) * 100;
  if (pct <= SEUILS.ponteMaxPct) return null;
  return `${formatNombre(oeufsDuJour)} œufs ce jour-là pour ${formatNombre(poulesVivantes)} poules vivantes, soit un taux de ponte de ${nombre(pct)} % : les meilleures souches plafonnent vers ${SEUILS.ponteMaxPct} %.`;
}

/** An expense as the doubt reads it: its line total and its type. */
export interface DepenseTypee {
  prix_total: number;
  id_type_depense: number;
}

/**
 * An expense's line total against the batch's other expenses of the same type (their median): a
 * feed purchase is compared with feed purchases, never with a vaccine. Its unit (kg, sack, tonne)
 * plays no part: the total is in francs whatever the unit. `nomType` names the type in the reason.
 */
export function douteDepense(d: DepenseTypee, autres: readonly DepenseTypee[], nomType?: string): string | null {
  const montant = d.prix_total;
  const memeType = autres.filter((a) => a.id_type_depense === d.id_type_depense).map((a) => a.prix_total);
  if (!(montant > 0) || memeType.length < SEUILS.depenseHistoriqueMin) return null;
  const m = median(memeType.filter((v) => v > 0));
  if (!m || montant <= m * SEUILS.depenseFoisMediane) return null;
  const habituelle = nomType ? `la dépense habituelle de type ${nomType}` : 'la dépense habituelle de ce type';
  return `Cette dépense de ${fcfa(montant)} fait plus de ${SEUILS.depenseFoisMediane} fois ${habituelle} de cette bande (${fcfa(m)}).`;
}

/** A sale's unit price against the batch's other sales (their median unit price). */
export function doutePrix(prix: number, autres: readonly number[]): string | null {
  if (!(prix > 0) || autres.length < SEUILS.prixHistoriqueMin) return null;
  const m = median(autres.filter((v) => v > 0));
  if (!m) return null;
  const f = SEUILS.prixFoisMediane;
  if (prix > m * f) return `Un prix unitaire de ${fcfa(prix)} fait plus de ${f} fois le prix habituel des ventes de cette bande (${fcfa(m)}).`;
  if (prix < m / f) return `Un prix unitaire de ${fcfa(prix)} fait moins du tiers du prix habituel des ventes de cette bande (${fcfa(m)}).`;
  return null;
}
