// The business formulas of spec part 1 §9 (shared by the dashboard and the batch detail) on
// ordinary figures and on the edge cases: no birds, no expenses, every sale cancelled.
import { describe, expect, it } from 'vitest';
import {
  batchFigures,
  dashboardFigures,
  eggRate,
  expensesByType,
  expensesTotal,
  lineTotal,
  lossesTotal,
  mortalityRate,
  productionCost,
  profitabilityRate,
  revenue,
  round2,
} from '@shared/formulas';

const sale = (prix_unitaire: number, quantite: number, etat = 'ACTIVE') => ({ prix_unitaire, quantite, etat });
const exp = (id_type_depense: number, prix_unitaire: number, quantite: number) => ({ id_type_depense, prix_unitaire, quantite });

describe('formulas', () => {
  it('computes every figure of a batch', () => {
    const f = batchFigures({
      nb_sujet: 300,
      ventes: [sale(3000, 100), sale(2800, 50), sale(9999, 10, 'DELETED')],
      depenses: [exp(1, 15000, 20), exp(2, 500, 300), exp(3, 25000, 1)],
      pertes: [
        { nombre: 7, type: 'perte' },
        { nombre: 2, type: 'perte' },
        { nombre: 5, type: 'autre' },
      ],
    });
    expect(f).toEqual({
      sujets: 300,
      chiffreAffaire: 440000,
      depenses: 475000,
      pertes: 9,
      benefice: -35000,
      tauxMortalite: 3,
      coutProduction: 1583.33,
      tauxRentabilite: -7.37,
    });
  });

  it('rounds line totals once to the franc and rates to 2 decimals', () => {
    expect(lineTotal(333, 0.3)).toBe(100);
    expect(lineTotal(1250, 2.5)).toBe(3125);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-2.345)).toBe(-2.35);
    expect(mortalityRate(1, 3)).toBe(33.33);
    expect(productionCost(1000, 3)).toBe(333.33);
    expect(profitabilityRate(2000, 3000)).toBe(-33.33);
  });

  it('answers 0 (not Infinity or NaN) when there are no birds', () => {
    const f = batchFigures({ nb_sujet: 0, ventes: [sale(100, 1)], depenses: [exp(1, 100, 1)], pertes: [] });
    expect(f.tauxMortalite).toBe(0);
    expect(f.coutProduction).toBe(0);
    expect(eggRate(10, 0, 0)).toBe(0);
    expect(eggRate(10, 5, 5)).toBe(0);
    expect(dashboardFigures([])).toMatchObject({ bandes: 0, sujets: 0, tauxMortalite: 0, coutProduction: 0, benefice: 0, tauxRentabilite: null });
  });

  it('has no profitability rate without expenses', () => {
    const f = batchFigures({ nb_sujet: 10, ventes: [sale(1000, 2)], depenses: [], pertes: [] });
    expect(f).toMatchObject({ depenses: 0, benefice: 2000, tauxRentabilite: null, coutProduction: 0 });
    expect(expensesByType([])).toEqual([]);
  });

  it('leaves cancelled sales out of every total', () => {
    const ventes = [sale(3000, 10, 'DELETED'), sale(2000, 5, 'DELETED')];
    expect(revenue(ventes)).toBe(0);
    const f = batchFigures({ nb_sujet: 100, ventes, depenses: [exp(1, 1000, 10)], pertes: [] });
    expect(f).toMatchObject({ chiffreAffaire: 0, benefice: -10000, tauxRentabilite: -100 });
  });

  it('groups expenses by type with their share', () => {
    const g = expensesByType([exp(1, 1000, 3), exp(2, 500, 2), exp(1, 1000, 1), { ...exp(3, 99999, 1), etat: 'DELETED' }]);
    expect(g).toEqual([
      { id_type_depense: 1, total: 4000, count: 2, pourcentage: 80 },
      { id_type_depense: 2, total: 1000, count: 1, pourcentage: 20 },
    ]);
    expect(expensesTotal([exp(1, 1, 0.5)])).toBe(1); // 0.5 rounds up once
  });

  it('counts only losses of type perte', () => {
    expect(lossesTotal([{ nombre: 3 }, { nombre: 2, type: 'perte' }, { nombre: 9, type: 'vente' }])).toBe(5);
  });

  it('computes the egg percentage over the birds left', () => {
    expect(eggRate(250, 300, 10)).toBe(86.21);
  });

  it('sums the dashboard over the batches’ running totals', () => {
    const d = dashboardFigures([
      { nb_sujet: 100, chiffre_affaire: 50000, depense: 20000, nb_perte: 5 },
      { nb_sujet: 300, chiffre_affaire: 10000, depense: 30000, nb_perte: 3 },
    ]);
    expect(d).toEqual({
      bandes: 2,
      sujets: 400,
      chiffreAffaire: 60000,
      depenses: 50000,
      pertes: 8,
      benefice: 10000,
      tauxMortalite: 2,
      coutProduction: 125,
      tauxRentabilite: 20,
    });
  });
});
