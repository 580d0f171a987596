// Request schemas of the access rows (spec part 1 §7), used by forms, handlers and tests.
import { z, email, sha256Hex, requiredText, telephone } from './common';
import { OTP_RE } from './rules';
import { RULE_MSG } from '../messages/acces';
import { checkPhone, countryOfPays } from '../phone';
import { ACCES_SCHEMA_MSG } from '../messages/acces';

/**
 * The phone rule with the chosen pays as the default country (shared/phone.ts); a pays outside
 * Senegal and Côte d'Ivoire has none, so its number is written with +221 or +225. The output's
 * `telephone` is the E.164 form.
 */
const signupPhone = (v: { telephone: string; pays: string }) => checkPhone(v.telephone, countryOfPays(v.pays));

export const signupSchema = z.lazy(() =>
  z.pipe(
    z
      .object({
        prenom: requiredText(ACCES_SCHEMA_MSG.prenom, 80),
        nom: requiredText(ACCES_SCHEMA_MSG.nom, 80),
        // The spec's form makes e-mail optional, but it is the login name and the recovery channel:
        // the server requires it (docs/decisions.md).
        email,
        password: sha256Hex,
        telephone,
        pays: requiredText(ACCES_SCHEMA_MSG.pays, 80),
        entreprise: requiredText(ACCES_SCHEMA_MSG.entreprise, 120),
      })
      .check(
        z.superRefine((v, ctx) => {
          const r = signupPhone(v);
          if (!r.ok) ctx.addIssue({ code: 'custom', path: ['telephone'], message: r.message });
        }),
      ),
    z.transform((v) => {
      const r = signupPhone(v);
      return r.ok ? { ...v, telephone: r.e164 } : v;
    }),
  ),
);
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.lazy(() =>
  z.object({
    username: email,
    password: sha256Hex,
  }),
);

export const updatePasswordSchema = z.lazy(() =>
  z.object({
    role: z.optional(z.string().check(z.maxLength(40))),
    old_password: sha256Hex,
    new_password: sha256Hex,
  }),
);

export const updateProfileSchema = z.lazy(() =>
  z.object({
    prenom: requiredText(ACCES_SCHEMA_MSG.prenom, 80),
    nom: requiredText(ACCES_SCHEMA_MSG.nom, 80),
    email,
  }),
);

export const initRecoverySchema = z.lazy(() => z.object({ email }));

export const otpCode = z.lazy(() => z.string({ error: RULE_MSG.otpRequired }).check(z.regex(OTP_RE, { error: RULE_MSG.otp })));

export const checkOtpSchema = z.lazy(() => z.object({ email, code: otpCode }));

export const resetPasswordSchema = z.lazy(() => z.object({ email, code: otpCode, password: sha256Hex }));

/** The user as the client keeps it (local storage key `customer`). Never carries secrets. */
export interface PublicUser {
  id: number;
  id_entreprise: number;
  prenom: string;
  nom: string;
  email: string;
  telephone?: string;
  role: string;
  entreprise: string;
  droits: Record<string, string>;
  id_boutique?: number | null;
}

export interface LoginResponse {
  token: string;
  user: PublicUser;
}
