// Building blocks shared by every request schema. Importing this module switches zod's
// messages to French, so a rejected field reads in the user's language on both sides.
import { z } from 'zod';

z.config(z.locales.fr());

export { z };

/** Passwords travel as the client's SHA-256 hex digest (spec part 1 §5). */
export const sha256Hex = z
  .string({ error: 'Mot de passe requis' })
  .regex(/^[a-f0-9]{64}$/i, { error: 'Mot de passe mal formé (SHA-256 attendu)' })
  .transform((s) => s.toLowerCase());

export const email = z
  .string({ error: 'Email requis' })
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Adresse email invalide' }));

export const requiredText = (label: string, max = 200) =>
  z.string({ error: `${label} requis` }).trim().min(1, { error: `${label} requis` }).max(max, { error: `${label} trop long` });

export const optionalText = (max = 200) =>
  z.string().trim().max(max).optional().or(z.literal('').transform(() => undefined));

/** Numeric id in a path segment (`/api/bande/{id}`), read as a number (spec). */
export const idParam = z.coerce
  .number({ error: 'Identifiant invalide' })
  .int({ error: 'Identifiant invalide' })
  .positive({ error: 'Identifiant invalide' });

/** ISO date text, with or without time (`2026-11-21` or `2026-11-21T08:00:00`). */
export const isoDate = z
  .string({ error: 'Date requise' })
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, { error: 'Date invalide' })
  .refine((s) => !Number.isNaN(Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s)), { error: 'Date invalide' });

/** Whole FCFA amount (XOF has no minor unit). */
export const fcfa = (label: string) =>
  z.number({ error: `${label} doit être un nombre` }).int({ error: `${label} doit être un montant entier en FCFA` });

/** Phone digits only: 0, or a number starting 1-9 (spec part 1 §5). */
export const telephone = z
  .string({ error: 'Téléphone requis' })
  .trim()
  .regex(/^(0|[1-9][0-9]*)$/, { error: 'Le téléphone ne doit contenir que des chiffres' })
  .max(20);
