// POST api/updatePassword {role, old_password, new_password} (both SHA-256) from the profile page.
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { sha256Hex } from '../../../lib/sha256';

export async function updatePassword(v: { role: string; oldPassword: string; newPassword: string }) {
  const [old_password, new_password] = await Promise.all([sha256Hex(v.oldPassword), sha256Hex(v.newPassword)]);
  return http.post<{ code: number; message: string }>('api/updatePassword', { role: v.role, old_password, new_password });
}

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
