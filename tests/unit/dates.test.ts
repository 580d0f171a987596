// Days as the businesses live them (shared/dates.ts) and birds alive on a day (shared/formulas/birds.ts
// `sujetsVivantsLe`, the one definition every day check reads), with the eggs of a day and
// the first impossible day a change would make.
import { describe, expect, it } from 'vitest';
import { addDays, createdAtFrom, daysBetween, formatJour, todayFor } from '@shared/dates';
import {
  aliveOn,
  henDaySeries,
  mortalityByWeek,
  oeufsLe,
  premiereImpossibilite,
  sujetsSortisLe,
  sujetsVivants,
  sujetsVivantsLe,
  type LotDate,
} from '@shared/formulas';
import { jour } from '@shared/schemas/common';

describe('shared/dates.ts', () => {
  it('today is the UTC day in Senegal and Côte d’Ivoire (UTC+0 all year), whatever the spelling of the country', () => {
    const late = new Date('2026-11-25T23:59:59.999Z');
    for (const pays of [undefined, null, '', 'sn', 'Senegal', 'Sénégal', 'ci', "Côte d'Ivoire", 'Cote d’Ivoire', 'ailleurs'])
      expect(todayFor(pays, late)).toBe('2026-11-25');
    expect(todayFor('sn', new Date('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26');
    expect(todayFor('sn', new Date('2024-02-29T12:00:00Z'))).toBe('2024-02-29');
  });

  it('adds days across months, leap years and years; counts whole days between two days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-25T23:00:00Z', 0)).toBe('2026-11-25');
    expect(addDays('2026-11-25', -1096)).toBe('2023-11-25');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
    expect(daysBetween('2024-01-01T23:00:00', '2024-03-01')).toBe(60);
  });

  it('writes a day dd/mm/yyyy', () => {
    expect(formatJour('2026-03-01')).toBe('01/03/2026');
    expect(formatJour('2026-11-25T10:00:00Z')).toBe('25/11/2026');
  });

  it('created_at is the typing time within [now − 31 days, now + 5 minutes], else now; never an error', () => {
    const now = new Date('2026-11-25T21:04:30.000Z');
    expect(createdAtFrom('2026-11-25T21:04:14.000Z', now)).toBe('2026-11-25T21:04:14.000Z');
    expect(createdAtFrom('2026-11-25T21:04:14Z', now)).toBe('2026-11-25T21:04:14.000Z');
    expect(createdAtFrom('2026-10-25T21:04:30.000Z', now)).toBe('2026-10-25T21:04:30.000Z'); // exactly 31 days
    expect(createdAtFrom('2026-10-25T21:04:29.999Z', now)).toBe(now.toISOString());
    expect(createdAtFrom('2026-11-25T21:09:30.000Z', now)).toBe('2026-11-25T21:09:30.000Z'); // exactly 5 minutes ahead
    expect(createdAtFrom('2026-11-25T21:09:30.001Z', now)).toBe(now.toISOString());
    for (const bad of [undefined, null, '', 'hier', 42, {}, '2026-11-25', '2026-11-25T21:04:14+01:00', '2026-11-31T10:00:00Z', '2026-11-25T25:00:00Z']) {
      expect(createdAtFrom(bad, now), String(bad)).toBe(now.toISOString());
    }
  });

  it('the `jour` schema takes only YYYY-MM-DD days that exist', () => {
    for (const ok of ['2026-11-25', '2024-02-29', '1900-01-01']) expect(jour.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['2023-02-29', '2026-04-31', '2026-13-01', '25/11/2026', '2026-11-25T10:00:00', '2026-1-5', '', 20261125, null]) {
      const r = jour.safeParse(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(r.error!.issues[0].message).toMatch(/^Date invalide/);
    }
  });
});

describe('birds alive on a day', () => {
  const lot: LotDate = {
    type: 'chair',
    nb_sujet: 100,
    pertes: [
      { nombre: 5, date: '2026-03-05', created_at: '2026-03-09T10:00:00Z' }, // typed later, dated the 5th
      { nombre: 2, created_at: '2026-03-07T10:00:00Z' }, // recorded before dates existed
      { nombre: 50, date: '2026-03-06', created_at: '2026-03-06T10:00:00Z', etat: 'DELETED' },
    ],
    ventes: [
      { quantite: 10, date: '2026-03-08', created_at: '2026-03-08T10:00:00Z' },
      { quantite: 30, date: '2026-03-08', created_at: '2026-03-08T10:00:00Z', etat: 'DELETED' },
    ],
    abatages: [{ quantite: 20, date: '2026-03-09T08:00:00' }],
  };

  it('placed − losses − slaughters − (broilers) sales dated on or before the day; cancelled ones left out', () => {
    expect(sujetsVivantsLe(lot, '2026-03-04')).toBe(100);
    expect(sujetsVivantsLe(lot, '2026-03-05')).toBe(95);
    expect(sujetsVivantsLe(lot, '2026-03-07')).toBe(93);
    expect(sujetsVivantsLe(lot, '2026-03-08')).toBe(83);
    expect(sujetsVivantsLe(lot, '2026-03-09')).toBe(63);
    expect(sujetsSortisLe(lot, '2026-12-31')).toBe(37);
  });

  it('on the last day it equals the running totals’ count (sujetsVivants)', () => {
    expect(sujetsVivantsLe(lot, '2026-12-31')).toBe(sujetsVivants({ type: 'chair', nb_sujet: 100, nb_perte: 7, nb_vendu: 10, nb_abattu: 20 }));
  });

  it('a layer batch’s sales are eggs: they take no hen away', () => {
    expect(sujetsVivantsLe({ ...lot, type: 'pondeuse' }, '2026-03-08')).toBe(93);
    expect(aliveOn(100, lot.pertes, '2026-03-09', lot.abatages)).toBe(73);
  });

  it('whole birds; below 0 only for impossible records (the checks refuse them)', () => {
    expect(sujetsVivantsLe({ type: 'chair', nb_sujet: 10, pertes: [], ventes: [{ quantite: 2.5, created_at: '2026-01-01' }] }, '2026-01-01')).toBe(7);
    expect(sujetsVivantsLe({ type: 'chair', nb_sujet: 10, pertes: [{ nombre: 12, created_at: '2026-01-01' }] }, '2026-01-02')).toBe(-2);
  });

  it('the eggs of a day sum that day’s collections, cancelled ones left out', () => {
    const cs = [
      { collecte: 40, date_collecte: '2026-03-05' },
      { collecte: 50, date_collecte: '2026-03-05T18:00:00' },
      { collecte: 99, date_collecte: '2026-03-05', etat: 'DELETED' },
      { collecte: 7, date_collecte: '2026-03-06' },
    ];
    expect(oeufsLe(cs, '2026-03-05')).toBe(90);
    expect(oeufsLe(cs, '2026-03-07')).toBe(0);
  });

  it('finds the first day whose eggs or weighing sample the birds alive can no longer carry', () => {
    const records = {
      ...lot,
      type: 'pondeuse' as const,
      collectes: [
        { collecte: 95, date_collecte: '2026-03-05' },
        { collecte: 90, date_collecte: '2026-03-08' },
      ],
      pesages: [{ echantillon: 70, date_prise: '2026-03-09' }],
    };
    expect(premiereImpossibilite(records, '0000-00-00')).toBeNull();
    // one more hen dead on the 4th: the 5th's 95 eggs come from 94 hens
    const worse = { ...records, pertes: [...records.pertes, { nombre: 1, date: '2026-03-04', created_at: '2026-03-04' }] };
    expect(premiereImpossibilite(worse, '2026-03-04')).toEqual({ kind: 'collecte', day: '2026-03-05', oeufs: 95, vivants: 94 });
    // only days on or after `depuis` are looked at
    expect(premiereImpossibilite(worse, '2026-03-06')).toBeNull();
    // a weighing larger than the flock after a slaughter
    const heavy = { ...records, pesages: [{ echantillon: 74, date_prise: '2026-03-09' }] };
    expect(premiereImpossibilite(heavy, '2026-03-01')).toEqual({ kind: 'pesage', day: '2026-03-09', echantillon: 74, vivants: 73 });
    expect(premiereImpossibilite({ ...heavy, pesages: [{ echantillon: 74, date_prise: '2026-03-09', etat: 'DELETED' }] }, '2026-03-01')).toBeNull();
  });

  it('the laying rate and the mortality by week read each loss on its day, and the slaughtered hens leave the flock', () => {
    const pertes = [{ nombre: 10, date: '2026-01-03', created_at: '2026-01-20T10:00:00Z' }];
    const collectes = [
      { collecte: 90, date_collecte: '2026-01-04' },
      { collecte: 45, date_collecte: '2026-01-10' },
      { collecte: 99, date_collecte: '2026-01-10', etat: 'DELETED' },
    ];
    expect(henDaySeries(100, pertes, collectes, [{ quantite: 40, date: '2026-01-09' }])).toEqual([
      { day: '2026-01-04', pct: 100 }, // 90 / 90
      { day: '2026-01-10', pct: 90 }, // 45 / 50
    ]);
    expect(mortalityByWeek('2026-01-01', pertes)).toEqual([{ semaine: 1, pertes: 10 }]);
  });
});
