// The building blocks of every request schema (shared/schemas/common.ts): canonical ids, real
// calendar dates, bounded amounts and quantities whose products stay exact integers; the client
// IP key of per-IP limits; the shared security headers.
import { describe, expect, it } from 'vitest';
import { formatNombre } from '@shared/format';
import {
  fcfa,
  hasDecimals,
  idParam,
  isCalendarDate,
  isoDate,
  MAX_ID,
  MAX_MONTANT,
  MAX_PRIX,
  MAX_QUANTITE,
  MAX_STOCK,
  quantite,
  withinMontant,
} from '@shared/schemas/common';
import { commandeParams } from '@shared/schemas/commandes';
import { ipKey } from '../../functions/lib/client-ip';
import { securityHeaders, SPA_CSP } from '@shared/security-headers';

describe('idParam', () => {
  it('takes a canonical positive integer, as text or number', () => {
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse('9999999999')).toBe(MAX_ID);
    expect(idParam.parse(42)).toBe(42);
  });
  it.each([' 1', '1 ', '1e0', '+1', '00001', '01', '1.0', '0x1', '0', '-1', '', '10000000000', 'un'])('refuses %j', (v) => {
    const r = idParam.safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe('Identifiant invalide');
  });
  it.each([0, -1, 1.5, Number.NaN, Infinity, MAX_ID + 1, 9007199254740991])('refuses the number %s', (v) => {
    expect(idParam.safeParse(v).success).toBe(false);
  });
});

describe('dates', () => {
  it.each([
    '2024-02-29',
    '2026-01-01',
    '2026-12-31',
    '2026-11-21T08:00:00',
    '2026-11-21T08:00',
    '2026-11-21 23:59:59.999',
    '2026-11-21T08:00:00Z',
    '2026-11-21T08:00:00+01:00',
  ])('accepts %s', (d) => {
    expect(isCalendarDate(d)).toBe(true);
    expect(isoDate.safeParse(d).success).toBe(true);
  });
  it.each([
    '2020-02-30',
    '2023-02-29',
    '2100-02-29',
    '2020-04-31',
    '2020-13-01',
    '2020-00-01',
    '2020-01-00',
    '2020-01-01T24:00',
    '2020-01-01T10:60',
    '2020-01-01T10:00:61',
    '1899-12-31',
    '20-01-01',
    '2020-1-1',
    '2020-01-01T10:00:00+15:00',
    'hier',
  ])('refuses %s', (d) => {
    expect(isCalendarDate(d)).toBe(false);
    expect(isoDate.safeParse(d).error?.issues[0].message).toBe('Date invalide');
  });
});

describe('amounts and quantities', () => {
  it('bounds every amount and quantity, with French messages', () => {
    expect(fcfa('Le montant').safeParse(MAX_MONTANT).success).toBe(true);
    expect(fcfa('Le montant').safeParse(MAX_MONTANT + 1).error!.issues[0].message).toMatch(/^Le montant ne doit pas dépasser 1 000 000 000 000 FCFA$/);
    expect(fcfa('Prix', MAX_PRIX).safeParse(MAX_PRIX + 1).success).toBe(false);
    expect(fcfa('Le montant').safeParse(1.5).success).toBe(false);
    expect(fcfa('Le montant').safeParse(Number.NaN).success).toBe(false);
    expect(fcfa('Le montant').safeParse(Infinity).success).toBe(false);
    expect(quantite('La quantité').safeParse(MAX_QUANTITE).success).toBe(true);
    expect(quantite('La quantité').safeParse(MAX_QUANTITE + 1).error!.issues[0].message).toMatch(/ne doit pas dépasser 10 000 000$/);
    expect(quantite('La quantité').safeParse(1.5).success).toBe(false);
    expect(quantite('Quantité', { decimal: true, min: 0.1 }).safeParse(1.5).success).toBe(true);
    expect(quantite('La quantité', { required: 'La quantité est requise' }).safeParse(undefined).error!.issues[0].message).toBe('La quantité est requise');
    // decimals: at most 3, and no crumb DynamoDB cannot store (found by the fuzz: a 6e-323 discount answered 500)
    expect(quantite('Quantité', { decimal: true, min: 0.1 }).safeParse(1.2345).error!.issues[0].message).toBe('Quantité : au plus 3 décimales');
    expect(hasDecimals(2)(6e-323)).toBe(false);
    expect(hasDecimals(2)(12.55)).toBe(true);
    expect(hasDecimals(3)(0.30000000000000004)).toBe(true);
  });

  it('keeps every product and sum of the maxima exact', () => {
    // A line (price × quantity) is checked against MAX_MONTANT before anything adds it up: the
    // sum of the 40 lines of the biggest order, or a creance plus a sale, stays exact.
    expect(Number.isSafeInteger(MAX_MONTANT * 40)).toBe(true);
    expect(Number.isSafeInteger(MAX_STOCK + MAX_QUANTITE * 40)).toBe(true);
    expect(withinMontant(MAX_MONTANT)).toBe(true);
    expect(withinMontant(MAX_MONTANT + 1)).toBe(false);
    expect(withinMontant(0.5)).toBe(false);
  });

  it('reads an order only by its canonical number or id', () => {
    for (const ok of ['CMD-000001', 'cmd-000001', 'CMD-1234567', '1', '123']) expect(commandeParams.safeParse({ id: ok }).success, ok).toBe(true);
    for (const bad of ['CMD-0000001', 'CMD-000000', 'CMD-1', ' 1', '0001', '1e0', '+1', 'CMD-000001 '])
      expect(commandeParams.safeParse({ id: bad }).success, bad).toBe(false);
  });
});

describe('client IP key', () => {
  it('keeps IPv4, reduces IPv6 to its /64, unwraps IPv4-mapped addresses', () => {
    expect(ipKey('203.0.113.9')).toBe('203.0.113.9');
    expect(ipKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(ipKey('not-an-ip')).toBe('invalid');
  });
});

describe('security headers', () => {
  it('the SPA allows no inline script but the boot script (by its hash), no eval, no framing', () => {
    expect(SPA_CSP).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(;|$)/);
    expect(SPA_CSP).not.toMatch(/unsafe/);
    expect(SPA_CSP).toMatch(/frame-ancestors 'none'/);
    for (const kind of ['spa', 'api'] as const) {
      expect(securityHeaders(kind)).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' });
      expect(securityHeaders(kind)['strict-transport-security']).toMatch(/^max-age=63072000/);
    }
  });
});

describe('formatNombre', () => {
  it('writes what toLocaleString("fr-FR") writes, with plain spaces, without loading ICU for integers', () => {
    const locale = (n: number) => n.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ');
    for (const n of [
      0,
      7,
      100,
      999,
      1000,
      12_345,
      999_999,
      1_000_000,
      MAX_QUANTITE,
      MAX_STOCK,
      MAX_PRIX,
      MAX_MONTANT,
      MAX_ID,
      -1,
      -1000,
      -1_234_567,
      2.5,
      1234.5678,
    ]) {
      expect(formatNombre(n)).toBe(locale(n));
    }
    expect(formatNombre(MAX_MONTANT)).toBe('1 000 000 000 000');
  });
});

describe('the bird quota refusal (decision 0223)', () => {
  it('names the plan, what is left and what the next plan allows; the top plan has no next', async () => {
    const { PLANS, nextPlan } = await import('@shared/plans');
    const { BANDE_MSG } = await import('@shared/messages/bandes');
    expect(nextPlan(PLANS.db1)?.code).toBe('pro');
    expect(nextPlan(PLANS.pro)?.code).toBe('ent');
    expect(nextPlan(PLANS.ent)).toBeNull();
    expect(BANDE_MSG.quotaDetail({ nom: 'Professionnel', maxSujets: 5000 }, 1200, nextPlan(PLANS.pro))).toBe(
      "Vous avez atteint le nombre de sujets autorisés : votre formule Professionnel permet 5 000 sujets en cours ; il en reste 1 200. La formule Entreprise n'a pas de limite de sujets.",
    );
  });
});
