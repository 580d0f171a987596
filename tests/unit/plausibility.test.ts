// The soft thresholds behind « Êtes-vous sûr ? » (shared/plausibility.ts): each check stays quiet
// on ordinary figures, speaks on both sides of its threshold's edge, and names the reason in French.
import { RACES } from '@shared/breeds';
import { douteDepense, doutePerte, doutePoids, doutePonte, doutePrix, median, SEUILS } from '@shared/plausibility';

const ross = RACES.find((r) => r.code === 'ross308')!;
const lohmann = RACES.find((r) => r.code === 'lohmann-brown')!;

describe('plausibility thresholds', () => {
  it('median of an odd and an even list, none of an empty one', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('weight: quiet near the breed curve, asks above 130 % and under 50 % of it', () => {
    // Ross 308 at 35 days: 2 296 g
    expect(doutePoids(2296, 35, ross)).toBeNull();
    expect(doutePoids(2984, 35, ross)).toBeNull(); // 130 % = 2 984,8 g
    expect(doutePoids(2985, 35, ross)).toBe('Un poids moyen de 2 985 g est très au-dessus de la courbe : le standard Ross 308 à 35 jours est de 2 296 g.');
    expect(doutePoids(1148, 35, ross)).toBeNull();
    expect(doutePoids(1147, 35, ross)).toMatch(/très en dessous de la courbe : le standard Ross 308 à 35 jours est de 2 296 g\.$/);
    // kilograms typed as grams: 1,8 "g" on day 30
    expect(doutePoids(1.8, 30, ross)).toBe("Un poids moyen de 1,8 g est inférieur à celui d'un poussin d'un jour : vérifiez l'unité (g ou kg).");
  });

  it('weight: no curve at that age (or none at all) leaves only the day-old chick floor', () => {
    expect(doutePoids(9000, 80, ross)).toBeNull(); // the curve stops at 56 days; the server's maximum refuses
    expect(doutePoids(1900, 140, lohmann)).toBeNull(); // the layer strain ships without a curve
    expect(doutePoids(20, 140, lohmann)).toMatch(/poussin d'un jour/);
    expect(doutePoids(1500, null, ross)).toBeNull();
    expect(doutePoids(1500, 20, undefined)).toBeNull();
  });

  it('loss: asks above 10 % of the birds alive in one entry', () => {
    expect(doutePerte(50, 500)).toBeNull();
    expect(doutePerte(51, 500)).toBe("51 sujets morts en une fois, c'est 10 % des 500 sujets vivants de la bande.");
    expect(doutePerte(1, 5)).toBe("1 sujet mort en une fois, c'est 20 % des 5 sujets vivants de la bande.");
    expect(doutePerte(3, 0)).toBeNull();
  });

  it('laying: asks above 95 % of the hens alive that day', () => {
    expect(doutePonte(285, 300)).toBeNull(); // 95 %
    expect(doutePonte(286, 300)).toBe(
      '286 œufs ce jour-là pour 300 poules vivantes, soit un taux de ponte de 95,3 % : les meilleures souches plafonnent vers 95 %.',
    );
    expect(doutePonte(10, 0)).toBeNull();
  });

  it('expense: asks above 10 times the median of the same type once the batch has 3 expenses of that type', () => {
    const ALIMENT = 1;
    const VACCIN = 2;
    const TRANSPORT = 3;
    const de = (type: number, ...totals: number[]) => totals.map((prix_total) => ({ prix_total, id_type_depense: type }));
    const aliment = (prix_total: number) => ({ prix_total, id_type_depense: ALIMENT });
    expect(douteDepense(aliment(1_000_000), de(ALIMENT, 10_000, 20_000))).toBeNull(); // too little history
    expect(douteDepense(aliment(200_000), de(ALIMENT, 10_000, 20_000, 30_000))).toBeNull(); // exactly 10 × 20 000
    expect(douteDepense(aliment(200_001), de(ALIMENT, 10_000, 20_000, 30_000), 'Aliment')).toBe(
      'Cette dépense de 200 001 FCFA fait plus de 10 fois la dépense habituelle de type Aliment de cette bande (20 000 FCFA).',
    );
    // An ordinary feed purchase (4 sacks of 50 kg) among vaccines and transport: not doubtful,
    // since it is compared with feed only (the batch's median of every expense was 6 000 FCFA).
    const melange = [...de(VACCIN, 5_000, 6_000, 4_000), ...de(TRANSPORT, 7_000, 8_000), ...de(ALIMENT, 66_000)];
    expect(douteDepense(aliment(72_000), melange, 'Aliment')).toBeNull();
    // …and the vaccines keep their own usual: a vaccine typed with a digit too many still asks
    expect(douteDepense({ prix_total: 60_001, id_type_depense: VACCIN }, melange)).toBe(
      'Cette dépense de 60 001 FCFA fait plus de 10 fois la dépense habituelle de ce type de cette bande (5 000 FCFA).',
    );
    expect(SEUILS.depenseFoisMediane).toBe(10);
  });

  it('sale price: asks beyond 3 times or under a third of the median once the batch has 2 sales', () => {
    expect(doutePrix(30_000, [2500])).toBeNull();
    expect(doutePrix(7500, [2500, 2500])).toBeNull();
    expect(doutePrix(7501, [2500, 2500])).toBe('Un prix unitaire de 7 501 FCFA fait plus de 3 fois le prix habituel des ventes de cette bande (2 500 FCFA).');
    expect(doutePrix(834, [2500, 2500])).toBeNull();
    expect(doutePrix(833, [2500, 2500])).toBe('Un prix unitaire de 833 FCFA fait moins du tiers du prix habituel des ventes de cette bande (2 500 FCFA).');
  });
});
