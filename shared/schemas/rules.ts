// The field rules of the public screens (login, sign-up, password recovery) as plain functions:
// each returns the French message of the first rule a value breaks, or null. The zod building
// blocks (./common.ts, ./auth.ts) apply the same functions on the server, and the public screens
// apply them in the browser without loading zod: the login screen stays within its JS budget
// (docs/decisions.md, "First screen") while the rules and messages stay in one place.
// The rules' words live beside RULE_MSG: the painted login reads these rules, and messages/validation
// would bring the number formatter into its 10 KB.
import { PASSWORD_MIN, RULE_MSG, RULES_SCHEMA_MSG } from '../messages/acces';

export type RuleError = string | null;

/** zod's own "practical" e-mail pattern, kept identical so browser and server agree. */
export const EMAIL_RE = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX = 254;
/**
 * How a phone number may be written before shared/phone.ts checks it against the numbering plans:
 * digits with spaces, dots, dashes, slashes or parentheses, a + only in front. The spec's
 * "digits only" (part 1 §5) refused the numbers as people write them (docs/decisions.md, "Phones").
 */
export const PHONE_WRITTEN = /^\+?[\d\s.\-/()]+$/;
/** Longest text accepted in a phone field (a number with its code and generous separators). */
export const PHONE_TEXT_MAX = 30;
/** The recovery code: 4 digits (spec part 1 §9). */
export const OTP_RE = /^\d{4}$/;
export { PASSWORD_MIN, RULE_MSG };

/**
 * The field labels that are feminine nouns: their messages agree ("Adresse requise", "Entreprise
 * requise"; docs/decisions.md "Spec typos fixed").
 */
const FEMININE = new Set([
  RULES_SCHEMA_MSG.adresse,
  RULES_SCHEMA_MSG.confirmation,
  RULES_SCHEMA_MSG.date,
  RULES_SCHEMA_MSG.description,
  RULES_SCHEMA_MSG.designation,
  RULES_SCHEMA_MSG.entreprise,
  RULES_SCHEMA_MSG.recherche,
  RULES_SCHEMA_MSG.quantite,
  RULES_SCHEMA_MSG.ville,
  RULES_SCHEMA_MSG.categorie,
  RULES_SCHEMA_MSG.localite,
  RULES_SCHEMA_MSG.raisonSociale,
]);
export const required = (label: string) => `${label} ${FEMININE.has(label) ? 'requise' : 'requis'}`;
/** Too long, with the limit stated ("Adresse trop longue : 200 caractères au plus"). */
export const tooLong = (label: string, max?: number) =>
  `${label} ${FEMININE.has(label) ? 'trop longue' : 'trop long'}${max ? RULES_SCHEMA_MSG.caracteresPlus(max) : ''}`;

/** A required text, trimmed, at most `max` characters. */
export function textError(value: string, label: string, max = 200): RuleError {
  const v = value.trim();
  if (!v) return required(label);
  if (v.length > max) return tooLong(label, max);
  return null;
}

export function emailError(value: string): RuleError {
  const v = value.trim().toLowerCase();
  if (!v) return RULE_MSG.emailRequired;
  if (v.length > EMAIL_MAX || !EMAIL_RE.test(v)) return RULE_MSG.emailInvalid;
  return null;
}

/** How the number is written only; its country's plan is shared/phone.ts's `checkPhone`. */
export function phoneTextError(value: string): RuleError {
  const v = value.trim();
  if (!v) return RULE_MSG.phoneRequired;
  if (!PHONE_WRITTEN.test(v) || v.length > PHONE_TEXT_MAX) return RULE_MSG.phone;
  return null;
}

export function otpError(value: string): RuleError {
  return OTP_RE.test(value) ? null : RULE_MSG.otp;
}

export function newPasswordError(value: string): RuleError {
  return value.length >= PASSWORD_MIN ? null : RULE_MSG.passwordMin;
}
