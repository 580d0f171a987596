// The money and count figures of spec part 1 §9 (revenue, expenses, profit, rates, expense shares),
// one place for the dashboard, the batch detail and the server's running totals. Money is integer
// FCFA; rates and per-bird costs have 2 decimals.

/** Rounds to 3 decimals (feed conversion ratios are read to the thousandth). */
export function round3(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const sign = n < 0 ? -1 : 1;
  return (sign * Math.round(Math.abs(n) * 1000 + 1e-9)) / 1000;
}

/** Rounds to 2 decimals (half away from zero), immune to 1.005-style float noise. */
export function round2(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const sign = n < 0 ? -1 : 1;
  return (sign * Math.round(Math.abs(n) * 100 + 1e-9)) / 100;
}

/**
 * A computed amount rounded to the franc, half away from zero. The amount is first taken to the
 * millionth of a franc, so that float noise cannot move a true half: the feed store's values are
 * fractions (grams × a day's cost per kg), and 47 kg at 449 115 FCFA / 1 975 kg is exactly
 * 10 801.5 FCFA, which plain floats summed day by day give as 10 801.4999… (docs/aliment.md).
 */
export function francs(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const sign = n < 0 ? -1 : 1;
  return sign * Math.round(Math.round(Math.abs(n) * 1e6) / 1e6) || 0;
}

/** A line total, rounded once to the franc (XOF has no minor unit). */
export function lineTotal(prixUnitaire: number, quantite: number): number {
  return Math.round(prixUnitaire * quantite);
}

export interface Line {
  prix_unitaire: number;
  quantite: number;
  prix_total?: number;
  etat?: string;
}

/** A line's amount: its stored total, else unit price × quantity rounded once. */
export const lineAmount = (l: Line) => l.prix_total ?? lineTotal(l.prix_unitaire, l.quantite);

/** Revenue = Σ quantity × unit price over sales, cancelled (DELETED) sales excluded. */
export function revenue(ventes: readonly Line[]): number {
  return ventes.filter((v) => v.etat !== 'DELETED').reduce((s, v) => s + lineAmount(v), 0);
}

/** Expenses = Σ quantity × unit price (deleted expenses excluded). */
export function expensesTotal(depenses: readonly Line[]): number {
  return depenses.filter((d) => d.etat !== 'DELETED').reduce((s, d) => s + lineAmount(d), 0);
}

/** Losses = Σ nombre over entries whose type is perte. */
export function lossesTotal(pertes: readonly { nombre: number; type?: string; etat?: string }[]): number {
  return pertes.filter((p) => (p.type ?? 'perte') === 'perte' && p.etat !== 'DELETED').reduce((s, p) => s + p.nombre, 0);
}

export interface Figures {
  /** birds (nb_sujet) */
  sujets: number;
  chiffreAffaire: number;
  depenses: number;
  pertes: number;
}

export interface Results extends Figures {
  benefice: number;
  /** percent, 2 decimals; 0 when there are no birds */
  tauxMortalite: number;
  /** FCFA per bird, 2 decimals; 0 when there are no birds */
  coutProduction: number;
  /** percent, 2 decimals; null when there are no expenses (undefined ratio) */
  tauxRentabilite: number | null;
}

export const profit = (chiffreAffaire: number, depenses: number) => chiffreAffaire - depenses;
export const mortalityRate = (pertes: number, sujets: number) => (sujets > 0 ? round2((pertes / sujets) * 100) : 0);
export const productionCost = (depenses: number, sujets: number) => (sujets > 0 ? round2(depenses / sujets) : 0);
export const profitabilityRate = (chiffreAffaire: number, depenses: number) => (depenses > 0 ? round2(((chiffreAffaire - depenses) / depenses) * 100) : null);

export function results(f: Figures): Results {
  return {
    ...f,
    benefice: profit(f.chiffreAffaire, f.depenses),
    tauxMortalite: mortalityRate(f.pertes, f.sujets),
    coutProduction: productionCost(f.depenses, f.sujets),
    tauxRentabilite: profitabilityRate(f.chiffreAffaire, f.depenses),
  };
}

/** Figures of one batch from its lists (batch detail). */
export function batchFigures(b: {
  nb_sujet: number;
  ventes: readonly Line[];
  depenses: readonly Line[];
  pertes: readonly { nombre: number; type?: string; etat?: string }[];
  /** Feed eaten from the farm's store, valued at its average cost: one of the batch's costs. */
  cout_aliment?: number;
}): Results {
  return results({
    sujets: b.nb_sujet,
    chiffreAffaire: revenue(b.ventes),
    depenses: expensesTotal(b.depenses) + (b.cout_aliment ?? 0),
    pertes: lossesTotal(b.pertes),
  });
}

/** Dashboard: totals over batches carrying the server's running totals. */
export function dashboardFigures(
  bandes: readonly { nb_sujet: number; chiffre_affaire: number; depense: number; nb_perte: number }[],
): Results & { bandes: number } {
  const f = bandes.reduce(
    (acc, b) => ({
      sujets: acc.sujets + b.nb_sujet,
      chiffreAffaire: acc.chiffreAffaire + b.chiffre_affaire,
      depenses: acc.depenses + b.depense,
      pertes: acc.pertes + b.nb_perte,
    }),
    { sujets: 0, chiffreAffaire: 0, depenses: 0, pertes: 0 },
  );
  return { ...results(f), bandes: bandes.length };
}

export interface ExpenseGroup {
  id_type_depense: number;
  total: number;
  /** percent of all expenses, 2 decimals */
  pourcentage: number;
  count: number;
}

/** Expenses grouped by type with each type's share: type total / total × 100. */
export function expensesByType(depenses: readonly (Line & { id_type_depense: number })[]): ExpenseGroup[] {
  const live = depenses.filter((d) => d.etat !== 'DELETED');
  const all = expensesTotal(live);
  const map = new Map<number, { total: number; count: number }>();
  for (const d of live) {
    const g = map.get(d.id_type_depense) ?? { total: 0, count: 0 };
    g.total += lineAmount(d);
    g.count += 1;
    map.set(d.id_type_depense, g);
  }
  return [...map.entries()]
    .map(([id, g]) => ({ id_type_depense: id, total: g.total, count: g.count, pourcentage: all > 0 ? round2((g.total / all) * 100) : 0 }))
    .sort((a, b) => b.total - a.total);
}

/** Egg percentage = collection / (birds − losses) × 100; 0 when no bird is left. */
export function eggRate(collecte: number, sujets: number, pertes: number): number {
  const alive = sujets - pertes;
  return alive > 0 ? round2((collecte / alive) * 100) : 0;
}
