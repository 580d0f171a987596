// What a batch sale sells (shared/formulas/birds.ts, decision 0217): a broiler sale is birds; a
// layer sale is eggs (a tray 30 of them, no unit = eggs) or réforme hens, which leave the flock in
// the one definition of birds alive (running totals and dated), the hens of the laying rate, and
// « Sujets vendus ». And the words the screens use for eggs and trays.
import {
  aliveOn,
  henDaySeries,
  oeufsDeVente,
  oeufsVendus,
  sujetsSortis,
  sujetsVendus,
  sujetsVivants,
  sujetsVivantsLe,
  totauxDeVente,
  uniteDeVente,
} from '@shared/formulas';
import { VENTE_UNITE } from '@shared/messages/bandes';

describe('a batch sale’s unit', () => {
  it('a broiler sale is birds whatever it says; a layer sale without a unit is eggs', () => {
    expect(uniteDeVente('chair', {})).toBe('sujet');
    expect(uniteDeVente('chair', { unite: 'plateau' })).toBe('sujet');
    expect(uniteDeVente('pondeuse', {})).toBe('oeuf');
    expect(uniteDeVente('pondeuse', { unite: null })).toBe('oeuf');
    expect(uniteDeVente('pondeuse', { unite: 'plateau' })).toBe('plateau');
    expect(uniteDeVente('pondeuse', { unite: 'sujet' })).toBe('sujet');
  });

  it('a tray is 30 eggs, half a tray 15; réforme hens are no eggs', () => {
    expect(oeufsDeVente('pondeuse', { quantite: 55, unite: 'plateau' })).toBe(1650);
    expect(oeufsDeVente('pondeuse', { quantite: 0.5, unite: 'plateau' })).toBe(15);
    expect(oeufsDeVente('pondeuse', { quantite: 0.1, unite: 'plateau' })).toBe(3);
    expect(oeufsDeVente('pondeuse', { quantite: 12 })).toBe(12);
    expect(oeufsDeVente('pondeuse', { quantite: 20, unite: 'sujet' })).toBe(0);
    expect(oeufsDeVente('chair', { quantite: 20 })).toBe(0);
  });

  it('moves the running totals: eggs into nb_vendu, réforme hens into nb_reforme, broilers into nb_vendu', () => {
    expect(totauxDeVente('pondeuse', { quantite: 55, unite: 'plateau' })).toEqual({ nb_vendu: 1650, nb_reforme: 0 });
    expect(totauxDeVente('pondeuse', { quantite: 20, unite: 'sujet' })).toEqual({ nb_vendu: 0, nb_reforme: 20 });
    expect(totauxDeVente('chair', { quantite: 20 })).toEqual({ nb_vendu: 20, nb_reforme: 0 });
  });
});

describe('réforme hens leave the flock', () => {
  const counts = { type: 'pondeuse' as const, nb_sujet: 300, nb_perte: 10, nb_vendu: 1662, nb_abattu: 5, nb_reforme: 20 };
  it('in birds alive and birds sold, never the eggs', () => {
    expect(sujetsSortis(counts)).toBe(35);
    expect(sujetsVivants(counts)).toBe(265);
    expect(sujetsVendus(counts)).toBe(20);
    expect(oeufsVendus(counts)).toBe(1662);
    // Items written before réforme sales existed have no counter: none sold.
    expect(sujetsVivants({ ...counts, nb_reforme: undefined })).toBe(285);
    expect(sujetsVendus({ type: 'chair', nb_vendu: 40 })).toBe(40);
    expect(oeufsVendus({ type: 'chair', nb_vendu: 40 })).toBe(0);
  });

  it('on their day, for the checks and the laying rate', () => {
    // fixed date: pure formulas, no server judging the day against today
    const ventes = [
      { quantite: 55, unite: 'plateau', date: '2026-03-05', created_at: '2026-03-05' },
      { quantite: 40, unite: 'sujet', date: '2026-03-10', created_at: '2026-03-10' },
      { quantite: 9, unite: 'sujet', date: '2026-03-12', created_at: '2026-03-12', etat: 'DELETED' },
    ];
    const lot = { type: 'pondeuse' as const, nb_sujet: 100, pertes: [], ventes };
    expect(sujetsVivantsLe(lot, '2026-03-09')).toBe(100);
    expect(sujetsVivantsLe(lot, '2026-03-10')).toBe(60);
    expect(sujetsVivantsLe(lot, '2026-03-12')).toBe(60);
    expect(aliveOn(100, [], '2026-03-11', [], ventes)).toBe(60);
    // 60 eggs from 60 hens after the réforme: 100 %; 80 eggs from 100 hens before it: 80 %.
    const collectes = [
      { collecte: 80, date_collecte: '2026-03-09' },
      { collecte: 60, date_collecte: '2026-03-11' },
    ];
    expect(henDaySeries(100, [], collectes, [], ventes)).toEqual([
      { day: '2026-03-09', pct: 80 },
      { day: '2026-03-11', pct: 100 },
    ]);
  });
});

describe('eggs sold as the screens write them', () => {
  it('eggs with their trays, a partial tray as trays + eggs, less than a tray as eggs', () => {
    const t = (n: number) => VENTE_UNITE.oeufsEtPlateaux(n).replace(/[\u00a0\u202f]/g, ' ');
    expect(t(1650)).toBe('1 650 œufs (55 plateaux)');
    expect(t(1662)).toBe('1 662 œufs (55 plateaux + 12 œufs)');
    expect(t(30)).toBe('30 œufs (1 plateau)');
    expect(t(31)).toBe('31 œufs (1 plateau + 1 œuf)');
    expect(t(12)).toBe('12 œufs');
    expect(t(0)).toBe('0 œuf');
    expect(VENTE_UNITE.egaleOeufs(55, 1650).replace(/[\u00a0\u202f]/g, ' ')).toBe('55 plateaux = 1 650 œufs');
  });
});
