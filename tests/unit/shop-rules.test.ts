// The shop's shared rules, which the server and the forms both apply: the whole-FCFA discount (checked against exact rational
// arithmetic on BigInt over random prices and percentages), numbers as typed, the saisi_le window
// and the delivery-date bounds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lireNombre } from '@shared/nombres';
import { dateLivraisonBornes } from '@shared/schemas/commandes';
import { createdAtFrom } from '@shared/schemas/saisi-le';
import { priceLine, prixApresPourcentage } from '@shared/pricing';

/** round half up of prix × (100 − p) / 100 with p in hundredths, on exact integers. */
function reference(prix: number, centiemes: number): number {
  const n = BigInt(prix) * BigInt(10_000 - centiemes);
  const q = n / 10_000n;
  const r = n % 10_000n;
  return Number(r * 2n >= 10_000n ? q + 1n : q);
}

describe('whole FCFA: percentage discount rounded half up, line = unit × quantity', () => {
  it('the issue’s case: 3 500 at 12.5 % is 3 063, and × 2 is 6 126', () => {
    expect(priceLine(3500, 2, 'POURCENTAGE', 12.5)).toEqual({ ok: true, prix_unitaire: 3063, total: 6126 });
    expect(prixApresPourcentage(333, 10)).toBe(300);
    expect(prixApresPourcentage(1, 50)).toBe(1); // 0.5 → 1 (half up)
    expect(prixApresPourcentage(3, 50)).toBe(2); // 1.5 → 2
  });

  it('matches exact arithmetic for any price ≤ 1e9 and percentage with 2 decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 9_999 }),
        fc.integer({ min: 1, max: 10_000 }),
        (prix, centiemes, quantite) => {
          const r = priceLine(prix, quantite, 'POURCENTAGE', centiemes / 100);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(r.prix_unitaire).toBe(reference(prix, centiemes));
          expect(Number.isInteger(r.total)).toBe(true);
          expect(r.total).toBe(r.prix_unitaire * quantite);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('a MONTANT discount is whole FCFA below the price', () => {
    expect(priceLine(1000, 3, 'MONTANT', 250)).toEqual({ ok: true, prix_unitaire: 750, total: 2250 });
    expect(priceLine(1000, 3, 'MONTANT', 2.5)).toEqual({ ok: false, message: 'La remise en montant doit être un nombre entier de FCFA' });
    expect(priceLine(1000, 1, 'MONTANT', 1000).ok).toBe(false);
    expect(priceLine(1000, 1, 'POURCENTAGE', 100).ok).toBe(false);
  });
});

describe('numbers as typed', () => {
  const q = { label: 'La quantité', feminin: true, min: 1 };
  it('reads whole numbers, spaces and a decimal comma; refuses empty, malformed, negative, fractional', () => {
    expect(lireNombre('12', q)).toEqual({ ok: true, value: 12 });
    expect(lireNombre(' 1 500 ', { label: 'Le prix' })).toEqual({ ok: true, value: 1500 });
    expect(lireNombre('12,5', { label: 'Le taux', entier: false })).toEqual({ ok: true, value: 12.5 });
    expect(lireNombre('', q)).toEqual({ ok: false, message: 'La quantité est requise' });
    expect(lireNombre('  ', { label: 'Le prix' })).toEqual({ ok: false, message: 'Le prix est requis' });
    expect(lireNombre('abc', q)).toEqual({ ok: false, message: 'La quantité doit être un nombre' });
    expect(lireNombre('1e3', q)).toEqual({ ok: false, message: 'La quantité doit être un nombre' });
    expect(lireNombre('', q, true)).toEqual({ ok: false, message: 'La quantité doit être un nombre' });
    expect(lireNombre('-5', q)).toEqual({ ok: false, message: 'La quantité ne peut pas être négative' });
    expect(lireNombre('-1', { label: 'Le prix' })).toEqual({ ok: false, message: 'Le prix ne peut pas être négatif' });
    expect(lireNombre('1.5', q)).toEqual({ ok: false, message: 'La quantité doit être un nombre entier' });
    expect(lireNombre('0', q)).toEqual({ ok: false, message: 'La quantité doit être au moins 1' });
    expect(lireNombre('12,345', { label: 'Le taux', entier: false })).toEqual({ ok: false, message: 'Le taux : au plus 2 décimales' });
    expect(lireNombre('2000', { label: 'La quantité', feminin: true, max: 1000 })).toEqual({ ok: false, message: 'La quantité ne doit pas dépasser 1 000' });
  });
});

describe('saisi_le → created_at', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');
  it('takes the typed time within [now − 31 days, now + 5 minutes], else now', () => {
    expect(createdAtFrom('2026-11-24T23:50:00Z', now)).toBe('2026-11-24T23:50:00.000Z');
    expect(createdAtFrom('2026-10-25T12:00:00.000Z', now)).toBe('2026-10-25T12:00:00.000Z');
    expect(createdAtFrom('2026-10-25T11:59:59.999Z', now)).toBe(now.toISOString());
    expect(createdAtFrom('2026-11-25T12:05:00Z', now)).toBe('2026-11-25T12:05:00.000Z');
    expect(createdAtFrom('2026-11-25T12:05:01Z', now)).toBe(now.toISOString());
    for (const bad of ['2026-11-31T10:00:00Z', '2026-11-24T25:00:00Z', '2026-11-24T10:00:00+01:00', '2026-11-24', 'hier', 42, null, undefined]) {
      expect(createdAtFrom(bad, now)).toBe(now.toISOString());
    }
  });
});

describe('delivery date bounds', () => {
  it('from today to the same day next year (29 February → 28 February)', () => {
    expect(dateLivraisonBornes('2026-11-25')).toEqual({ min: '2026-11-25', max: '2027-11-25' });
    expect(dateLivraisonBornes('2028-02-29')).toEqual({ min: '2028-02-29', max: '2029-02-28' });
    expect(dateLivraisonBornes('2026-12-31')).toEqual({ min: '2026-12-31', max: '2027-12-31' });
  });
});
