// The store as GET api/aliment/stock and « À faire » show it (decision 0234): the stock and its
// value at the end of today, the store day by day, and the days of feed left at the daily
// consumption of the batches it feeds. Each active batch (not archived) that ate from the store
// counts with, in this order:
// - 'historique': it ate on each of its last 7 days (ending today once today's feed is typed, else
//   yesterday: `conso7j`): its 7-day average;
// - 'courbe': else, its breed's published daily intake at its age today (shared/formulas/aliment.ts
//   `consommationStandard`; the business's own targets of the breed, when set, are its curves)
//   × its birds alive today;
// - 'moyenne': else (no curve for the breed or the age), the average of the days it ate.
import { RACES } from '@shared/breeds';
import { daysBetween } from '@shared/dates';
import { sujetsVivants } from '@shared/formulas';
import { conso7j, consommationStandard, joursRestants, kgDeGrammes, rejouer, stockAu, type ConsoBandes } from '@shared/formulas/aliment';
import { francs, round2, round3 } from '@shared/formulas/money';
import type { JourStock, StockAliment } from '@shared/schemas/aliment';
import { bandesParIds, racesOf, type BandeItem } from '../bandes/public';
import type { RegistreLu } from './repository/registre';

/** Days of the store shown (the last that moved). */
const JOURS_MONTRES = 60;

type Courbe = { poids: { jour: number; g: number }[]; ic: { jour: number; ic: number }[] };

/** A batch's daily consumption from the store and how it was found. */
function consoDeBande(b: BandeItem, c: ConsoBandes, today: string, courbes: Map<string, Courbe>): StockAliment['bandes'][number] {
  const h = conso7j(c, b.id, today);
  const base = { id_bande: b.id, nom_bande: b.nom };
  if (h.jours >= 7) return { ...base, conso_jour_kg: round3(kgDeGrammes(h.g) / 7), source: 'historique' };
  const race = b.race ? courbes.get(b.race) : undefined;
  const age = (b.age_demarrage ?? 0) + daysBetween(b.date_demarage, today);
  const g = race ? consommationStandard(race, age) : null;
  if (g !== null && b.race) {
    return { ...base, conso_jour_kg: round3((g * sujetsVivants(b)) / 1000), source: 'courbe', race: RACES.find((r) => r.code === b.race)?.nom ?? b.race };
  }
  const days = Object.values(c[String(b.id)] ?? {});
  const total = days.reduce((s, x) => s + x, 0);
  return { ...base, conso_jour_kg: days.length ? round3(kgDeGrammes(total) / days.length) : 0, source: days.length ? 'moyenne' : 'aucune' };
}

/** The breeds' curves as the business sees them: its own targets in place of the published ones (read only when needed). */
async function courbesDe(t: number): Promise<Map<string, Courbe>> {
  const own = new Map((await racesOf(t)).map((i) => [String(i.code), i]));
  return new Map(RACES.map((r) => [r.code, own.has(r.code) ? { poids: own.get(r.code)!.poids ?? [], ic: own.get(r.code)!.ic ?? [] } : r]));
}

/** The store on `today` from the ledger read: 1 BatchGetItem of the batches it feeds, and the breed targets only when a batch needs its curve. */
export async function etatStock(t: number, r: RegistreLu, today: string): Promise<StockAliment> {
  const s = stockAu(r.jours, today);
  const ids = Object.keys(r.bandes).map(Number);
  const bandes = ids.length ? [...(await bandesParIds(t, ids)).values()].filter((b) => b.statut === 'ACTIVE' && !b.archive) : [];
  const needCurves = bandes.some((b) => conso7j(r.bandes, b.id, today).jours < 7);
  const courbes = needCurves ? await courbesDe(t) : new Map<string, Courbe>();
  const lignes = bandes.sort((a, b) => a.id - b.id).map((b) => consoDeBande(b, r.bandes, today, courbes));
  const conso = round3(lignes.reduce((x, l) => x + l.conso_jour_kg, 0));
  const jours: JourStock[] = rejouer(r.jours)
    .filter((j) => j.date <= today)
    .slice(-JOURS_MONTRES)
    .map((j) => ({
      date: j.date,
      entree_kg: kgDeGrammes(j.entree_g),
      sortie_kg: kgDeGrammes(j.sortie_g),
      stock_kg: kgDeGrammes(j.stock_g),
      valeur: francs(j.valeur),
      cout_moyen_kg: round2(j.cout_kg),
    }));
  return {
    ...s,
    conso_jour_kg: conso,
    jours_restants: joursRestants(s.stock_kg, conso),
    seuil_jours: r.seuil_jours,
    baisse_eau_pct: r.baisse_eau_pct,
    bandes: lignes,
    jours,
  };
}
