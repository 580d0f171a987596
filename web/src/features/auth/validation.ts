// Field rules of the public screens (spec part 1 §5), from shared/schemas/rules.ts — the same
// functions the server's zod schemas apply. The forms hold plain passwords (hashed only when sent)
// and the sign-up form holds rpassword, which is never sent.
import { MSG } from '../../../../shared/messages';
import { emailError, newPasswordError, otpError, phoneError, required, textError } from '../../../../shared/schemas/rules';
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
export const validateSignup = (v: SignupFormInput): Errors<SignupFormInput> => ({
  prenom: textError(v.prenom, 'Prénom', 80),
  nom: textError(v.nom, 'Nom', 80),
  entreprise: textError(v.entreprise, 'Entreprise', 120),
  pays: textError(v.pays, 'Pays', 80),
  telephone: phoneError(v.telephone),
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
