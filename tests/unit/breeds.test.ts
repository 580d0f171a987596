// The breed standards shipped as data (shared/breeds.ts, sources in docs/decisions.md "Farm
// insights"): Cobb 500's published figures, the weekly points of the breeders' tables,
// and the interpolation the batch screen compares a weighing with.
import { defaultRace, RACES, standardWeight } from '@shared/breeds';

const race = (code: string) => RACES.find((r) => r.code === code)!;

describe('breed standards', () => {
  it('ships the Cobb 500 (2022) published figures', () => {
    const cobb = race('cobb500');
    for (const [jour, g] of [
      [7, 202],
      [14, 570],
      [21, 1116],
      [28, 1783],
      [35, 2521],
      [42, 3278],
    ]) {
      expect(standardWeight(cobb, jour)).toBe(g);
    }
    expect(cobb.ic.find((p) => p.jour === 7)?.ic).toBe(0.891);
    expect(cobb.ic.find((p) => p.jour === 42)?.ic).toBe(1.555);
  });

  it('ships both broiler curves from hatch to 8 weeks, weight and FCR rising week by week', () => {
    for (const code of ['cobb500', 'ross308']) {
      const r = race(code);
      expect(r.poids.map((p) => p.jour)).toEqual([0, 7, 14, 21, 28, 35, 42, 49, 56]);
      expect(r.ic.map((p) => p.jour)).toEqual([7, 14, 21, 28, 35, 42, 49, 56]);
      for (let i = 1; i < r.poids.length; i++) expect(r.poids[i].g).toBeGreaterThan(r.poids[i - 1].g);
      for (let i = 1; i < r.ic.length; i++) expect(r.ic[i].ic).toBeGreaterThan(r.ic[i - 1].ic);
      expect(r.source).toMatch(/\(Cobb-Vantress, 2022\)|\(Aviagen, 2022\)/);
    }
  });

  it('interpolates between published points and says nothing outside them', () => {
    const ross = race('ross308');
    expect(standardWeight(ross, 35)).toBe(2296);
    // day 10: 213 + (533 − 213) × 3/7 = 350.1
    expect(standardWeight(ross, 10)).toBe(350);
    expect(standardWeight(ross, 57)).toBeNull();
    expect(standardWeight(race('lohmann-brown'), 10)).toBeNull();
  });

  it('gives each type its default breed', () => {
    expect(defaultRace('chair')).toBe('cobb500');
    expect(defaultRace('pondeuse')).toBe('lohmann-brown');
  });
});
