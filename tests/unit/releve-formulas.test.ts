// A client's account replayed from its movements (shared/formulas/releve.ts), on figures
// worked by hand: the opening balance is the day before the period, a cancellation takes what it
// cancels away, the statement's closing balance is the debt at its end, the balance a receipt
// prints is the one right after its movement, and the oldest unpaid sale is found first in, first out.
import { describe, expect, it } from 'vitest';
import { ageDette, releve, signe, soldeApres, soldeAu, type MouvementCreance } from '@shared/formulas/releve';

const m = (type: MouvementCreance['type'], date: string, montant: number, ref: string, at = `${date}T10:00:00.000Z`): MouvementCreance => ({
  type,
  date,
  at,
  montant,
  ref,
  libelle: ref,
});

// Awa's account: 10 000 on credit on 1/11, 4 000 on credit on 5/11, repays 6 000 on 8/11, a 2 000
// line of the 5/11 sale is cancelled on 9/11, an order delivered on 12/11 leaves 7 500 to pay,
// the repayment of 8/11 is cancelled on 15/11 (the cheque bounced), she repays 3 000 on 20/11.
const awa: MouvementCreance[] = [
  m('vente_credit', '2026-11-01', 10_000, 'vente:1'),
  m('vente_credit', '2026-11-05', 4_000, 'vente:2'),
  m('versement', '2026-11-08', 6_000, 'versement:1'),
  m('annulation_vente', '2026-11-09', 2_000, 'vente:2'),
  m('livraison_commande', '2026-11-12', 7_500, 'commande:3'),
  m('annulation_versement', '2026-11-15', 6_000, 'versement:1'),
  m('versement', '2026-11-20', 3_000, 'versement:2'),
];

describe('a client account', () => {
  it('signs each kind', () => {
    expect([signe('vente_credit'), signe('livraison_commande'), signe('versement'), signe('annulation_vente'), signe('annulation_versement')]).toEqual([
      1, 1, -1, -1, 1,
    ]);
  });

  it('gives the debt at the end of any day', () => {
    expect(soldeAu(awa, '2026-10-31')).toBe(0);
    expect(soldeAu(awa, '2026-11-01')).toBe(10_000);
    expect(soldeAu(awa, '2026-11-08')).toBe(8_000); // 10 000 + 4 000 − 6 000
    expect(soldeAu(awa, '2026-11-09')).toBe(6_000);
    expect(soldeAu(awa, '2026-11-12')).toBe(13_500);
    expect(soldeAu(awa, '2026-11-15')).toBe(19_500);
    expect(soldeAu(awa, '2026-11-30')).toBe(16_500);
  });

  it('states a period: opening the day before, each kind totalled, closing = the debt at its end', () => {
    const r = releve(awa, '2026-11-06', '2026-11-15');
    expect(r.solde_ouverture).toBe(14_000);
    expect(r.lignes.map((l) => [l.type, l.solde])).toEqual([
      ['versement', 8_000],
      ['annulation_vente', 6_000],
      ['livraison_commande', 13_500],
      ['annulation_versement', 19_500],
    ]);
    expect(r).toMatchObject({ ventes_credit: 7_500, versements: 6_000, annulations_ventes: 2_000, annulations_versements: 6_000, solde_cloture: 19_500 });
    expect(r.solde_ouverture + r.ventes_credit - r.versements - r.annulations_ventes + r.annulations_versements).toBe(r.solde_cloture);
    expect(r.solde_cloture).toBe(soldeAu(awa, '2026-11-15'));
    // An empty period still states the debt.
    expect(releve(awa, '2026-11-16', '2026-11-19')).toMatchObject({ solde_ouverture: 19_500, lignes: [], solde_cloture: 19_500 });
  });

  it('orders one day by the time each movement was written, whatever the order given', () => {
    const jour = [
      m('versement', '2026-11-02', 1_000, 'versement:9', '2026-11-02T15:00:00.000Z'),
      m('vente_credit', '2026-11-02', 5_000, 'vente:8', '2026-11-02T09:00:00.000Z'),
    ];
    expect(releve(jour, '2026-11-02', '2026-11-02').lignes.map((l) => l.solde)).toEqual([5_000, 4_000]);
  });

  it('prints on a receipt the debt right after its own movement', () => {
    expect(soldeApres(awa, 'vente:1')).toBe(10_000);
    expect(soldeApres(awa, 'vente:2')).toBe(14_000);
    expect(soldeApres(awa, 'versement:1')).toBe(8_000);
    expect(soldeApres(awa, 'commande:3')).toBe(13_500);
    expect(soldeApres(awa, 'versement:2')).toBe(16_500);
    expect(soldeApres(awa, 'vente:99')).toBeNull();
  });

  it('finds the oldest unpaid sale, repayments paying the oldest first and cancellations removed', () => {
    // Standing: sales 10 000 (1/11) and 2 000 (5/11, after its cancelled line), the delivery 7 500
    // (12/11); repaid 3 000 (the 6 000 was cancelled): the 1/11 sale is still 7 000 short.
    expect(ageDette(awa, '2026-11-29')).toEqual({ plus_ancienne: '2026-11-01', age_jours: 28 });
    // A repayment of 9 000 more settles the 1/11 sale (7 000) and the 5/11 one (2 000): the delivery is the oldest.
    expect(ageDette([...awa, m('versement', '2026-11-25', 9_000, 'versement:3')], '2026-11-29')).toEqual({ plus_ancienne: '2026-11-12', age_jours: 17 });
    // Everything paid: nothing owed.
    expect(ageDette([...awa, m('versement', '2026-11-25', 16_500, 'versement:3')], '2026-11-29')).toEqual({ plus_ancienne: null, age_jours: null });
    expect(ageDette([], '2026-11-29')).toEqual({ plus_ancienne: null, age_jours: null });
  });
});
