// GET api/checkToken: the route guard and the login screen both ask whether the stored token is
// still good (answer `{code: 200}`). No TanStack Query here: the login screen loads this module
// (the guard's query is in check-token-query.ts).
import { http } from '../http';
import { getToken } from '../storage';

export async function checkToken(): Promise<boolean> {
  if (!getToken()) return false;
  try {
    const res = await http.get<{ code?: number }>('api/checkToken');
    return res?.code === 200;
  } catch {
    return false;
  }
}
