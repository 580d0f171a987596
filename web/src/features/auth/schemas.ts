// Form schemas of the public screens, built from the shared request schemas: the forms hold plain
// passwords (hashed only when sent) and the sign-up form holds rpassword, which is never sent.
import { MSG } from '../../../../shared/messages';
import { otpCode, signupSchema } from '../../../../shared/schemas/auth';
import { email, z } from '../../../../shared/schemas/common';

const required = (label: string) => z.string().min(1, { error: `${label} requis` });

/** Passwords must match; checked as soon as both are typed, even while other fields are still invalid. */
function samePasswords(v: { password: string; rpassword: string }) {
  return v.password === v.rpassword;
}
const bothTyped = (p: { value: unknown }) => {
  const v = p.value as { password?: unknown; rpassword?: unknown } | undefined;
  return typeof v?.password === 'string' && typeof v?.rpassword === 'string' && v.rpassword !== '';
};
/** New passwords: at least 4 characters (spec part 1 §9). */
export const newPassword = z.string().min(4, { error: 'Au moins 4 caractères' });

export const loginFormSchema = z.object({
  email,
  password: required('Mot de passe'),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const signupFormSchema = signupSchema
  .extend({ password: newPassword, rpassword: required('Confirmation') })
  .refine(samePasswords, { path: ['rpassword'], error: MSG.passwordsDiffer, when: bothTyped });
export type SignupFormInput = z.input<typeof signupFormSchema>;

export const recoveryEmailSchema = z.object({ email });
export const recoveryCodeSchema = z.object({ code: otpCode });
export const recoveryPasswordSchema = z
  .object({ password: newPassword, rpassword: newPassword })
  .refine(samePasswords, { path: ['rpassword'], error: MSG.passwordsDiffer, when: bothTyped });
