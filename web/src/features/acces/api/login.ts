// POST api/login {username, password: sha256} → {token, user}; success keeps both locally.
import type { LoginResponse } from '@shared/schemas/acces';
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

// Nothing read under a previous session can be shown to this one: the query cache lives with the
// authenticated shell, which is mounted afresh after a login (app/AuthedApp.tsx). The login screen
// runs this as its action (with the shell's preloading: routes/LoginPage.tsx).
