// POST admin/updatePofil {prenom, nom, email} (path spelled as the spec writes it) → {code, message,
// user}; the returned user replaces the stored customer, so the header name follows.
import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/acces';
import { http } from '../../../lib/http';
import { setCustomer } from '../../../lib/storage';

export async function updateProfile(v: { prenom: string; nom: string; email: string }) {
  const res = await http.post<{ code: number; message: string; user?: PublicUser }>('admin/updatePofil', v);
  if (res?.user) setCustomer(res.user);
  return res;
}

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
