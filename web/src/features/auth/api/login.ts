// POST api/login {username, password: sha256} → {token, user}; success keeps both locally.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '../../../../../shared/schemas/auth';
import { http } from '../../../lib/http';
import { sha256Hex } from '../../../lib/sha256';
import { saveSession } from '../../../lib/storage';

export async function login(input: { email: string; password: string }): Promise<LoginResponse> {
  const res = await http.post<LoginResponse>('api/login', {
    username: input.email,
    password: await sha256Hex(input.password),
  });
  saveSession(res.token, res.user);
  return res;
}

export function useLogin() {
  const qc = useQueryClient();
  // Nothing read under a previous session may be shown to this one.
  return useMutation({ mutationFn: login, onSuccess: () => qc.removeQueries() });
}
