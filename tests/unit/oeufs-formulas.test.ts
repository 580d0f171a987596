// The egg stock's replay (shared/formulas/oeufs.ts, decision 0243) on figures worked by
// hand: sizes in, sized exits first, unsized exits smallest size first, shortages per day that never
// carry over, a write refused only when it makes a day's shortage larger, trays of 30.
import { describe, expect, it } from 'vitest';
import {
  enPlateaux,
  formatPlateaux,
  premierManqueAjoute,
  rejouerOeufs,
  rupturesOeufs,
  stockOeufsAu,
  versOeufs,
  type MouvementOeufs,
} from '@shared/formulas/oeufs';

const col = (id: number, day: string, s: number, m: number, l = 0, xl = 0, non_commercialisable = false): MouvementOeufs => ({
  kind: 'collecte',
  id,
  day,
  calibres: { s, m, l, xl },
  non_commercialisable,
});
const out = (
  id: number,
  day: string,
  oeufs: number,
  calibre: 's' | 'm' | 'l' | 'xl' | null = null,
  kind: 'vente' | 'casse' | 'transfert' = 'vente',
): MouvementOeufs => ({
  kind,
  id,
  day,
  oeufs,
  calibre,
});

describe('the egg stock replayed', () => {
  it('adds collections by size and takes sized exits from their size', () => {
    const r = rejouerOeufs([col(1, '2026-05-01', 40, 60, 20), out(2, '2026-05-02', 30, 'm', 'transfert'), out(3, '2026-05-02', 5, 'l', 'casse')]);
    expect(r.total).toBe(85);
    expect(r.par_calibre).toEqual({ s: 40, m: 30, l: 15, xl: 0 });
    expect(stockOeufsAu(r, '2026-05-01')).toEqual({ total: 120, par_calibre: { s: 40, m: 60, l: 20, xl: 0 } });
    expect(rupturesOeufs(r)).toEqual([]);
  });

  it('takes an exit without a size from the smallest size first, after the sized exits of its day', () => {
    // 10 S + 50 M; the day's sized exit of 45 M leaves 5 M; 12 unsized: the 10 S, then 2 M.
    const r = rejouerOeufs([col(1, '2026-05-01', 10, 50), out(3, '2026-05-01', 12), out(2, '2026-05-01', 45, 'm')]);
    expect(r.par_calibre).toEqual({ s: 0, m: 3, l: 0, xl: 0 });
    expect(r.total).toBe(3);
  });

  it('counts collections of the day before its exits, in any order given', () => {
    const r = rejouerOeufs([out(2, '2026-05-03', 30), col(1, '2026-05-03', 0, 30)]);
    expect(r.total).toBe(0);
    expect(r.jours[0].manque).toBe(0);
  });

  it('holds collections inside an egg withdrawal apart: never in the stock', () => {
    const r = rejouerOeufs([col(1, '2026-05-01', 0, 30), col(2, '2026-05-02', 0, 60, 0, 0, true), out(3, '2026-05-02', 40)]);
    expect(r.non_commercialisables).toBe(60);
    expect(r.total).toBe(0);
    expect(r.jours[1]).toMatchObject({ disponible: 30, demande: 40, manque: 10 });
  });

  it('records a shortage on its day and never carries it to the next day', () => {
    const r = rejouerOeufs([out(1, '2026-05-01', 25, 'm'), col(2, '2026-05-02', 0, 30), out(3, '2026-05-03', 10, 'm')]);
    expect(r.jours.map((j) => [j.day, j.manque, j.manque_calibre.m, j.total])).toEqual([
      ['2026-05-01', 25, 25, 0],
      ['2026-05-02', 0, 0, 30],
      ['2026-05-03', 0, 0, 20],
    ]);
    expect(rupturesOeufs(r)).toEqual([{ date: '2026-05-01', calibre: 'm', oeufs: 25 }]);
  });
});

describe('a write refused when it makes a day short', () => {
  const base = [col(1, '2026-05-01', 0, 60, 30), out(2, '2026-05-03', 50, 'm')];

  it('names the size and its figures for an exit of a size', () => {
    const avant = rejouerOeufs(base);
    const apres = rejouerOeufs([...base, out(9, '2026-05-02', 20, 'm')]);
    // The 2nd: 60 M there, 20 taken; the 3rd: 40 M there for 50 asked: short by 10.
    expect(premierManqueAjoute(avant, apres)).toEqual({ day: '2026-05-03', calibre: 'm', disponible: 40, demande: 50 });
  });

  it('names the total for an exit without a size', () => {
    const avant = rejouerOeufs(base);
    const apres = rejouerOeufs([...base, out(9, '2026-05-04', 41)]);
    expect(premierManqueAjoute(avant, apres)).toEqual({ day: '2026-05-04', calibre: null, disponible: 40, demande: 41 });
    expect(premierManqueAjoute(avant, rejouerOeufs([...base, out(9, '2026-05-04', 40)]))).toBeNull();
  });

  it('refuses a backdated exit that empties a later day, and a cancelled collection that does', () => {
    const avant = rejouerOeufs(base);
    expect(premierManqueAjoute(avant, rejouerOeufs([...base, out(9, '2026-05-01', 15, 'm')]))?.day).toBe('2026-05-03');
    expect(premierManqueAjoute(avant, rejouerOeufs(base.slice(1)))).toEqual({ day: '2026-05-03', calibre: 'm', disponible: 0, demande: 50 });
  });

  it('lets an old shortage stand and checks only what the write adds', () => {
    const old = [out(1, '2026-05-01', 25), col(2, '2026-05-02', 30, 0)];
    const avant = rejouerOeufs(old);
    expect(premierManqueAjoute(avant, rejouerOeufs([...old, out(3, '2026-05-02', 30)]))).toBeNull();
    expect(premierManqueAjoute(avant, rejouerOeufs([...old, out(3, '2026-05-02', 31)]))).toEqual({
      day: '2026-05-02',
      calibre: null,
      disponible: 30,
      demande: 31,
    });
  });
});

describe('trays of 30', () => {
  it('converts and says both', () => {
    expect(versOeufs(3, 'plateau')).toBe(90);
    expect(versOeufs(7, 'oeuf')).toBe(7);
    expect(enPlateaux(95)).toEqual({ plateaux: 3, oeufs: 5 });
    expect(formatPlateaux(95)).toBe('3 plateaux et 5 œufs');
    expect(formatPlateaux(30)).toBe('1 plateau');
    expect(formatPlateaux(31)).toBe('1 plateau et 1 œuf');
    expect(formatPlateaux(4)).toBe('4 œufs');
    expect(formatPlateaux(0)).toBe('0 œuf');
    expect(formatPlateaux(30_000)).toBe('1 000 plateaux');
  });
});
