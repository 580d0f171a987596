// The period dashboard's sums: every batch entry dated in a range counted once, cancelled ones left
// out, and the months of a year with their profit (revenue − expenses).
import { lineAmount, profit, round2, type Line } from './money';

export interface PeriodEntry {
  /** ACH: a feed purchase of the farm's store, an expense on its date: the cash view (decision 0233). */
  kind: 'DEP' | 'VTE' | 'PRT' | 'PES' | 'COL' | 'ACH';
  day: string;
  item: { prix_total?: number; prix_unitaire?: number; quantite?: number; nombre?: number; collecte?: number; etat?: string; type?: string };
}

const emptyTotals = () => ({ depense: 0, chiffre_affaire: 0, nb_vendu: 0, pertes: 0, oeufs: 0, pesages: 0, ventes_boutique: 0 });
export type PeriodSums = ReturnType<typeof emptyTotals>;

function addEntry(acc: PeriodSums, e: PeriodEntry): void {
  const i = e.item;
  if (i.etat === 'DELETED') return;
  switch (e.kind) {
    case 'DEP':
      acc.depense += lineAmount(i as Line);
      break;
    // What the batches eat from the store is not counted here: the purchase was (nothing twice).
    case 'ACH':
      acc.depense += Number(i.prix_total ?? 0);
      break;
    case 'VTE':
      acc.chiffre_affaire += lineAmount(i as Line);
      acc.nb_vendu = round2(acc.nb_vendu + Number(i.quantite ?? 0));
      break;
    case 'PRT':
      if ((i.type ?? 'perte') === 'perte') acc.pertes += Number(i.nombre ?? 0);
      break;
    case 'COL':
      acc.oeufs += Number(i.collecte ?? 0);
      break;
    case 'PES':
      acc.pesages += 1;
  }
}

/**
 * Sales-ledger lines (shop sales, delivered orders, paid-or-delivered online orders): only those
 * naming no batch count here (the others are batch sales); a gift (DON) is never takings.
 */
function addShopLine(acc: PeriodSums, l: { total: number; etat: string; id_bande: number | null; type?: string }): void {
  if (l.etat === 'VALID' && !l.id_bande && l.type !== 'DON') acc.ventes_boutique += l.total;
}

/** Sums of the entries of a period: every entry once, cancelled ones left out. */
export function periodTotals(
  entries: readonly PeriodEntry[],
  shopLines: readonly { total: number; etat: string; id_bande: number | null; type?: string }[] = [],
): PeriodSums {
  const acc = emptyTotals();
  for (const e of entries) addEntry(acc, e);
  for (const l of shopLines) addShopLine(acc, l);
  return acc;
}

/** The twelve months of a year, each with its sums and profit (revenue − expenses). */
export function monthlyTotals(
  annee: number,
  entries: readonly PeriodEntry[],
  shopLines: readonly { total: number; etat: string; id_bande: number | null; type?: string; created_at: string }[] = [],
): (PeriodSums & { mois: string; benefice: number })[] {
  const months = Array.from({ length: 12 }, (_, m) => ({ mois: `${annee}-${String(m + 1).padStart(2, '0')}`, ...emptyTotals() }));
  const at = (day: string) => months[Number(day.slice(5, 7)) - 1];
  for (const e of entries) {
    const m = at(e.day);
    if (m) addEntry(m, e);
  }
  for (const l of shopLines) {
    const m = at(l.created_at.slice(0, 10));
    if (m) addShopLine(m, l);
  }
  return months.map((m) => ({ ...m, benefice: profit(m.chiffre_affaire, m.depense) }));
}
