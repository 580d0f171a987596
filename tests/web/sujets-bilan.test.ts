// Where a broiler batch's birds went, on its printed report: worked by hand.
import { describe, expect, it } from 'vitest';
import { lignesSujets } from '../../web/src/features/bandes/logic/sujets-bilan';

describe('where the birds went', () => {
  it('adds up to the birds placed, with the products the slaughtered birds became', () => {
    // 500 placed; 120 sold from the batch, 12 dead, 80 slaughtered (two records: 50 → 30 PAC S and
    // 15 PAC L, 5 not sent; 30 → 20 PAC S, 10 not sent): alive 500 − 120 − 12 − 80 = 288.
    const lignes = lignesSujets({
      type: 'chair',
      nb_sujet: 500,
      nb_perte: 12,
      nb_vendu: 120,
      nb_abattu: 80,
      abatages: [
        {
          id: 1,
          quantite: 50,
          date: '2026-11-20',
          produits: [
            { id: 7, nom: 'PAC S', quantite: 30 },
            { id: 8, nom: 'PAC L', quantite: 15 },
          ],
        },
        { id: 2, quantite: 30, date: '2026-11-25', produits: [{ id: 7, nom: 'PAC S', quantite: 20 }] },
      ],
    });
    expect(lignes.map((l) => [l.cle, l.sujets])).toEqual([
      ['places', 500],
      ['vendus', 120],
      ['pertes', 12],
      ['abattus', 80],
      ['produit-7', 50],
      ['produit-8', 15],
      ['abattus-hors-boutique', 15],
      ['vivants', 288],
    ]);
    expect(lignes.find((l) => l.cle === 'produit-7')?.libelle).toBe('dont envoyés à « PAC S »');
  });

  it('says nothing of products when no slaughter named one', () => {
    const lignes = lignesSujets({
      type: 'chair',
      nb_sujet: 100,
      nb_perte: 0,
      nb_vendu: 0,
      nb_abattu: 40,
      abatages: [{ id: 1, quantite: 40, date: '2026-11-20' }],
    });
    expect(lignes.map((l) => l.cle)).toEqual(['places', 'vendus', 'pertes', 'abattus', 'vivants']);
    expect(lignes.at(-1)?.sujets).toBe(60);
  });
});
