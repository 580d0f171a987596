// What a departure of birds would break (shared/formulas/ruptures.ts): the first day and the figure
// that break, and the refusal that names them — the one function behind the server's routes and
// the entry dialogs. The days are fixed: `today` is injected, nothing is judged against the clock.
import { premiereRupture, refusSortie, avecSortie, type LotComplet, type SortieSaisie } from '@shared/formulas';

const TODAY = '2026-11-28';
/**
 * 500 broilers placed on 01/11; 10 dead on 10/11 (490 alive on 12/11), 285 sold on 20/11 (205
 * left), 80 sold on 27/11 (125 left, what the card shows today).
 */
const lot = (over: Partial<LotComplet> = {}): LotComplet => ({
  type: 'chair',
  nb_sujet: 500,
  pertes: [{ nombre: 10, date: '2026-11-10', created_at: '2026-11-10T08:00:00Z' }],
  ventes: [
    { quantite: 285, date: '2026-11-20', created_at: '2026-11-20T08:00:00Z' },
    { quantite: 80, date: '2026-11-27', created_at: '2026-11-27T08:00:00Z' },
  ],
  abatages: [],
  pesages: [],
  collectes: [],
  ...over,
});
const refus = (avant: LotComplet, s: SortieSaisie) => refusSortie(avant, s, TODAY);

describe('the first day a departure of birds breaks', () => {
  it('a back-dated loss that fits its own day but starves a later sale names that sale, its day and the birds left then', () => {
    const r = premiereRupture(lot(), avecSortie(lot(), { kind: 'perte', quantite: 200, day: '2026-11-12' }), {
      kind: 'perte',
      quantite: 200,
      day: '2026-11-12',
    });
    expect(r).toEqual({ kind: 'suite', day: '2026-11-27', sorties: [{ kind: 'vente', quantite: 80, day: '2026-11-27' }], vivants: 5 });
    expect(refus(lot(), { kind: 'perte', quantite: 200, day: '2026-11-12' })).toBe(
      'Impossible : le 27/11/2026, la vente de 80 sujets ne serait plus possible, car il ne resterait que 5 sujets vivants ce jour-là.',
    );
    // a bigger one breaks the first sale already
    expect(refus(lot(), { kind: 'perte', quantite: 300, day: '2026-11-12' })).toBe(
      'Impossible : le 20/11/2026, la vente de 285 sujets ne serait plus possible, car il ne resterait que 190 sujets vivants ce jour-là.',
    );
    // what fits every later day is accepted
    expect(refus(lot(), { kind: 'perte', quantite: 125, day: '2026-11-12' })).toBeNull();
  });

  it('when the entry’s own day lacks the birds, it says the birds alive that day, not today’s', () => {
    expect(refus(lot(), { kind: 'perte', quantite: 600, day: '2026-11-12' })).toBe('Il ne restait que 490 sujets vivants dans cette bande le 12/11/2026.');
    expect(refus(lot(), { kind: 'abattage', quantite: 491, day: '2026-11-12' })).toBe('Il ne restait que 490 sujets vivants dans cette bande le 12/11/2026.');
    // on today, the figure the card shows, in the words the app always used
    expect(refus(lot(), { kind: 'perte', quantite: 126, day: TODAY })).toBe('Il ne reste que 125 sujets vivants dans cette bande.');
    expect(refus(lot(), { kind: 'perte', quantite: 125, day: TODAY })).toBeNull();
  });

  it('a corrected sale counts without its old birds and says so: 80 → 300 with 125 alive and its 80', () => {
    const sans = lot({ ventes: lot().ventes!.slice(0, 1) });
    const ancienne = { quantite: 80, day: '2026-11-27' };
    expect(refus(sans, { kind: 'vente', quantite: 300, day: '2026-11-27', ancienne })).toBe(
      'Cette vente ne peut pas passer de 80 à 300 sujets : le 27/11/2026, la bande compte 125 sujets vivants en plus des 80 sujets de cette vente, soit 205 au plus.',
    );
    expect(refus(sans, { kind: 'vente', quantite: 205, day: '2026-11-27', ancienne })).toBeNull();
    // moved back to a day before the other sale, it takes that sale's birds
    expect(refus(sans, { kind: 'vente', quantite: 300, day: '2026-11-15', ancienne })).toBe(
      'Impossible : le 20/11/2026, la vente de 285 sujets ne serait plus possible, car il ne resterait que 190 sujets vivants ce jour-là.',
    );
  });

  it('names every departure of the breaking day, and a slaughter as such', () => {
    const l = lot({
      pertes: [...lot().pertes, { nombre: 10, date: '2026-11-27', created_at: '2026-11-27T08:00:00Z' }],
      abatages: [{ quantite: 20, date: '2026-11-27' }],
    });
    expect(refus(l, { kind: 'perte', quantite: 100, day: '2026-11-25' })).toBe(
      "Impossible : le 27/11/2026, la perte de 10 sujets, la vente de 80 sujets et l'abattage de 20 sujets ne seraient plus possibles, car il ne resterait que 105 sujets vivants ce jour-là.",
    );
  });

  it('a later weighing or collection breaks too, the earliest day first; a cancelled entry takes no bird', () => {
    const pesee = lot({ pesages: [{ echantillon: 200, date_prise: '2026-11-25' }] });
    expect(refus(pesee, { kind: 'perte', quantite: 10, day: '2026-11-12' })).toBe(
      "Impossible : le pesage du 25/11/2026 porte sur 200 sujets et il n'en resterait que 195 vivants ce jour-là. Corrigez d'abord le pesage du 25/11/2026.",
    );
    // the weighing of the 18th breaks before the sale of the 27th
    const tot = lot({ pesages: [{ echantillon: 300, date_prise: '2026-11-18' }] });
    expect(refus(tot, { kind: 'perte', quantite: 200, day: '2026-11-12' })).toMatch(/^Impossible : le pesage du 18\/11\/2026/);
    const annulee = lot({ ventes: [{ ...lot().ventes![0], etat: 'DELETED' }, lot().ventes![1]] });
    expect(refus(annulee, { kind: 'perte', quantite: 400, day: '2026-11-12' })).toBeNull();
  });

  it('a layer batch’s egg sales take no hen; its losses, slaughters and réforme sales (a departure of hens) do', () => {
    const poules = lot({ type: 'pondeuse', ventes: [{ quantite: 5000, date: '2026-11-20', created_at: '2026-11-20T08:00:00Z' }] });
    // A departure recorded as a sale is hens sold (réforme, decision 0217): the 5 000 eggs sold take none.
    expect(refus(poules, { kind: 'vente', quantite: 490, day: '2026-11-12' })).toBeNull();
    expect(refus(poules, { kind: 'vente', quantite: 491, day: '2026-11-12' })).toBe('Il ne restait que 490 sujets vivants dans cette bande le 12/11/2026.');
    expect(refus(poules, { kind: 'perte', quantite: 491, day: '2026-11-12' })).toBe('Il ne restait que 490 sujets vivants dans cette bande le 12/11/2026.');
    const collecte = lot({ type: 'pondeuse', ventes: [], collectes: [{ collecte: 480, date_collecte: '2026-11-20' }] });
    expect(refus(collecte, { kind: 'perte', quantite: 20, day: '2026-11-12' })).toMatch(/^Impossible : le 20\/11\/2026, 480 œufs ont été collectés/);
  });
});
