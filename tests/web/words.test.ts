// Amounts in French words on receipts and invoices (web/src/lib/words.ts).
import { describe, expect, it } from 'vitest';
import { montantEnLettres, nombreEnLettres } from '../../web/src/lib/words';

describe('nombreEnLettres', () => {
  it.each([
    [0, 'zéro'],
    [1, 'un'],
    [17, 'dix-sept'],
    [21, 'vingt et un'],
    [71, 'soixante et onze'],
    [75, 'soixante-quinze'],
    [80, 'quatre-vingts'],
    [81, 'quatre-vingt-un'],
    [99, 'quatre-vingt-dix-neuf'],
    [100, 'cent'],
    [200, 'deux cents'],
    [201, 'deux cent un'],
    [1000, 'mille'],
    [2000, 'deux mille'],
    [80_000, 'quatre-vingt mille'],
    [200_000, 'deux cent mille'],
    [1_000_000, 'un million'],
    [2_500_000, 'deux millions cinq cent mille'],
    [1_250_300, 'un million deux cent cinquante mille trois cents'],
    [3_000_000_000, 'trois milliards'],
  ])('%i → %s', (n, words) => expect(nombreEnLettres(n)).toBe(words));
  it('adds the currency', () => expect(montantEnLettres(15_500)).toBe('quinze mille cinq cents francs CFA'));
});
