// Form schemas of the profile page, from the shared request schemas (plain passwords in the form).
import { updateProfileSchema } from '@shared/schemas/acces';
import { z } from '@shared/schemas/common';

export const passwordFormSchema = z
  .object({
    oldPassword: z.string().check(z.minLength(1, { error: 'Ancien mot de passe requis' })),
    newPassword: z.string().check(z.minLength(4, { error: 'Au moins 4 caractères' })),
    repeatPassword: z.string().check(z.minLength(1, { error: 'Confirmation requise' })),
  })
  .check(
    z.refine((v) => v.newPassword === v.repeatPassword, {
      path: ['repeatPassword'],
      error: 'Les mots de passe ne sont pas identiques',
      when: (p) => {
        const v = p.value as { repeatPassword?: unknown } | undefined;
        return typeof v?.repeatPassword === 'string' && v.repeatPassword !== '';
      },
    }),
  );
export type PasswordFormValues = z.input<typeof passwordFormSchema>;

export const profileFormSchema = updateProfileSchema;
export type ProfileFormValues = z.input<typeof profileFormSchema>;
