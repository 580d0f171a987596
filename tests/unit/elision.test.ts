// « de » before a typed name is elided before a vowel or a mute h, in every phrase built around a
// name (shared/messages/elision.ts): « le stock d'Aliment », never « le stock de Aliment ».
import { describe, expect, it } from 'vitest';
import { de } from '@shared/messages/elision';
import { LIMIT_MSG } from '@shared/messages/limits';
import { SHOP_MSG } from '@shared/messages/shop';
import { stockVitrineMsg } from '@shared/ecommerce';

describe('de + a name', () => {
  it('elides before a vowel, an accented vowel, Œ and a mute h; not before a consonant', () => {
    expect(['Aliment', 'Œufs frais', 'Éleveur', 'Awa', 'ISA Brown', '  Huile'].map(de)).toEqual([
      "d'Aliment",
      "d'Œufs frais",
      "d'Éleveur",
      "d'Awa",
      "d'ISA Brown",
      "d'Huile",
    ]);
    expect(de('Poulet')).toBe('de Poulet');
  });

  it('is used by the messages that name a product or a client', () => {
    expect(LIMIT_MSG.stock('Aliment')).toMatch(/^Le stock d'Aliment dépasserait/);
    expect(SHOP_MSG.ajustementSame(4, 'Aliment')).toBe("Le stock d'Aliment est déjà de 4 : rien à ajuster.");
    expect(stockVitrineMsg(3, 'Œufs frais')).toBe("Il ne reste que 3 unités d'Œufs frais disponibles.");
    expect(SHOP_MSG.orderOf('Ibrahima')).toBe("Commande d'Ibrahima");
    expect(SHOP_MSG.orderOf('Moussa')).toBe('Commande de Moussa');
  });
});
