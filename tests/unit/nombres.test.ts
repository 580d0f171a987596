// The one reading of a typed number (shared/nombres.ts, decision 0213): a phone set to English
// types `2.5`, a French one `2,5`, and both are two and a half; spaces group thousands; anything
// else is a French message naming the field, never a number silently changed (`2,5`
// birds saved as 25, `1,5` sacks as 15).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ecrireNombre, lireNombre, lireTexte } from '@shared/nombres';

const qte = { label: 'La quantité', feminin: true, entier: false, decimales: 3 };
const birds = { label: 'Le nombre de sujets' };

describe('lireTexte / lireNombre', () => {
  it('reads a decimal comma and a decimal dot alike', () => {
    expect(lireNombre('2,5', qte)).toEqual({ ok: true, value: 2.5 });
    expect(lireNombre('2.5', qte)).toEqual({ ok: true, value: 2.5 });
    expect(lireNombre('1,5', qte)).toEqual({ ok: true, value: 1.5 });
    expect(lireNombre('0.125', qte)).toEqual({ ok: true, value: 0.125 });
    expect(lireNombre(',5', qte)).toEqual({ ok: true, value: 0.5 });
    expect(lireNombre('1500,25', qte)).toEqual({ ok: true, value: 1500.25 });
  });

  it('reads spaces, no-break and narrow no-break spaces between thousands', () => {
    expect(lireNombre('1 500', birds)).toEqual({ ok: true, value: 1500 });
    expect(lireNombre('1\u00a0500', birds)).toEqual({ ok: true, value: 1500 });
    expect(lireNombre('1\u202f500', birds)).toEqual({ ok: true, value: 1500 });
    expect(lireNombre('1 250 000', { label: 'Le prix' })).toEqual({ ok: true, value: 1250000 });
    expect(lireNombre('16 500,5', qte)).toEqual({ ok: true, value: 16500.5 });
  });

  it('refuses a whole number of birds typed with a decimal, whatever the separator', () => {
    expect(lireNombre('2,5', birds)).toEqual({ ok: false, message: 'Le nombre de sujets doit être un nombre entier' });
    expect(lireNombre('2.5', birds)).toEqual({ ok: false, message: 'Le nombre de sujets doit être un nombre entier' });
  });

  it('names the field for anything that is not one number', () => {
    for (const t of ['1,2,3', '1.2.3', '2,5.1', '1.500.000', '1,500,000', '12a', 'a12', '1e3', '--5', '.', ',', '1 2 3', '15 00', '1  500', '2,5 kg']) {
      expect(lireNombre(t, qte), t).toEqual({ ok: false, message: 'La quantité doit être un nombre' });
      expect(lireTexte(t).kind, t).toBe('invalide');
    }
  });

  it('refuses 1.500, and 1,500 where only whole numbers go, with both readings, never guessing', () => {
    expect(lireNombre('1.500', qte)).toEqual({ ok: false, message: 'La quantité : « 1.500 » veut dire 1 500 ou 1,5 ? Tapez 1500 ou 1,5' });
    expect(lireNombre('16.500', { label: 'Le prix' })).toEqual({
      ok: false,
      message: 'Le prix : « 16.500 » veut dire 16 500 ? Tapez 16500, sans point ni virgule',
    });
    expect(lireNombre('1,500', birds)).toEqual({
      ok: false,
      message: 'Le nombre de sujets : « 1,500 » veut dire 1 500 ? Tapez 1500, sans point ni virgule',
    });
    expect(lireTexte('1.500')).toEqual({ kind: 'ambigu', milliers: 1500, decimal: 1.5 });
    expect(lireTexte('1,500', true)).toEqual({ kind: 'ambigu', milliers: 1500, decimal: 1.5 });
  });

  it('reads the unambiguous neighbours of 1.500 as decimals', () => {
    // a French comma with decimals allowed: 1,500 kg is one and a half
    expect(lireNombre('1,500', qte)).toEqual({ ok: true, value: 1.5 });
    expect(lireNombre('0.500', qte)).toEqual({ ok: true, value: 0.5 });
    expect(lireNombre('1.50', qte)).toEqual({ ok: true, value: 1.5 });
    expect(lireNombre('1500.250', qte)).toEqual({ ok: true, value: 1500.25 });
    expect(lireNombre('1 500.250', qte)).toEqual({ ok: true, value: 1500.25 });
  });

  it('writes a number back in French, and reads the French text back to the same number', () => {
    expect(ecrireNombre(1500)).toBe('1 500');
    expect(ecrireNombre(2.5)).toBe('2,5');
    expect(ecrireNombre(16500.125)).toBe('16 500,125');
    expect(ecrireNombre(-1250)).toBe('-1 250');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 999 }), (i, d) => {
        const n = i + d / 1000;
        expect(lireTexte(ecrireNombre(n))).toEqual({ kind: 'nombre', value: n });
        expect(lireTexte(String(n)).kind === 'nombre' || /^[1-9]\d{0,2}\.\d{3}$/.test(String(n))).toBe(true);
      }),
    );
  });
});
