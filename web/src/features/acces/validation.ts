// Field rules of the public screens (spec part 1 §5), from shared/schemas/rules.ts — the same
// functions the server's zod schemas apply. The forms hold plain passwords (hashed only when sent)
// and the sign-up form holds rpassword, which is never sent.
import { MSG } from '@shared/messages/acces';
import { emailError, newPasswordError, otpError, phoneTextError, required, textError } from '@shared/schemas/rules';
import type { Errors } from '../../lib/use-light-form';

export type LoginFormValues = { email: string; password: string };
export const validateLogin = (v: LoginFormValues): Errors<LoginFormValues> => ({
  email: emailError(v.email),
  password: v.password ? null : required('Mot de passe'),
});

/** Passwords must match, said as soon as the confirmation is typed. */
const mismatch = (password: string, rpassword: string) => (rpassword !== '' && password !== rpassword ? MSG.passwordsDiffer : null);

export type SignupFormInput = {
  prenom: string;
  nom: string;
  entreprise: string;
  pays: string;
  telephone: string;
  email: string;
  password: string;
  rpassword: string;
};
/**
 * The phone's check against the chosen country's numbering plan (shared/phone.ts, on
 * libphonenumber-js): loaded by the sign-up screen after it has painted (./signup-phone.ts), so
 * the first screen stays within its JS budget. Until then only how the number is written is checked.
 */
export type SignupPhoneRule = (telephone: string, pays: string) => string | null;

export const validateSignup = (v: SignupFormInput, phoneRule?: SignupPhoneRule | null): Errors<SignupFormInput> => ({
  prenom: textError(v.prenom, 'Prénom', 80),
  nom: textError(v.nom, 'Nom', 80),
  entreprise: textError(v.entreprise, 'Entreprise', 120),
  pays: textError(v.pays, 'Pays', 80),
  // With no country chosen yet, the number waits for it (the country's own error shows).
  telephone: phoneTextError(v.telephone) ?? (phoneRule && v.pays ? phoneRule(v.telephone, v.pays) : null),
  email: emailError(v.email),
  password: newPasswordError(v.password),
  rpassword: v.rpassword ? mismatch(v.password, v.rpassword) : required('Confirmation'),
});

export const validateRecoveryEmail = (v: { email: string }) => ({ email: emailError(v.email) });
export const validateRecoveryCode = (v: { code: string }) => ({ code: otpError(v.code) });
export type RecoveryPasswordValues = { password: string; rpassword: string };
export const validateRecoveryPassword = (v: RecoveryPasswordValues): Errors<RecoveryPasswordValues> => ({
  password: newPasswordError(v.password),
  rpassword: newPasswordError(v.rpassword) ?? mismatch(v.password, v.rpassword),
});
