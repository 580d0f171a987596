// POST api/inscription: creates the business, its admin and the trial. rpassword stays in the form.
import { useAction } from '../../../lib/use-action';
import type { SignupInput } from '@shared/schemas/acces';
import { http } from '../../../lib/http';
import { sha256Hex } from '../../../lib/sha256';

export type SignupFormValues = Omit<SignupInput, 'password'> & { password: string; rpassword: string };

export async function signup(v: SignupFormValues): Promise<{ code: number; message: string }> {
  const body: SignupInput = {
    prenom: v.prenom,
    nom: v.nom,
    email: v.email,
    password: await sha256Hex(v.password),
    telephone: v.telephone,
    pays: v.pays,
    entreprise: v.entreprise,
  };
  return http.post('api/inscription', body);
}

export const useSignup = () => useAction(signup);
