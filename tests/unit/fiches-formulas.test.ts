// The daily sheet's formulas (shared/formulas/fiches.ts) on their edge cases: the water
// bound by the birds alive, water per bird, the water/feed ratio, and the water alert (the share,
// strictly more than it; the minimum of days with water; days without a sheet not counted as zero).
import { describe, expect, it } from 'vitest';
import { alerteEau, eauMaxLitres, eauParSujet, ratioEauAliment } from '@shared/formulas/fiches';
import { EAU_ALERTE_HISTORIQUE_MIN, EAU_BAISSE_ALERTE_PCT, EAU_MAX_LITRES_PAR_SUJET } from '@shared/aliment/references';

describe('the water bound and the day figures', () => {
  it('bounds a day by the birds alive × the documented litre a bird', () => {
    expect(EAU_MAX_LITRES_PAR_SUJET).toBe(1);
    expect(eauMaxLitres(480)).toBe(480);
    expect(eauMaxLitres(0)).toBe(0);
    expect(eauMaxLitres(-3)).toBe(0);
  });
  it('water per bird to 3 decimals, none without a bird; the ratio to 2 decimals, none without feed', () => {
    expect(eauParSujet(100, 480)).toBe(0.208);
    expect(eauParSujet(100, 0)).toBeUndefined();
    expect(ratioEauAliment(95, 52.5)).toBe(1.81);
    expect(ratioEauAliment(95, 0)).toBeUndefined();
  });
});

describe('alerteEau', () => {
  const d = (n: number) => `2025-03-${String(n).padStart(2, '0')}`;
  /** Days of water for a flock of 100 birds. */
  const cent = (litres: Record<number, number>) => Object.fromEntries(Object.entries(litres).map(([n, eau]) => [d(Number(n)), { eau, vivants: 100 }]));
  it('fires when a bird drank more than 20 % under the average of the days before, with the rounded figures', () => {
    expect(EAU_BAISSE_ALERTE_PCT).toBe(20);
    // Average of 100, 110, 120 = 110; 80 is 27.27 % under it.
    expect(alerteEau(cent({ 1: 100, 2: 110, 3: 120, 4: 80 }), d(4))).toEqual({ eau_litres: 80, moyenne_precedente: 110, baisse_pct: 27 });
  });
  it('does not fire at exactly 20 % nor above it', () => {
    expect(alerteEau(cent({ 1: 100, 2: 100, 3: 100, 4: 80 }), d(4))).toBeNull();
    expect(alerteEau(cent({ 1: 100, 2: 100, 3: 100, 4: 79.9 }), d(4))).toMatchObject({ baisse_pct: 20 });
    expect(alerteEau(cent({ 1: 100, 2: 100, 3: 100, 4: 130 }), d(4))).toBeNull();
  });
  it('reads per bird alive: half the flock sold drinks half the litres without an alert; the expected litres follow the day’s birds', () => {
    const jours = { ...cent({ 1: 100, 2: 100, 3: 100 }), [d(4)]: { eau: 50, vivants: 50 } };
    expect(alerteEau(jours, d(4))).toBeNull();
    // 30 l for 50 birds against 1 l a bird before: 50 l expected, 40 % under.
    expect(alerteEau({ ...jours, [d(4)]: { eau: 30, vivants: 50 } }, d(4))).toEqual({ eau_litres: 30, moyenne_precedente: 50, baisse_pct: 40 });
  });
  it("fires past the business's own share when given one, the constant being only the default", () => {
    // 75 l against 100: 25 % under.
    const jours = cent({ 1: 100, 2: 100, 3: 100, 4: 75 });
    expect(alerteEau(jours, d(4))).toMatchObject({ baisse_pct: 25 });
    expect(alerteEau(jours, d(4), 30)).toBeNull();
    expect(alerteEau(jours, d(4), 25)).toBeNull();
    expect(alerteEau(jours, d(4), 24)).toMatchObject({ baisse_pct: 25 });
    // A share under the default alerts on what the default lets pass: 10 % under.
    expect(alerteEau(cent({ 1: 100, 2: 100, 3: 100, 4: 90 }), d(4))).toBeNull();
    expect(alerteEau(cent({ 1: 100, 2: 100, 3: 100, 4: 90 }), d(4), 5)).toMatchObject({ eau_litres: 90, moyenne_precedente: 100, baisse_pct: 10 });
  });
  it('needs 3 days with water among the 7 before; a day without a sheet is unknown, not zero', () => {
    expect(EAU_ALERTE_HISTORIQUE_MIN).toBe(3);
    expect(alerteEau(cent({ 2: 100, 3: 100, 4: 10 }), d(4))).toBeNull();
    // Three days spread over the week (gaps not counted): average 100.
    expect(alerteEau(cent({ 1: 100, 4: 100, 7: 100, 8: 50 }), d(8))).toMatchObject({ moyenne_precedente: 100, baisse_pct: 50 });
    // A day 8 days before is outside the window.
    expect(alerteEau(cent({ 1: 100, 5: 100, 8: 100, 9: 50 }), d(9))).toBeNull();
  });
  it('nothing without the day’s water or birds; zero water after normal days is a full drop', () => {
    expect(alerteEau(cent({ 1: 100, 2: 100, 3: 100 }), d(4))).toBeNull();
    expect(alerteEau({ ...cent({ 1: 100, 2: 100, 3: 100 }), [d(4)]: { eau: 0, vivants: 0 } }, d(4))).toBeNull();
    expect(alerteEau(cent({ 1: 100, 2: 100, 3: 100, 4: 0 }), d(4))).toMatchObject({ baisse_pct: 100 });
  });
});
