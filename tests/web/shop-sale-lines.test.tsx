// Rules of the sale being built (spec part 2 §5): product search, discounts, stock check, merge
// of a product already listed, running total and the checks before Valider.
import { describe, expect, it } from 'vitest';
import {
  addLine,
  draftToLine,
  filterProducts,
  lineTotal,
  priceAfterDiscount,
  removeLine,
  saleTotal,
  validateDraft,
  validateSale,
  type LineDraft,
  type ProduitStock,
  type SaleLine,
} from '../../web/src/features/ventes/logic/sale-lines';
import { findClientByPhone } from '../../web/src/features/ventes/logic/client-by-phone';

const poulet: ProduitStock = { id: 1, nom: 'Poulet fermier', quantite: 10, prix_vente: 3500 };
const oeufs: ProduitStock = { id: 2, nom: 'Plateau oeufs', quantite: 4, prix_vente: 2500 };
const draft = (over: Partial<LineDraft> = {}): LineDraft => ({
  produit: poulet,
  quantite: 1,
  remise: false,
  type_remise: 'MONTANT',
  valeur_remise: 0,
  ...over,
});

describe('product autocomplete filter', () => {
  const list = [poulet, oeufs, { id: 3, nom: 'Aliment  Démarrage', quantite: 1, prix_vente: 1 }];
  it('shows nothing for an empty or blank input', () => {
    expect(filterProducts(list, '')).toEqual([]);
    expect(filterProducts(list, '   ')).toEqual([]);
  });
  it('matches the name ignoring case and spaces', () => {
    expect(filterProducts(list, 'POULETF').map((p) => p.id)).toEqual([1]);
    expect(filterProducts(list, 'plateau oe').map((p) => p.id)).toEqual([2]);
    expect(filterProducts(list, 'alimentdém').map((p) => p.id)).toEqual([3]);
    expect(filterProducts(list, 'e').map((p) => p.id)).toEqual([1, 2, 3]);
    expect(filterProducts(list, 'canard')).toEqual([]);
  });
});

describe('discounts', () => {
  it('a MONTANT discount is taken off the unit price', () => {
    expect(priceAfterDiscount(3500, 'MONTANT', 500)).toBe(3000);
    expect(lineTotal({ prix_unitaire: 3500, quantite: 3, type_remise: 'MONTANT', valeur_remise: 500 })).toBe(9000);
  });
  it('a POURCENTAGE discount takes a share of the unit price, the line total rounded once', () => {
    expect(priceAfterDiscount(2500, 'POURCENTAGE', 10)).toBe(2250);
    // 3333 × (1 − 0.15) × 3 = 8499.15 → 8499 (rounded once, not per unit)
    expect(lineTotal({ prix_unitaire: 3333, quantite: 3, type_remise: 'POURCENTAGE', valeur_remise: 15 })).toBe(8499);
  });
  it('a discount of 0 does not apply', () => {
    expect(priceAfterDiscount(3500, 'POURCENTAGE', 0)).toBe(3500);
    const line = draftToLine(draft({ remise: true, type_remise: 'POURCENTAGE', valeur_remise: 0 }));
    expect(line).toMatchObject({ type_remise: 'MONTANT', valeur_remise: 0, prix_unitaire: 3500 });
  });
  it('an unticked discount box sends no discount even if a value was typed', () => {
    expect(draftToLine(draft({ remise: false, valeur_remise: 700 })).valeur_remise).toBe(0);
  });
  it('MONTANT must be below the unit price', () => {
    expect(validateDraft(draft({ remise: true, valeur_remise: 3500 }), [])).toBe('La remise doit être inférieure au prix unitaire');
    expect(validateDraft(draft({ remise: true, valeur_remise: 3499 }), [])).toBeNull();
  });
  it('POURCENTAGE must be below 100', () => {
    expect(validateDraft(draft({ remise: true, type_remise: 'POURCENTAGE', valeur_remise: 100 }), [])).toBe(
      'Le pourcentage de remise doit être inférieur à 100',
    );
    expect(validateDraft(draft({ remise: true, type_remise: 'POURCENTAGE', valeur_remise: 99 }), [])).toBeNull();
  });
  it('a negative discount is refused', () => {
    expect(validateDraft(draft({ remise: true, valeur_remise: -5 }), [])).toBe('La valeur de la remise doit être positive.');
  });
});

describe('stock check', () => {
  it('needs a product and a whole quantity of at least 1', () => {
    expect(validateDraft(draft({ produit: null }), [])).toBe('Veuillez choisir un produit.');
    expect(validateDraft(draft({ quantite: 0 }), [])).toMatch(/supérieur ou égal à 1/);
    expect(validateDraft(draft({ quantite: 1.5 }), [])).toMatch(/entier/);
  });
  it('refuses more than the stock with the spec message', () => {
    expect(validateDraft(draft({ quantite: 11 }), [])).toBe("Il n'y a que 10 Poulet fermier disponible");
    expect(validateDraft(draft({ quantite: 10 }), [])).toBeNull();
  });
  it('counts what the sale already lists for the same product', () => {
    const lines = [draftToLine(draft({ quantite: 7 }))];
    expect(validateDraft(draft({ quantite: 4 }), lines)).toBe("Il n'y a que 10 Poulet fermier disponible");
    expect(validateDraft(draft({ quantite: 3 }), lines)).toBeNull();
    // another product is checked against its own stock only
    expect(validateDraft(draft({ produit: oeufs, quantite: 4 }), lines)).toBeNull();
  });
});

describe('lines and total', () => {
  it('adding an already-listed product increases its quantity', () => {
    let lines: SaleLine[] = [];
    lines = addLine(lines, draftToLine(draft({ quantite: 2 })));
    lines = addLine(lines, draftToLine(draft({ produit: oeufs, quantite: 1 })));
    lines = addLine(lines, draftToLine(draft({ quantite: 3 })));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ id_produit: 1, quantite: 5 });
    expect(saleTotal(lines)).toBe(5 * 3500 + 2500);
  });
  it('the latest discount applies to a merged line', () => {
    let lines = addLine([], draftToLine(draft({ quantite: 2 })));
    lines = addLine(lines, draftToLine(draft({ quantite: 1, remise: true, valeur_remise: 500 })));
    expect(lines[0]).toMatchObject({ quantite: 3, valeur_remise: 500 });
    expect(saleTotal(lines)).toBe(9000);
  });
  it('Supprimer removes the line and the total follows', () => {
    let lines = addLine([], draftToLine(draft({ quantite: 2 })));
    lines = addLine(lines, draftToLine(draft({ produit: oeufs, quantite: 2 })));
    lines = removeLine(lines, 1);
    expect(lines.map((l) => l.id_produit)).toEqual([2]);
    expect(saleTotal(lines)).toBe(5000);
  });
});

describe('Valider', () => {
  const one = [draftToLine(draft())];
  it('needs at least one line', () => {
    expect(validateSale([], 'DIRECT', null)).toBe('Ajoutez au moins un produit.');
  });
  it('an EMPRUNT needs a client, DIRECT and DON do not', () => {
    expect(validateSale(one, 'EMPRUNT', null)).toBe('Veuillez choisir le client.');
    expect(validateSale(one, 'EMPRUNT', 4)).toBeNull();
    expect(validateSale(one, 'DIRECT', null)).toBeNull();
    expect(validateSale(one, 'DON', null)).toBeNull();
  });
});

describe('client search by phone (new sale)', () => {
  const clients = [
    { id: 1, telephone: '77 123 45 67' },
    { id: 2, telephone: '781112233' },
    { id: 3, telephone: null },
  ];
  it('ignores spaces and the +221 / 00221 dial code, and needs the whole number', () => {
    expect(findClientByPhone(clients, '771234567')?.id).toBe(1);
    expect(findClientByPhone(clients, '+221 78 111 22 33')?.id).toBe(2);
    expect(findClientByPhone(clients, '00221781112233')?.id).toBe(2);
    expect(findClientByPhone(clients, '7811122')).toBeNull();
    expect(findClientByPhone(clients, '   ')).toBeNull();
  });
});
