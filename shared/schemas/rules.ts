// The field rules of the public screens (login, sign-up, password recovery) as plain functions:
// each returns the French message of the first rule a value breaks, or null. The zod building
// blocks (./common.ts, ./auth.ts) apply the same functions on the server, and the public screens
// apply them in the browser without loading zod: the login screen stays within its JS budget
// (docs/decisions.md, "First screen") while the rules and messages stay in one place.
export type RuleError = string | null;

/** zod's own "practical" e-mail pattern, kept identical so browser and server agree. */
export const EMAIL_RE = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX = 254;
/** Phone digits only: 0, or a number starting 1-9 (spec part 1 §5). */
export const PHONE_RE = /^(0|[1-9][0-9]*)$/;
export const PHONE_MAX = 20;
/** The recovery code: 4 digits (spec part 1 §9). */
export const OTP_RE = /^\d{4}$/;
/** New passwords: at least 4 characters (spec part 1 §9). */
export const PASSWORD_MIN = 4;

export const RULE_MSG = {
  emailRequired: 'Email requis',
  emailInvalid: 'Adresse email invalide',
  phone: 'Le téléphone ne doit contenir que des chiffres',
  phoneRequired: 'Téléphone requis',
  otp: 'Le code doit contenir 4 chiffres',
  otpRequired: 'Code requis',
  passwordMin: `Au moins ${PASSWORD_MIN} caractères`,
} as const;

export const required = (label: string) => `${label} requis`;
export const tooLong = (label: string) => `${label} trop long`;

/** A required text, trimmed, at most `max` characters. */
export function textError(value: string, label: string, max = 200): RuleError {
  const v = value.trim();
  if (!v) return required(label);
  if (v.length > max) return tooLong(label);
  return null;
}

export function emailError(value: string): RuleError {
  const v = value.trim().toLowerCase();
  if (!v) return RULE_MSG.emailInvalid;
  if (v.length > EMAIL_MAX || !EMAIL_RE.test(v)) return RULE_MSG.emailInvalid;
  return null;
}

export function phoneError(value: string): RuleError {
  const v = value.trim();
  if (!PHONE_RE.test(v) || v.length > PHONE_MAX) return RULE_MSG.phone;
  return null;
}

export function otpError(value: string): RuleError {
  return OTP_RE.test(value) ? null : RULE_MSG.otp;
}

export function newPasswordError(value: string): RuleError {
  return value.length >= PASSWORD_MIN ? null : RULE_MSG.passwordMin;
}
