// The feed store's formulas (shared/formulas/aliment.ts, decision 0232) on figures worked
// by hand: the day's weighted average cost, purchases before consumptions on a day, a backdated
// purchase moving later costs, the first day short of feed, a batch's cost rounded once (a true half up), and the
// published intake derived from the breed's curves.
import { describe, expect, it } from 'vitest';
import { RACES } from '@shared/breeds';
import {
  alimentDeBande,
  avecConsoBande,
  avecMouvement,
  conso7j,
  consommationStandard,
  kgDe,
  premierManque,
  rejouer,
  stockAu,
  joursRestants,
  type ConsoBandes,
  type Registre,
} from '@shared/formulas/aliment';
import { francs } from '@shared/formulas/money';

const buy = (r: Registre, day: string, kg: number, fcfa: number) => avecMouvement(r, day, { e: kg * 1000, v: fcfa });
const eat = (r: Registre, day: string, kg: number) => avecMouvement(r, day, { s: kg * 1000 });

describe('the ledger replayed', () => {
  it('values what is eaten at the weighted average cost of its day, purchases first', () => {
    // 100 kg at 300 = 30 000; 50 kg eaten the 2nd (15 000 out, 50 kg worth 15 000 left);
    // the 3rd 150 kg at 400 = 60 000 in: 200 kg worth 75 000, 375 /kg; 20 kg eaten = 7 500.
    let r: Registre = {};
    r = buy(r, '2026-03-01', 100, 30000);
    r = eat(r, '2026-03-02', 50);
    r = buy(r, '2026-03-03', 150, 60000);
    r = eat(r, '2026-03-03', 20);
    const days = rejouer(r);
    expect(days.map((d) => [d.date, d.stock_g, Math.round(d.valeur), d.cout_kg])).toEqual([
      ['2026-03-01', 100000, 30000, 300],
      ['2026-03-02', 50000, 15000, 300],
      ['2026-03-03', 180000, 67500, 375],
    ]);
    expect(stockAu(r, '2026-03-02')).toEqual({ stock_kg: 50, valeur: 15000, cout_moyen_kg: 300 });
    expect(stockAu(r, '2026-02-28')).toEqual({ stock_kg: 0, valeur: 0, cout_moyen_kg: 0 });
  });

  it('a backdated purchase moves the cost of what was eaten after it', () => {
    let r: Registre = buy({}, '2026-03-01', 100, 30000);
    r = eat(r, '2026-03-05', 50);
    let c = avecConsoBande({}, 7, '2026-03-05', 50000);
    expect(alimentDeBande(r, c, 7)).toEqual({ kg: 50, cout: 15000 });
    // 100 kg at 600 bought the 2nd: 200 kg worth 90 000, 450 /kg on the 5th.
    r = buy(r, '2026-03-02', 100, 60000);
    expect(alimentDeBande(r, c, 7)).toEqual({ kg: 50, cout: 22500 });
    c = avecConsoBande(c, 7, '2026-03-05', -50000);
    expect(alimentDeBande(r, c, 7)).toEqual({ kg: 0, cout: 0 });
  });

  it('finds the first day short of feed, after the change, on the change day or later', () => {
    let r: Registre = buy({}, '2026-03-01', 100, 30000);
    r = eat(r, '2026-03-04', 80);
    expect(premierManque(r)).toBeNull();
    // A backdated 30 kg the 2nd leaves 70 kg for the 80 of the 4th.
    expect(premierManque(eat(r, '2026-03-02', 30))).toEqual({ date: '2026-03-04', disponible_kg: 70, sortie_kg: 80 });
    // The purchase cancelled: nothing on the 4th.
    expect(premierManque(avecMouvement(r, '2026-03-01', { e: -100000, v: -30000 }))).toEqual({ date: '2026-03-04', disponible_kg: 0, sortie_kg: 80 });
    // Eating everything leaves 0 worth 0, not a crumb.
    const all = eat(r, '2026-03-05', 20);
    expect(premierManque(all)).toBeNull();
    expect(rejouer(all).at(-1)).toMatchObject({ stock_g: 0, valeur: 0 });
  });

  it('a day with nothing left is removed from the ledger', () => {
    const r = avecMouvement(buy({}, '2026-03-01', 1, 100), '2026-03-01', { e: -1000, v: -100 });
    expect(r).toEqual({});
  });

  it('rounds a batch cost once, over its days', () => {
    // 3 kg at 100/3 FCFA per kg: three days of 1 kg are 33.33 each, 100 together.
    let r: Registre = buy({}, '2026-03-01', 3, 100);
    let c: ConsoBandes = {};
    for (const d of ['2026-03-01', '2026-03-02', '2026-03-03']) {
      r = eat(r, d, 1);
      c = avecConsoBande(c, 1, d, 1000);
    }
    expect(alimentDeBande(r, c, 1)).toEqual({ kg: 3, cout: 100 });
  });

  it('rounds a true half up, whatever the float sum gives (the harness’s seed 489776432)', () => {
    // 1 975 kg worth 449 115 FCFA; 6 kg then 41.5 kg eaten at that cost: 47.5 × 449 115 / 1 975 is
    // exactly 10 801.5 FCFA, which the days' float products sum to 10 801.4999…
    let r = buy(buy(buy({}, '2026-11-10', 500, 125876), '2026-11-10', 550, 119464), '2026-11-12', 925, 203775);
    let c = {};
    for (const [d, g] of [
      ['2026-11-15', 6000],
      ['2026-11-21', 19800],
      ['2026-11-21', 3000],
      ['2026-11-21', 18700],
    ] as const) {
      r = avecMouvement(r, d, { s: g });
      c = avecConsoBande(c, 1, d, g);
    }
    expect(alimentDeBande(r, c, 1)).toEqual({ kg: 47.5, cout: 10802 });
    expect(francs(10801.499999999998)).toBe(10802);
    expect(francs(10801.4999)).toBe(10801);
    expect(francs(-2.5)).toBe(-3);
  });
});

describe('units and days left', () => {
  it('converts sacks and tonnes to kg', () => {
    expect(kgDe(4, 'sac50')).toBe(200);
    expect(kgDe(3, 'sac25')).toBe(75);
    expect(kgDe(1.5, 't')).toBe(1500);
    expect(kgDe(12.345, 'kg')).toBe(12.345);
  });
  it("reads the 7 days ending today once today's feed is typed, else the 7 ending yesterday", () => {
    let c: ConsoBandes = {};
    for (let d = 1; d <= 9; d++) c = avecConsoBande(c, 1, `2026-03-0${d}`, 10_000 * d);
    // The morning of 03-10, nothing typed yet: 03-03…03-09, 7 days, not 6.
    expect(conso7j(c, 1, '2026-03-10')).toEqual({ g: 10_000 * (3 + 4 + 5 + 6 + 7 + 8 + 9), jours: 7, premier: '2026-03-01' });
    // Once the round has typed 03-10: 03-04…03-10.
    c = avecConsoBande(c, 1, '2026-03-10', 100_000);
    expect(conso7j(c, 1, '2026-03-10')).toEqual({ g: 10_000 * (4 + 5 + 6 + 7 + 8 + 9 + 10), jours: 7, premier: '2026-03-01' });
    // A batch that skipped yesterday has 6 days either way.
    expect(conso7j(c, 1, '2026-03-11').jours).toBe(7);
    expect(conso7j(c, 1, '2026-03-12').jours).toBe(6);
  });
  it('counts whole days left, none when nothing is eaten', () => {
    expect(joursRestants(100, 30)).toBe(3);
    expect(joursRestants(100, 0)).toBeNull();
  });
});

describe('published intake from the breed curves', () => {
  const ross = RACES.find((r) => r.code === 'ross308')!;
  it("is the slope of the cumulative feed (FCR × weight) over the age's published week", () => {
    // Week 1: 0.78 × 213 = 166.14 g over 7 days.
    expect(consommationStandard(ross, 3)).toBe(23.73);
    // Week 4: (1.269 × 1616 − 1.142 × 1012) / 7 = (2050.704 − 1155.704) / 7 = 127.86.
    expect(consommationStandard(ross, 28)).toBe(127.86);
  });
  it('gives nothing outside the curves or for a breed without them', () => {
    expect(consommationStandard(ross, 57)).toBeNull();
    expect(
      consommationStandard(
        RACES.find((r) => r.type === 'pondeuse')!,
        100,
      ),
    ).toBeNull();
  });
});

// Edge cases met while building the store's routes and the reconciliation harness.
describe('the ledger at its edges', () => {
  it('a stock eaten to exactly zero is worth 0, and the next purchase alone sets the next cost', () => {
    // 3 kg for 1 000 F (333.33 F/kg): eaten whole, no third of a franc is left behind.
    let r = eat(buy({}, '2026-03-01', 3, 1000), '2026-03-02', 3);
    expect(rejouer(r).at(-1)).toMatchObject({ stock_g: 0, valeur: 0 });
    r = eat(buy(r, '2026-03-05', 10, 4000), '2026-03-06', 1);
    expect(rejouer(r).at(-1)).toMatchObject({ stock_g: 9000, valeur: 3600, cout_kg: 400 });
  });
  it('a cancel taking a purchase back is refused on the first later day it leaves short, not on its own day', () => {
    // Bought 10 kg on the 1st and 10 kg on the 3rd; 15 kg eaten on the 4th. Without the 1st's purchase the 1st is empty (fine), the 4th is short.
    const r = eat(buy(buy({}, '2026-03-01', 10, 3000), '2026-03-03', 10, 3000), '2026-03-04', 15);
    const sans = avecMouvement(r, '2026-03-01', { e: -10_000, v: -3000 });
    expect(sans['2026-03-01']).toBeUndefined();
    expect(premierManque(sans)).toEqual({ date: '2026-03-04', disponible_kg: 10, sortie_kg: 15 });
  });
  it('a batch that ate nothing costs nothing; a consumption taken back leaves no empty batch behind', () => {
    const c = avecConsoBande(avecConsoBande({}, 7, '2026-03-02', 2500), 7, '2026-03-02', -2500);
    expect(c).toEqual({});
    expect(alimentDeBande(buy({}, '2026-03-01', 10, 3000), c, 7)).toEqual({ kg: 0, cout: 0 });
  });
  it('the store on a day before any movement is empty, and the days after the last movement keep its figures', () => {
    const r = eat(buy({}, '2026-03-10', 100, 30_000), '2026-03-12', 40);
    expect(stockAu(r, '2026-03-09')).toEqual({ stock_kg: 0, valeur: 0, cout_moyen_kg: 0 });
    expect(stockAu(r, '2026-04-30')).toEqual({ stock_kg: 60, valeur: 18_000, cout_moyen_kg: 300 });
  });
});
