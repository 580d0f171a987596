// The phone rule (shared/phone.ts): every accepted writing of Senegalese and
// Ivorian mobiles and fixed lines, the refusals with their French messages, the stored E.164 form,
// the display, the search, and the generated metadata staying equal to the installed library's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PHONE_METADATA_FILE, phoneMetadataSource } from '../../infra/ops/phone-metadata';
import {
  businessPhoneCountry,
  checkPhone,
  countryOfPays,
  formatPhone,
  msisdnOf,
  nationalNumber,
  phoneCountry,
  phoneForInput,
  phoneIndicatif,
  phoneMatches,
  samePhone,
  storedToE164,
} from '@shared/phone';
import { clientMatches } from '@shared/schemas/clients';

const SN = 'Numéro de téléphone invalide pour le Sénégal : 9 chiffres, par ex. 77 123 45 67.';
const CI = "Numéro de téléphone invalide pour la Côte d'Ivoire : 10 chiffres, par ex. 07 07 07 07 07.";

describe('accepted writings → E.164', () => {
  it.each([
    // Senegal, mobile
    ['sn', '771234567', '+221771234567'],
    ['sn', '77 123 45 67', '+221771234567'],
    ['sn', '77.123.45.67', '+221771234567'],
    ['sn', '77-123-45-67', '+221771234567'],
    ['sn', '(77) 123 45 67', '+221771234567'],
    ['sn', ' 77 123 45 67 ', '+221771234567'],
    ['sn', '77\u00a0123\u00a045\u00a067', '+221771234567'],
    ['sn', '+221 77 123 45 67', '+221771234567'],
    ['sn', '+221771234567', '+221771234567'],
    ['sn', '00221 77 123 45 67', '+221771234567'],
    ['sn', '221771234567', '+221771234567'],
    ['sn', '70 123 45 67', '+221701234567'],
    ['sn', '76-123-45-67', '+221761234567'],
    ['sn', '78 123 45 67', '+221781234567'],
    // Senegal, fixed line
    ['sn', '33 821 00 00', '+221338210000'],
    ['sn', '+221 33 821 00 00', '+221338210000'],
    // Côte d'Ivoire, mobile (the leading 0 is part of the number since 2021)
    ['ci', '0707070707', '+2250707070707'],
    ['ci', '07 07 07 07 07', '+2250707070707'],
    ['ci', '07.07.07.07.07', '+2250707070707'],
    ['ci', '07-07-07-07-07', '+2250707070707'],
    ['ci', '+225 07 07 07 07 07', '+2250707070707'],
    ['ci', '00225 0707070707', '+2250707070707'],
    ['ci', '2250707070707', '+2250707070707'],
    ['ci', '01 02 03 04 05', '+2250102030405'],
    ['ci', '05 44 55 66 77', '+2250544556677'],
    // Côte d'Ivoire, fixed line
    ['ci', '27 22 44 44 44', '+2252722444444'],
    ['ci', '+225 21 20 00 00 00', '+2252120000000'],
    // a number with its code is read in its own country, whatever the business's
    ['sn', '+225 07 07 07 07 07', '+2250707070707'],
    ['sn', '00225 0707070707', '+2250707070707'],
    ['ci', '+221 77 123 45 67', '+221771234567'],
    ['ci', '00221771234567', '+221771234567'],
  ] as const)('%s %j → %s', (country, input, e164) => {
    const r = checkPhone(input, country);
    expect(r).toMatchObject({ ok: true, e164 });
  });

  it('tells mobiles from fixed lines (payments need a mobile)', () => {
    expect(checkPhone('771234567', 'sn')).toMatchObject({ ok: true, country: 'sn', mobile: true });
    expect(checkPhone('338210000', 'sn')).toMatchObject({ ok: true, country: 'sn', mobile: false });
    expect(checkPhone('0707070707', 'ci')).toMatchObject({ ok: true, country: 'ci', mobile: true });
    expect(checkPhone('2722444444', 'ci')).toMatchObject({ ok: true, country: 'ci', mobile: false });
    expect(checkPhone('338210000', 'sn', { mobile: true })).toEqual({
      ok: false,
      message: 'Numéro mobile du Sénégal invalide : 9 chiffres, par ex. 77 123 45 67.',
    });
    expect(checkPhone('27 22 44 44 44', 'ci', { mobile: true })).toEqual({
      ok: false,
      message: "Numéro mobile de Côte d'Ivoire invalide : 10 chiffres, par ex. 07 07 07 07 07.",
    });
  });
});

describe('refusals, in French', () => {
  it.each([
    ['sn', '12', SN],
    ['sn', '7712345', SN],
    ['sn', '7712345678', SN],
    ['sn', '77a1234567', SN],
    ['sn', 'abc', SN],
    ['sn', '77 123 45 67 ext 5', SN],
    ['sn', '77+1234567', SN],
    ['sn', '631234567', SN], // no such range in Senegal's plan
    ['sn', '+221 12', SN],
    ['sn', '+2217712345678', SN],
    ['ci', '12', CI],
    ['ci', '0807070707', CI], // no such range in Côte d'Ivoire's plan
    ['ci', '7070707', CI],
    ['ci', '+225 77 123 45 67', CI],
    ['sn', '1'.repeat(31), SN],
  ] as const)('%s %j', (country, input, message) => {
    expect(checkPhone(input, country)).toEqual({ ok: false, message });
  });

  it("says when the digits are the other country's number (a wrong country's number)", () => {
    expect(checkPhone('0707070707', 'sn')).toEqual({ ok: false, message: `${SN} Pour un numéro de Côte d'Ivoire, ajoutez +225 devant.` });
    expect(checkPhone('77 123 45 67', 'ci')).toEqual({ ok: false, message: `${CI} Pour un numéro du Sénégal, ajoutez +221 devant.` });
    // Senegal has no trunk 0: "0 77 …" is refused (it would read as an Ivorian 07 number), never guessed
    expect(checkPhone('0771234567', 'sn').ok).toBe(false);
  });

  it('refuses other countries and an empty field', () => {
    expect(checkPhone('+33 6 12 34 56 78', 'sn')).toEqual({
      ok: false,
      message: "Seuls les numéros du Sénégal (+221) et de Côte d'Ivoire (+225) sont acceptés.",
    });
    expect(checkPhone('0033612345678', 'ci')).toEqual({ ok: false, message: "Seuls les numéros du Sénégal (+221) et de Côte d'Ivoire (+225) sont acceptés." });
    expect(checkPhone('   ', 'sn')).toEqual({ ok: false, message: 'Téléphone requis' });
  });

  it("needs the code where the business has no default country (pays outside Senegal and Côte d'Ivoire)", () => {
    const needsCode = "Indiquez le numéro avec son indicatif : +221 pour le Sénégal, +225 pour la Côte d'Ivoire.";
    expect(checkPhone('771234567', null)).toEqual({ ok: false, message: needsCode });
    expect(checkPhone('90 12 34 56', null)).toEqual({ ok: false, message: needsCode });
    expect(checkPhone('+221 77 123 45 67', null)).toMatchObject({ ok: true, e164: '+221771234567' });
    expect(checkPhone('+228 90 12 34 56', null)).toMatchObject({
      ok: false,
      message: "Seuls les numéros du Sénégal (+221) et de Côte d'Ivoire (+225) sont acceptés.",
    });
  });
});

describe('countries of a business', () => {
  it('reads the sign-up pays, with or without accents, and the codes', () => {
    for (const p of ['Senegal', 'Sénégal', 'SN', 'sn', ' senegal ']) expect(countryOfPays(p)).toBe('sn');
    for (const p of ["Cote d'Ivoire", "Côte d'Ivoire", 'Côte d’Ivoire', 'Ivory Coast', 'CI', 'ci']) expect(countryOfPays(p)).toBe('ci');
    for (const p of ['Togo', 'France', '', null, undefined]) expect(countryOfPays(p)).toBeNull();
  });

  it("falls back on the business's own number for another pays", () => {
    expect(businessPhoneCountry('Togo', '+2250707070707')).toBe('ci');
    expect(businessPhoneCountry('Togo', '+221771234567')).toBe('sn');
    expect(businessPhoneCountry('Togo', '90123456')).toBeNull();
    expect(businessPhoneCountry("Cote d'Ivoire", '+221771234567')).toBe('ci');
  });
});

describe('display, editing, dial codes', () => {
  it('shows a number with its code and its national grouping', () => {
    expect(formatPhone('+221771234567')).toBe('+221 77 123 45 67');
    expect(formatPhone('+221338210000')).toBe('+221 33 821 00 00');
    expect(formatPhone('+2250707070707')).toBe('+225 07 07 07 07 07');
    expect(formatPhone('+2252722444444')).toBe('+225 27 22 44 44 44');
  });

  it('reads an older record in the business country only, and shows what does not read as it is', () => {
    expect(formatPhone('0707070707', 'ci')).toBe('+225 07 07 07 07 07');
    expect(formatPhone('771234567', 'sn')).toBe('+221 77 123 45 67');
    // a Senegalese business's "0771234567" is not shown as an Ivorian number
    expect(formatPhone('0771234567', 'sn')).toBe('0771234567');
    expect(formatPhone('12', 'sn')).toBe('12');
    expect(formatPhone('771234567')).toBe('771234567');
    expect(formatPhone(null)).toBe('');
  });

  it("puts the business's own numbers in their national writing in an edit field", () => {
    expect(phoneForInput('+2250707070707', 'ci')).toBe('07 07 07 07 07');
    expect(phoneForInput('+221771234567', 'ci')).toBe('+221 77 123 45 67');
    expect(phoneForInput('+221771234567', 'sn')).toBe('77 123 45 67');
    expect(phoneForInput('12', 'sn')).toBe('12');
    expect(phoneForInput(undefined, 'sn')).toBe('');
  });

  it("gives the number's own dial code, else the business's", () => {
    expect(phoneIndicatif('+2250707070707', 'sn')).toBe('+225');
    expect(phoneIndicatif(null, 'ci')).toBe('+225');
    expect(phoneIndicatif(null, 'sn')).toBe('+221');
    expect(phoneIndicatif(null, null)).toBe('+221');
    expect(phoneCountry('+221771234567')).toBe('sn');
  });

  it('gives the payment providers what they take', () => {
    expect(nationalNumber('+221771234567')).toBe('771234567');
    expect(nationalNumber('+2250707070707')).toBe('0707070707');
    expect(msisdnOf('+2250707070707')).toBe('2250707070707');
  });
});

describe('migration of stored numbers', () => {
  it('turns the digits of before into E.164 when they read in the business country', () => {
    expect(storedToE164('771234567', 'sn')).toBe('+221771234567');
    expect(storedToE164('221771234567', 'sn')).toBe('+221771234567');
    expect(storedToE164('00221771234567', 'ci')).toBe('+221771234567');
    expect(storedToE164('0707070707', 'ci')).toBe('+2250707070707');
    expect(storedToE164('+2250707070707', 'sn')).toBe('+2250707070707');
    expect(storedToE164('0707070707', 'sn')).toBeNull();
    expect(storedToE164('12', 'sn')).toBeNull();
    expect(storedToE164('771234567', null)).toBeNull();
  });
});

describe('search by phone', () => {
  const stored = '+221771234567';
  it.each(['77 123 45 67', '771234567', '+221 77 123 45 67', '00221 77 123 45 67', '221771234567', '77 12', '123 45'])('%j finds +221771234567', (q) => {
    expect(phoneMatches(stored, q)).toBe(true);
    expect(clientMatches({ prenom: 'Awa', nom: 'Diop', telephone: stored }, q)).toBe(true);
  });

  it.each(['78 123', '+225 77', 'awa 77', ''])('%j does not', (q) => {
    expect(phoneMatches(stored, q)).toBe(false);
  });

  it('finds Ivorian numbers with their 0 and older records', () => {
    expect(phoneMatches('+2250707070707', '07 07 07 07 07')).toBe(true);
    expect(phoneMatches('+2250707070707', '+225 0707')).toBe(true);
    expect(phoneMatches('771234567', '+221 77 123 45 67')).toBe(true);
    expect(clientMatches({ prenom: 'Awa', nom: 'Diop', telephone: '+221771234567' }, 'awa')).toBe(true);
  });

  it("matches a whole typed number exactly (the sale's client by phone)", () => {
    expect(samePhone('+221771234567', '77 123 45 67', 'sn')).toBe(true);
    expect(samePhone('+221771234567', '00221771234567', 'ci')).toBe(true);
    expect(samePhone('771234567', '+221 77 123 45 67', 'sn')).toBe(true);
    expect(samePhone('+221771234567', '77 123 45 6', 'sn')).toBe(false);
    expect(samePhone('+2250707070707', '0707070707', 'sn')).toBe(false);
    expect(samePhone('+2250707070707', '0707070707', 'ci')).toBe(true);
  });
});

describe('generated metadata', () => {
  it('is what `npm run phone:metadata` makes from the installed libphonenumber-js (regenerate after an upgrade)', () => {
    expect(readFileSync(PHONE_METADATA_FILE, 'utf8')).toBe(phoneMetadataSource());
  });

  it("holds Senegal and Côte d'Ivoire only", async () => {
    const { PHONE_METADATA } = await import('@shared/phone-metadata');
    const m = PHONE_METADATA as unknown as { countries: Record<string, unknown>; country_calling_codes: Record<string, string[]> };
    expect(Object.keys(m.countries).sort()).toEqual(['CI', 'SN']);
    expect(m.country_calling_codes).toEqual({ 221: ['SN'], 225: ['CI'] });
  });
});
