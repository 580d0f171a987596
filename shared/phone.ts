// Phone numbers as people write them: the one rule of sign-up, users, clients,
// shops, the storefront and payments, on libphonenumber-js's core functions with the numbering
// plans of Senegal and Côte d'Ivoire only (shared/phone-metadata.ts, generated).
//
// - Accepted writings: spaces, dots, dashes, slashes and parentheses anywhere; a leading +221 /
//   +225 / 00221 / 00225 (or 221 / 225 before a full national number); the leading 0 of Ivorian
//   numbers, which is part of the number since 2021.
// - A number written without its country code is read in the business's country (its default
//   country: sign-up uses the chosen pays, everything else the business's own). A business whose
//   pays is neither Senegal nor Côte d'Ivoire has no default: its numbers are written with their
//   code (docs/decisions.md, "Phones").
// - Valid = a number of Senegal's or Côte d'Ivoire's plan (Google's libphonenumber data: mobile,
//   fixed line and the other types of each plan); payments ask for a mobile.
// - Stored in E.164 (`+221771234567`, `+2250707070707`); shown with its code and the national
//   grouping (`+221 77 123 45 67`, `+225 07 07 07 07 07`).
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/core';
import { PHONE_METADATA } from './phone-metadata';
import { PHONE_TEXT_MAX, PHONE_WRITTEN } from './schemas/rules';

import { PHONE_COUNTRIES, type PhoneCountry } from './phone-countries';
import { PHONE_MSG } from './messages/phone';

export { PHONE_COUNTRIES, type PhoneCountry };

const BY_ISO: Record<string, PhoneCountry> = { SN: 'sn', CI: 'ci' };
const other = (c: PhoneCountry): PhoneCountry => (c === 'sn' ? 'ci' : 'sn');

/** Separators people put in numbers: spaces (also the non-breaking ones), dots, dashes, slashes, parentheses. */
const SEPARATORS = /[\s.\-/()]/g;

/**
 * The business's country for phone numbers, from its sign-up `pays` (the country list's name,
 * `Senegal` / `Cote d'Ivoire`, with or without accents, or the codes `sn` / `ci`), else null.
 */
export function countryOfPays(pays: string | null | undefined): PhoneCountry | null {
  const p = (pays ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .trim();
  if (p === 'sn' || p === 'senegal') return 'sn';
  if (p === 'ci' || p === "cote d'ivoire" || p === 'cote divoire' || p === 'ivory coast') return 'ci';
  return null;
}

/**
 * Where a business's numbers written without a code belong: its pays when Senegal or Côte
 * d'Ivoire, else the country of its own (sign-up) phone, which the sign-up rule makes Senegalese
 * or Ivorian; null for an old business with neither.
 */
export function businessPhoneCountry(pays: string | null | undefined, telephone?: string | null): PhoneCountry | null {
  return countryOfPays(pays) ?? phoneCountry(telephone);
}

function parse(text: string, country?: PhoneCountry): PhoneNumber | undefined {
  return parsePhoneNumberFromString(text, country ? { defaultCountry: PHONE_COUNTRIES[country].iso, extract: false } : { extract: false }, PHONE_METADATA);
}

/** A valid number of its country's plan, and its country; or null. */
function validIn(text: string, country?: PhoneCountry): { p: PhoneNumber; country: PhoneCountry } | null {
  const p = parse(text, country);
  const c = p?.country ? BY_ISO[p.country] : undefined;
  if (!p || !c || !p.isValid()) return null;
  if (country && !text.startsWith('+') && c !== country) return null;
  return { p, country: c };
}

/** The typed text without separators, with 00 read as +. Null when it holds anything else (letters…). */
function compact(input: string): string | null {
  const t = input.trim();
  if (!t || t.length > PHONE_TEXT_MAX || !PHONE_WRITTEN.test(t)) return null;
  const digits = t.replace(SEPARATORS, '');
  return digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
}

export type PhoneCheck = { ok: true; e164: string; country: PhoneCountry; mobile: boolean } | { ok: false; message: string };

/**
 * The rule. `input` as typed; `defaultCountry` reads a number written without its code (null: the
 * code is required); `mobile` asks for a mobile number (payments). Answers the E.164 form, the
 * number's country and whether it is a mobile, or the French message to show.
 */
export function checkPhone(input: string, defaultCountry: PhoneCountry | null, opts: { mobile?: boolean } = {}): PhoneCheck {
  if (!input.trim()) return { ok: false, message: PHONE_MSG.required };
  const text = compact(input);
  if (text === null) return { ok: false, message: defaultCountry ? PHONE_MSG.invalid(defaultCountry) : PHONE_MSG.needsCode };
  let found: { p: PhoneNumber; country: PhoneCountry } | null;
  if (text.startsWith('+')) {
    found = validIn(text);
    if (!found) {
      const code = text.startsWith('+221') ? 'sn' : text.startsWith('+225') ? 'ci' : null;
      return { ok: false, message: code ? PHONE_MSG.invalid(code) : PHONE_MSG.foreign };
    }
  } else {
    if (!defaultCountry) return { ok: false, message: PHONE_MSG.needsCode };
    found = validIn(text, defaultCountry);
    if (!found) {
      const elsewhere = validIn(text, other(defaultCountry));
      return { ok: false, message: PHONE_MSG.invalid(defaultCountry) + (elsewhere ? PHONE_MSG.otherCountry(elsewhere.country) : '') };
    }
  }
  const mobile = found.p.getType() === 'MOBILE';
  if (opts.mobile && !mobile) return { ok: false, message: PHONE_MSG.mobile(found.country) };
  return { ok: true, e164: found.p.number, country: found.country, mobile };
}

/** The message of `checkPhone`, or null when the number is accepted (the forms' validators). */
export function phoneError(input: string, defaultCountry: PhoneCountry | null, opts: { mobile?: boolean } = {}): string | null {
  const r = checkPhone(input, defaultCountry, opts);
  return r.ok ? null : r.message;
}

/**
 * A stored number read back: E.164 as stored, or an older record's digits (before the rule, digits
 * only, usually national) read in the business's `country` — never guessed in another country, so
 * a Senegalese record `0771234567` is not shown as an Ivorian number. Null when it is no valid number.
 */
function readStored(stored: string | null | undefined, country?: PhoneCountry | null): { p: PhoneNumber; country: PhoneCountry } | null {
  const text = compact(stored ?? '');
  if (!text) return null;
  if (text.startsWith('+')) return validIn(text);
  return country ? validIn(text, country) : null;
}

/** The country of a stored number (E.164, or older digits read in `country`). */
export function phoneCountry(stored: string | null | undefined, country?: PhoneCountry | null): PhoneCountry | null {
  return readStored(stored, country)?.country ?? null;
}

/** The E.164 form of a stored number when it is a valid one, else null (the migration). */
export function storedToE164(stored: string | null | undefined, country: PhoneCountry | null): string | null {
  const text = compact(stored ?? '');
  if (!text) return null;
  const r = text.startsWith('+') ? validIn(text) : country ? validIn(text, country) : null;
  return r ? r.p.number : null;
}

/**
 * For display (lists, receipts, invoices, CSV): the number with its code and its country's
 * grouping, `+225 07 07 07 07 07`. A stored text that is no valid number is shown as it is.
 */
export function formatPhone(stored: string | null | undefined, country?: PhoneCountry | null): string {
  if (!stored) return '';
  const r = readStored(stored, country);
  return r ? r.p.formatInternational() : stored.trim();
}

/**
 * For an edit field: a number of the business's own country in its national writing
 * (`07 07 07 07 07`), any other with its code; an invalid stored text as it is.
 */
export function phoneForInput(stored: string | null | undefined, country: PhoneCountry | null): string {
  if (!stored) return '';
  const r = readStored(stored, country);
  if (!r) return stored.trim();
  return r.country === country ? r.p.formatNational() : r.p.formatInternational();
}

/** The dial code shown beside a number: its own country's, else the business's (`+221` by default). */
export function phoneIndicatif(stored: string | null | undefined, country: PhoneCountry | null): string {
  return PHONE_COUNTRIES[phoneCountry(stored, country) ?? country ?? 'sn'].indicatif;
}

/** The national (significant) number, without code: what the payment providers' forms show. */
export function nationalNumber(e164: string): string {
  return readStored(e164)?.p.nationalNumber ?? e164.replace(/\D/g, '');
}

/** International form without "+" (MSISDN), as the providers take it: `221771234567`. */
export function msisdnOf(e164: string): string {
  return e164.replace(/^\+/, '');
}

/**
 * Whether a search text finds a stored number: the digits typed (00 and + codes allowed, any
 * separators) inside the number's international digits or inside its national digits. So
 * `77 123`, `+221 77 123 45 67`, `00221771234567` and `0707070707` all find their client, whether
 * the record is E.164 or an older one. Text with letters is not a phone search.
 */
export function phoneMatches(stored: string | null | undefined, query: string, country?: PhoneCountry | null): boolean {
  const q = compact(query);
  if (!q || !stored) return false;
  const wanted = q.replace('+', '');
  if (!wanted) return false;
  // An older record of unknown country may be read in either plan here: a search only shows more.
  const r = readStored(stored, country) ?? (country ? null : (readStored(stored, 'sn') ?? readStored(stored, 'ci')));
  const haystacks = r ? [r.p.number.slice(1), r.p.nationalNumber] : [stored.replace(/\D/g, '')];
  return haystacks.some((h) => h.includes(wanted));
}

/** Whether a typed number is the same number as a stored one (the sale's "client by phone"). */
export function samePhone(stored: string | null | undefined, typed: string, country: PhoneCountry | null): boolean {
  const t = checkPhone(typed, country);
  if (!t.ok) return false;
  const s = readStored(stored, country);
  return s ? s.p.number === t.e164 : false;
}
