// Technical indicators (shared/formulas/indicators.ts) against worked examples: a Cobb 500 broiler
// batch at day 42 on the breeder's figures (3278 g, FCR 1.555), a layer flock's hen-day rate, the
// period sums of the dashboard; and "what to record" instead of 0 when an input is missing.
import { describe, expect, it } from 'vitest';
import { batchIndicators, feedKg, henDaySeries, monthlyTotals, mortalityByWeek, periodTotals, sujetsVivants, type IndicatorInput } from '@shared/formulas';
import { INDICATOR_MSG } from '@shared/messages/bandes';
import { round2 } from '@shared/formulas/money';

const broiler = (over: Partial<IndicatorInput> = {}): IndicatorInput => ({
  type: 'chair',
  nb_sujet: 1000,
  date_demarage: '2026-01-01',
  nb_perte: 40,
  nb_vendu: 0,
  depense: 3_146_880,
  // 1.555 × 960 birds × 3.278 kg = 4893.4984 kg of feed: 97 sacks of 50 kg + 43.4984 kg
  depenses: [
    { id_type_depense: 1, quantite: 97, unite: 'sac50' },
    { id_type_depense: 1, quantite: 43.4984, unite: 'kg' },
    { id_type_depense: 2, quantite: 1000 }, // chicks: no unit needed
  ],
  pesages: [
    { poids_moyen: 1.116, unite: 'kg', date_prise: '2026-01-22' },
    { poids_moyen: 3278, unite: 'g', date_prise: '2026-02-12' }, // day 42
  ],
  ...over,
});

describe('broiler indicators (Cobb 500, day 42: 3278 g, FCR 1.555)', () => {
  const i = batchIndicators(broiler());
  it('birds alive and livability', () => {
    expect(i.vivants).toBe(960);
    expect(i.viabilite).toEqual({ value: 96 });
  });
  it('age, weight and average daily gain from the last weighing', () => {
    expect(i.age).toEqual({ value: 42 });
    expect(i.poids).toEqual({ value: 3278 });
    expect(i.gmq).toEqual({ value: 77.05 }); // (3278 − 42) / 42
  });
  it('feed in kg from the feed expenses (sacks of 50 kg and kg), FCR over the live weight', () => {
    expect(i.alimentKg).toEqual({ value: 4893.5 });
    expect(i.ic).toEqual({ value: 1.555 });
  });
  it('EPEF = livability × kg × 100 / (age × FCR) and cost per kg live', () => {
    expect(i.epef).toEqual({ value: 482 }); // 96 × 3.278 × 100 / (42 × 1.555) = 481.8
    expect(i.coutKg).toEqual({ value: 1000 }); // 3 146 880 FCFA / 3146.88 kg
  });
  it('sold broilers leave the birds alive, not the live weight produced', () => {
    const s = batchIndicators(broiler({ nb_vendu: 500 }));
    expect(s.vivants).toBe(460);
    expect(s.ic).toEqual({ value: 1.555 });
  });
  it('slaughtered broilers leave the birds alive too', () => {
    expect(batchIndicators(broiler({ nb_vendu: 500, nb_abattu: 300 })).vivants).toBe(160);
  });
  it('birds placed at 7 days old: the age counts from hatching', () => {
    expect(batchIndicators(broiler({ age_demarrage: 7 })).age).toEqual({ value: 49 });
  });
});

// A batch fed from the farm's store (decision 0233): the kg it ate count in its FCR beside
// its feed expenses (each kg once), and their cost in its costs.
describe('broiler indicators with feed from the store', () => {
  // The same batch, its feed all from the store: 4893.5 kg at 300 F/kg = 1 468 050 FCFA, its other
  // expenses (chicks…) 1 678 830 FCFA: the same total 3 146 880, so the same cost per kg live.
  const store = broiler({ depense: 1_678_830, depenses: [{ id_type_depense: 2, quantite: 1000 }], aliment_kg: 4893.5, cout_aliment: 1_468_050 });
  const s = batchIndicators(store);
  it('feed kg and FCR from the store alone', () => {
    expect(s.alimentKg).toEqual({ value: 4893.5 });
    expect(s.ic).toEqual({ value: 1.555 });
  });
  it('its cost per kg live counts the feed at the store cost', () => {
    expect(s.coutKg).toEqual({ value: 1000 });
    // Without the store's cost the same batch would look cheaper: the feed is not forgotten.
    expect(batchIndicators({ ...store, cout_aliment: undefined }).coutKg).toEqual({ value: round2(1_678_830 / 3146.88) });
  });
  it('feed expenses and the store add up, each kg once', () => {
    const both = batchIndicators(broiler({ depenses: [{ id_type_depense: 1, quantite: 50, unite: 'sac50' }], aliment_kg: 2393.5 }));
    expect(both.alimentKg).toEqual({ value: 4893.5 });
    expect(both.ic).toEqual({ value: 1.555 });
  });
  it('no feed expense and nothing from the store: what to record, not 0', () => {
    expect(feedKg([], 0)).toEqual({ missing: INDICATOR_MSG.aliment });
    expect(feedKg([], 12.5)).toEqual({ value: 12.5 });
  });
  it('the period sums count a feed purchase as an expense on its date, a cancelled one not (cash view)', () => {
    const achats = [
      { kind: 'ACH' as const, day: '2026-03-05', item: { prix_total: 180_000 } },
      { kind: 'ACH' as const, day: '2026-03-06', item: { prix_total: 90_000, etat: 'DELETED' } },
    ];
    expect(periodTotals(achats).depense).toBe(180_000);
    expect(monthlyTotals(2026, achats)[2]).toMatchObject({ depense: 180_000, benefice: -180_000 });
  });
});

describe('what to record instead of 0', () => {
  it('no weighing: weight, ADG, FCR, EPEF and cost per kg ask for one', () => {
    const i = batchIndicators(broiler({ pesages: [] }));
    for (const k of ['poids', 'gmq', 'ic', 'epef', 'coutKg'] as const) expect(i[k]).toEqual({ missing: INDICATOR_MSG.pesage });
  });
  it('no feed expense, or one without its unit', () => {
    expect(feedKg([{ id_type_depense: 2, quantite: 3 }])).toEqual({ missing: INDICATOR_MSG.aliment });
    expect(batchIndicators(broiler({ depenses: [{ id_type_depense: 1, quantite: 3, unite: null }] })).ic).toEqual({ missing: INDICATOR_MSG.alimentUnite });
    // a cancelled feed expense does not count
    expect(feedKg([{ id_type_depense: 1, quantite: 3, unite: 'kg', etat: 'DELETED' }])).toEqual({ missing: INDICATOR_MSG.aliment });
  });
  it('a weighing on the start day has no age to divide by', () => {
    expect(batchIndicators(broiler({ pesages: [{ poids_moyen: 42, unite: 'g', date_prise: '2026-01-01' }] })).gmq).toEqual({ missing: INDICATOR_MSG.age });
  });
  it('no expenses: no cost per kg', () => {
    expect(batchIndicators(broiler({ depense: 0 })).coutKg).toEqual({ missing: INDICATOR_MSG.depense });
  });
  it('layers without collections ask for them', () => {
    const i = batchIndicators({ ...broiler(), type: 'pondeuse', collectes: [] });
    for (const k of ['ponte', 'oeufsParPoule', 'coutOeuf', 'coutPlateau'] as const) expect(i[k]).toEqual({ missing: INDICATOR_MSG.collecte });
  });
});

describe('layer indicators', () => {
  const pertes = [{ nombre: 2, created_at: '2026-03-03T08:00:00Z' }];
  const collectes = [
    { collecte: 90, date_collecte: '2026-03-02' },
    { collecte: 50, date_collecte: '2026-03-05' },
    { collecte: 38, date_collecte: '2026-03-05' },
  ];
  const input: IndicatorInput = {
    type: 'pondeuse',
    nb_sujet: 100,
    date_demarage: '2026-01-01',
    nb_perte: 2,
    nb_vendu: 40,
    depense: 17_800,
    depenses: [],
    pesages: [],
    collectes,
  };
  it('hen-day % per collection day over the hens alive that day', () => {
    expect(henDaySeries(100, pertes, collectes)).toEqual([
      { day: '2026-03-02', pct: 90 },
      { day: '2026-03-05', pct: 89.8 }, // 88 / 98
    ]);
  });
  it('average hen-day, eggs per hen housed, cost per egg and per tray of 30', () => {
    const i = batchIndicators(input, pertes);
    expect(i.vivants).toBe(98); // egg sales do not take hens away
    expect(i.oeufs).toBe(178);
    expect(i.ponte).toEqual({ value: 89.9 });
    expect(i.oeufsParPoule).toEqual({ value: 1.78 });
    expect(i.coutOeuf).toEqual({ value: 100 });
    expect(i.coutPlateau).toEqual({ value: 3000 });
  });
  it('mortality by week of age, empty weeks included', () => {
    expect(
      mortalityByWeek('2026-01-01', [
        { nombre: 3, created_at: '2026-01-02' },
        { nombre: 1, created_at: '2026-01-20' },
        { nombre: 9, created_at: '2026-01-21', etat: 'DELETED' },
      ]),
    ).toEqual([
      { semaine: 1, pertes: 3 },
      { semaine: 2, pertes: 0 },
      { semaine: 3, pertes: 1 },
    ]);
  });
});

describe('period sums', () => {
  const entries = [
    { kind: 'DEP' as const, day: '2026-03-01', item: { prix_total: 1000 } },
    { kind: 'DEP' as const, day: '2026-03-02', item: { prix_total: 500, etat: 'DELETED' } },
    { kind: 'VTE' as const, day: '2026-03-02', item: { prix_total: 3000, quantite: 2 } },
    { kind: 'PRT' as const, day: '2026-04-02', item: { nombre: 4 } },
    { kind: 'COL' as const, day: '2026-04-03', item: { collecte: 30 } },
    { kind: 'PES' as const, day: '2026-04-03', item: {} },
  ];
  const lines = [
    { total: 700, etat: 'VALID', id_bande: null, created_at: '2026-04-10T10:00:00Z' },
    { total: 3000, etat: 'VALID', id_bande: 7, created_at: '2026-03-02T10:00:00Z' }, // the batch sale above
    { total: 900, etat: 'DELETED', id_bande: null, created_at: '2026-04-11T10:00:00Z' },
  ];
  it('counts every entry once, cancelled ones and shop lines naming a batch left out', () => {
    expect(periodTotals(entries, lines)).toEqual({ depense: 1000, chiffre_affaire: 3000, nb_vendu: 2, pertes: 4, oeufs: 30, pesages: 1, ventes_boutique: 700 });
  });
  it('month by month with the profit of each month', () => {
    const m = monthlyTotals(2026, entries, lines);
    expect(m).toHaveLength(12);
    expect(m[2]).toMatchObject({ mois: '2026-03', depense: 1000, chiffre_affaire: 3000, benefice: 2000 });
    expect(m[3]).toMatchObject({ mois: '2026-04', pertes: 4, oeufs: 30, ventes_boutique: 700, benefice: 0 });
  });
});

// One definition of the birds alive, used by the indicators, the loss and slaughter checks and the
// batch edit (functions/bandes, functions/abattages).
describe('sujetsVivants', () => {
  it('placed − dead − slaughtered − sold, sales counting as birds for broilers only', () => {
    expect(sujetsVivants({ type: 'chair', nb_sujet: 100, nb_perte: 10, nb_vendu: 30, nb_abattu: 20 })).toBe(40);
    // a layer batch sells eggs: 3000 eggs sold take no hen away
    expect(sujetsVivants({ type: 'pondeuse', nb_sujet: 100, nb_perte: 10, nb_vendu: 3000, nb_abattu: 20 })).toBe(70);
    expect(sujetsVivants({ type: 'chair', nb_sujet: 100, nb_perte: 0, nb_vendu: 0 })).toBe(100);
    expect(sujetsVivants({ type: 'chair', nb_sujet: 100, nb_perte: 0, nb_vendu: 0, nb_abattu: null })).toBe(100);
  });
  it('whole birds, never below 0 (a shop sale of 2.5 kg on a broiler batch)', () => {
    expect(sujetsVivants({ type: 'chair', nb_sujet: 10, nb_perte: 0, nb_vendu: 2.5 })).toBe(7);
    expect(sujetsVivants({ type: 'chair', nb_sujet: 10, nb_perte: 5, nb_vendu: 8 })).toBe(0);
  });
});
