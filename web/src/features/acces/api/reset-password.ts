// POST api/resetPassword {email, code, password: sha256}: the last step of the forgotten password.
import { useAction } from '../../../lib/use-action';
import { http } from '../../../lib/http';
import { sha256Hex } from '../../../lib/sha256';

export async function resetPassword(v: { email: string; code: string; password: string }) {
  return http.post<{ code: number; message: string }>('api/resetPassword', {
    email: v.email,
    code: v.code,
    password: await sha256Hex(v.password),
  });
}

export const useResetPassword = () => useAction(resetPassword);
