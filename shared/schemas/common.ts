// Building blocks shared by every request schema. Importing this module switches zod's
// messages to plain French (shared/messages/validation.ts), so a rejected field reads in the
// user's language on both sides, without zod's wording.
import * as z from './zod';
import type { core, ZodMiniLazy } from 'zod/mini';
import { farmerError } from '../messages/validation';
// The field rules of the public screens live in ./rules.ts as plain functions (the login screen
// checks them without loading zod); these building blocks apply the same constants and messages.
import { EMAIL_MAX, EMAIL_RE, PHONE_TEXT_MAX, PHONE_WRITTEN, required, tooLong } from './rules';
import { RULE_MSG } from '../messages/acces';

z.config({ localeError: farmerError as never });
// In the browser the SPA runs under a CSP without 'unsafe-eval' (shared/security-headers.ts):
// zod must not try its `new Function` fast path there, which the CSP would block and report.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

/** Passwords travel as the client's SHA-256 hex digest (spec part 1 §5). */
export const sha256Hex = z.lazy(() =>
  z.pipe(
    z.string({ error: COMMON_SCHEMA_MSG.motPasseRequis }).check(z.regex(/^[a-f0-9]{64}$/i, { error: COMMON_SCHEMA_MSG.motPasseMalForme })),
    z.transform((s) => s.toLowerCase()),
  ),
);

export const email = z.lazy(() =>
  z.pipe(
    z.string({ error: RULE_MSG.emailRequired }).check(
      z.trim(),
      z.toLowerCase(),
      // An empty field is missing, not malformed: « Email requis », never « Adresse email invalide ».
      z.minLength(1, { error: RULE_MSG.emailRequired }),
      z.maxLength(EMAIL_MAX, { error: RULE_MSG.emailInvalid }),
    ),
    z.email({ pattern: EMAIL_RE, error: RULE_MSG.emailInvalid }),
  ),
);

export const requiredText = (label: string, max = 200) =>
  z.string({ error: required(label) }).check(z.trim(), z.minLength(1, { error: required(label) }), z.maxLength(max, { error: tooLong(label, max) }));

export const optionalText = (max = 200) =>
  z.union([
    z.optional(z.string().check(z.trim(), z.maxLength(max))),
    z.pipe(
      z.literal(''),
      z.transform(() => undefined),
    ),
  ]);

// ── Limits (docs/decisions.md, "Security hardening"): the maxima live in ../limits.ts (no zod, so
// the message catalogue and the screens read them without loading it); re-exported here for the schemas.
import { formatFcfa, formatNombre } from '../format';
import { MAX_ID, MAX_MONTANT, MAX_QUANTITE } from '../limits';
import { COMMON_SCHEMA_MSG } from '../messages/validation';
export { MAX_ID, MAX_MONTANT, MAX_PRIX, MAX_QUANTITE, MAX_STOCK } from '../limits';

/** True when a computed money figure (a total, a creance, a running sum) is within the limit. */
export const withinMontant = (n: number): boolean => Number.isSafeInteger(n) && n >= -MAX_MONTANT && n <= MAX_MONTANT;

const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * A record id: a positive integer ≤ MAX_ID, as a JSON number or, in a path segment, as its
 * canonical decimal text only (` 1`, `1e0`, `+1`, `01`, `1.0` are refused, never read as 1).
 */
export const idParam = z.lazy(() =>
  z.pipe(
    z.transform((v) => (typeof v === 'string' && CANONICAL_ID.test(v) ? Number(v) : v)),
    z
      .number({ error: COMMON_SCHEMA_MSG.identifiantInvalide })
      .check(
        z.int({ error: COMMON_SCHEMA_MSG.identifiantInvalide }),
        z.gte(1, { error: COMMON_SCHEMA_MSG.identifiantInvalide }),
        z.lte(MAX_ID, { error: COMMON_SCHEMA_MSG.identifiantInvalide }),
      ),
  ),
);

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

/**
 * True for a date that exists on the calendar (`2024-02-29` yes, `2023-02-29` and `2020-04-31`
 * no), years 1900–2100, optionally with a real time of day and UTC offset.
 */
export function isCalendarDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2100 || mo < 1 || mo > 12 || d < 1) return false;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || (m[6] !== undefined && Number(m[6]) > 59))) return false;
  if (m[8] !== undefined && (Number(m[8]) > 14 || Number(m[9]) > 59)) return false;
  return true;
}

/**
 * ISO date text, with or without time (`2026-11-21` or `2026-11-21T08:00:00`), that exists on the
 * calendar; its messages name the date (« Date de fin requise ») where a form has two.
 */
export const isoDateOf = (label: string) =>
  z
    .string({ error: COMMON_SCHEMA_MSG.requise(label) })
    .check(z.maxLength(40, { error: COMMON_SCHEMA_MSG.invalide(label) }), z.refine(isCalendarDate, { error: COMMON_SCHEMA_MSG.invalide(label) }));

/** ISO date text (see isoDateOf) with the plain « Date requise » / « Date invalide ». */
export const isoDate = z.lazy(() => isoDateOf(COMMON_SCHEMA_MSG.date));

const JOUR_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A day, strictly `YYYY-MM-DD`, that exists on the calendar (the date of an entry). */
export const jour = z.lazy(() =>
  z
    .string({ error: COMMON_SCHEMA_MSG.dateInvalideFormatAaaa })
    .check(z.regex(JOUR_RE, { error: COMMON_SCHEMA_MSG.dateInvalideFormatAaaa }), z.refine(isCalendarDate, { error: COMMON_SCHEMA_MSG.dateInvalideCeJour })),
);

/**
 * When an outbox write was typed on the device (ISO date-time in UTC). The server believes it only
 * within bounds (shared/dates.ts `createdAtFrom`) and never refuses a request because of it: any
 * other value (malformed, too long, not a string) is read as absent.
 */
export const saisiLe = z.lazy(() => z.catch(z.nullable(z.optional(z.string().check(z.maxLength(40)))), undefined));

/** Whole FCFA amount (XOF has no minor unit), at most `max` (MAX_MONTANT unless a price: MAX_PRIX). */
export const fcfa = (label: string, max: number = MAX_MONTANT) =>
  z
    .number({ error: COMMON_SCHEMA_MSG.nombre(label) })
    .check(z.int({ error: COMMON_SCHEMA_MSG.montantEntierFcfa(label) }), z.lte(max, { error: COMMON_SCHEMA_MSG.depasser(label, formatFcfa(max)) }));

/**
 * At most `places` decimals — and no crumb below one unit of the last decimal (`1e-300`), which
 * would be meaningless and which DynamoDB cannot even store (its smallest magnitude is 1e-130).
 */
export const hasDecimals =
  (places: number) =>
  (v: number): boolean => {
    const f = 10 ** places;
    const scaled = v * f;
    return (v === 0 || Math.abs(v) >= 1 / f) && Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled));
  };

/**
 * A quantity: whole units by default (shop lines, restocks, birds, eggs), or decimal with
 * `decimal: true` (kg of feed, litres; at most 3 decimals); at least `min` (1, or 0 for a count that may be empty),
 * at most MAX_QUANTITE unless `max` says less.
 */
export const quantite = (label: string, opts: { min?: number; max?: number; decimal?: boolean; required?: string } = {}) => {
  const { min = 1, max = MAX_QUANTITE, decimal = false, required } = opts;
  const base = z.number({ error: (iss) => (iss.input === undefined && required ? required : COMMON_SCHEMA_MSG.nombre(label)) });
  const bounded = base.check(
    ...(decimal ? [] : [z.int({ error: COMMON_SCHEMA_MSG.nombreEntier(label) })]),
    z.gte(min, { error: COMMON_SCHEMA_MSG.moins(label, String(min).replace('.', ',')) }),
    z.lte(max, { error: COMMON_SCHEMA_MSG.depasser(label, formatNombre(max)) }),
  );
  return decimal ? bounded.check(z.refine(hasDecimals(3), { error: COMMON_SCHEMA_MSG.plus3Decimales(label) })) : bounded;
};

/** An optional number the server ignores (a client-side price it recomputes), still bounded. */
export const ignoredAmount = z.lazy(() => z.nullable(z.optional(z.number().check(z.gte(0), z.lte(MAX_MONTANT)))));

/**
 * A required phone as typed: how it is written only. Which numbers are valid depends on the
 * business's country, so the route (or a schema that carries the country, sign-up) applies
 * shared/phone.ts's `checkPhone` and stores its E.164 form.
 */
export const telephone = z.lazy(() =>
  z
    .string({ error: RULE_MSG.phoneRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: RULE_MSG.phoneRequired }),
      z.maxLength(PHONE_TEXT_MAX, { error: RULE_MSG.phone }),
      z.regex(PHONE_WRITTEN, { error: RULE_MSG.phone }),
    ),
);

// ── Ids, e-mail and phone of a record, shared by every domain's schemas.

/**
 * Optional phone as typed ('' or absent → no phone): how it is written only; the route applies
 * shared/phone.ts's rule with the business's country and stores the E.164 form.
 */
export const optionalPhone = z.lazy(() =>
  z.pipe(
    z.nullable(
      z.optional(
        z.string({ error: RULE_MSG.phone }).check(
          z.trim(),
          z.maxLength(PHONE_TEXT_MAX, { error: RULE_MSG.phone }),
          z.refine((s) => s === '' || PHONE_WRITTEN.test(s), { error: RULE_MSG.phone }),
        ),
      ),
    ),
    z.transform((s) => (s ? s : undefined)),
  ),
);

export const optionalEmail = z.lazy(() =>
  z.pipe(
    z.pipe(
      z.nullable(z.optional(z.string({ error: COMMON_SCHEMA_MSG.adresseEmailInvalide }).check(z.trim(), z.toLowerCase(), z.maxLength(254)))),
      z.transform((s) => (s ? s : undefined)),
    ),
    z.optional(z.email({ error: COMMON_SCHEMA_MSG.adresseEmailInvalide })),
  ),
);

/** Non-negative integer id in a body; 0 means "new" where the spec says so. */
export const bodyId = (label = COMMON_SCHEMA_MSG.identifiant) =>
  z
    .number({ error: COMMON_SCHEMA_MSG.invalide(label) })
    .check(
      z.int({ error: COMMON_SCHEMA_MSG.invalide(label) }),
      z.gte(0, { error: COMMON_SCHEMA_MSG.invalide(label) }),
      z.lte(MAX_ID, { error: COMMON_SCHEMA_MSG.invalide(label) }),
    );

/** Positive integer id in a body (an existing record). */
export const refId = (label = COMMON_SCHEMA_MSG.identifiant, required = COMMON_SCHEMA_MSG.requis(label)) =>
  z
    .number({ error: required })
    .check(z.int({ error: COMMON_SCHEMA_MSG.invalide(label) }), z.positive({ error: required }), z.lte(MAX_ID, { error: COMMON_SCHEMA_MSG.invalide(label) }));

/** An optional reference: absent may arrive as null, 0 or -1 (a select's "none"), read as null. */
export const optionalRefId = z.lazy(() =>
  z.pipe(
    z.nullable(
      z.optional(
        z
          .number({ error: COMMON_SCHEMA_MSG.identifiantInvalide })
          .check(z.int({ error: COMMON_SCHEMA_MSG.identifiantInvalide }), z.lte(MAX_ID, { error: COMMON_SCHEMA_MSG.identifiantInvalide })),
      ),
    ),
    z.transform((v) => (v && v > 0 ? v : null)),
  ),
);

/** The schema a `z.lazy` builds (zod/mini's lazy has no `.unwrap()`): for a form that picks or extends a request's fields. */
export const unwrap = <T extends core.SomeType>(s: ZodMiniLazy<T>): T => s._zod.innerType;
