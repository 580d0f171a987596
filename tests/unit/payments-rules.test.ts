// Payment rules that need no stack: phone numbers per country, the request schema, prices, our
// references, and what a payment does to the subscription's dates.
import { describe, expect, it } from 'vitest';
import { addMonths, extendPeriod } from '../../functions/paiements/period';
import { executionName, parseReference, paymentReference } from '../../functions/paiements/repository';
import { msisdn, nationalMobile, needsOtp, paymentTotal, PAYMENT_COUNTRIES } from '@shared/paiements';
import { planFor, PLANS } from '@shared/plans';
import { initPaiementSchema } from '@shared/schemas/paiements';

describe('mobile numbers per country', () => {
  it.each([
    ['sn', '771234567', '771234567'],
    ['sn', '77 123 45 67', '771234567'],
    ['sn', '+221 70 123 45 67', '701234567'],
    ['sn', '00221761234567', '761234567'],
    ['sn', '221781234567', '781234567'],
    ['sn', '75-123-45-67', '751234567'],
    ['ci', '0712345678', '0712345678'],
    ['ci', '+225 05 12 34 56 78', '0512345678'],
    ['ci', '002250112345678', '0112345678'],
  ] as const)('%s %s → %s', (pays, input, national) => {
    expect(nationalMobile(pays, input)).toBe(national);
  });

  it.each([
    ['sn', '338211234'], // landline
    ['sn', '731234567'], // not a mobile range of Senegal's plan (shared/phone.ts, libphonenumber's data)
    ['sn', '77123456'],
    ['sn', '7712345678'],
    ['sn', '+225 07 12 34 56 78'],
    ['sn', '77 12a 45 67'],
    ['ci', '0212345678'],
    ['ci', '712345678'],
    ['ci', '771234567'],
    ['ci', ''],
  ] as const)('%s %s is refused', (pays, input) => {
    expect(nationalMobile(pays, input)).toBeNull();
  });

  it('gives the providers the international form', () => {
    expect(msisdn('sn', '771234567')).toBe('221771234567');
    expect(msisdn('ci', '0712345678')).toBe('2250712345678');
  });
});

describe('services per country (spec §9)', () => {
  it('sn offers Wave and Orange Money; ci offers Wave only; the code is for Orange Money Sénégal only', () => {
    expect(PAYMENT_COUNTRIES.sn.services).toEqual(['wave', 'orange_money']);
    expect(PAYMENT_COUNTRIES.ci.services).toEqual(['wave']);
    expect(needsOtp('sn', 'orange_money')).toBe(true);
    expect(needsOtp('sn', 'wave')).toBe(false);
    expect(needsOtp('ci', 'wave')).toBe(false);
  });

  it('the request schema applies them, with French messages', () => {
    const ok = initPaiementSchema.safeParse({
      code_plan: 'pro',
      nb_mois: 2,
      service_pay: 'orange_money',
      info_pay: '{"numero":"771234567","otp":"123456"}',
      pays: 'sn',
    });
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({ currency: 'XOF', info_pay: { numero: '771234567', otp: '123456' } });
    const bad = initPaiementSchema.safeParse({ code_plan: 'pro', nb_mois: 2, service_pay: 'orange_money', info_pay: { numero: '0712345678' }, pays: 'ci' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual(["Ce service n'est pas proposé en Côte d'Ivoire"]);
  });
});

describe('prices (spec §9: months × monthly price)', () => {
  it("are the plan table's", () => {
    expect(paymentTotal(planFor('db1'), 1)).toBe(5000);
    expect(paymentTotal(planFor('pro'), 3)).toBe(30_000);
    expect(paymentTotal(planFor('ent'), 12)).toBe(240_000);
    expect([PLANS.db1.mensualite, PLANS.pro.mensualite, PLANS.ent.mensualite]).toEqual([5000, 10_000, 20_000]);
  });
});

describe('references', () => {
  it('name the business and the payment, and only ours parse', () => {
    expect(paymentReference(12, 34)).toBe('GNR-12-34');
    expect(parseReference('GNR-12-34')).toEqual({ tenantId: 12, id: 34 });
    for (const r of ['GNR-12', 'GNR-a-1', 'XGNR-1-1', 'GNR-1-1-1', '', null, undefined, 'GNR-12345678901-1']) expect(parseReference(r)).toBeNull();
    expect(executionName(12, 34)).toBe('pay-12-34');
  });
});

describe('the subscription after a payment', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it('calendar months in UTC, the day clamped to the month', () => {
    expect(addMonths(new Date('2026-01-31T08:00:00Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T08:00:00Z'), 1).toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
    expect(addMonths(new Date('2026-03-31T00:00:00Z'), -1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });

  it('same plan, still valid: added to the end date', () => {
    const p = extendPeriod({ plan: 'pro', validUntil: '2026-04-01T00:00:00.000Z' }, PLANS.pro, 2, now);
    expect(p).toEqual({ debut: new Date('2026-04-01T00:00:00.000Z'), fin: new Date('2026-06-01T00:00:00.000Z') });
  });

  it('expired, or no subscription: from now', () => {
    expect(extendPeriod({ plan: 'pro', validUntil: '2026-01-01T00:00:00.000Z' }, PLANS.pro, 1, now)).toEqual({
      debut: now,
      fin: new Date('2026-04-10T12:00:00.000Z'),
    });
    expect(extendPeriod(null, PLANS.ent, 1, now).fin.toISOString()).toBe('2026-04-10T12:00:00.000Z');
  });

  it('another plan: at once, the time left converted at the two prices', () => {
    // 10 days of Démarrage (5,000) = 5 days of Professionnel (10,000), then 1 month.
    const up = extendPeriod({ plan: 'db1', validUntil: '2026-03-20T12:00:00.000Z' }, PLANS.pro, 1, now);
    expect(up).toEqual({ debut: now, fin: addMonths(new Date('2026-03-15T12:00:00.000Z'), 1) });
    // 10 days of Entreprise (20,000) = 40 days of Démarrage (5,000).
    const down = extendPeriod({ plan: 'ent', validUntil: '2026-03-20T12:00:00.000Z' }, PLANS.db1, 1, now);
    expect(down.fin).toEqual(addMonths(new Date('2026-04-19T12:00:00.000Z'), 1));
  });
});
