// GET api/user/checkPermission (spec part 1 §2). The spec asks it once per right (`droit: <key>:r`);
// its answer also lists every right the stored user holds (`droits`), so the menu and the screens'
// gates share ONE query: one request at sign-in instead of one per menu entry, which on a 400 ms
// 3G link held the dashboard back. After a 403 the shell invalidates it, so a removed
// right disappears at once. Right after a login, the rights come from the login's answer (the
// user's role and rights, read by the server when it issued the token, held as the server's
// checkPermission holds them: shared/rights.ts), so the dashboard does not wait for one more round
// trip; the server is asked once that answer is stale.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { heldRights, type Rights, type Role } from '@shared/rights';
import { getToken, loginAnswer } from '../storage';
import { askRights, initialFrom, settledEarly, takeEarly } from './early';

const fromLogin = () => {
  const answer = loginAnswer(getToken());
  return answer ? (heldRights(answer.user.role as Role, answer.user.droits as Rights) as string[]) : undefined;
};

/** The user's rights (one query for the menu and every screen gate). */
export const rightsQueryOptions = () =>
  queryOptions({
    // Keyed by token: after a 401 and a login as someone else, no stale menu survives.
    queryKey: ['permission', getToken()],
    // The entry may have asked already, while the shell's files were on their way (early.ts).
    queryFn: () => takeEarly<string[]>('rights', getToken()) ?? askRights(),
    staleTime: 60_000,
    // The login's answer, else the entry's if it has arrived: the shell's first render has it.
    ...initialFrom<string[]>(() => {
      const login = loginAnswer(getToken());
      const rights = fromLogin();
      return login && rights ? { data: rights, at: login.at } : settledEarly<string[]>('rights', getToken());
    }),
    retry: false,
  });

export const permissionQueryOptions = (right: string) => queryOptions({ ...rightsQueryOptions(), select: (droits: string[]) => droits.includes(right) });

export const usePermission = (right: string) => useQuery(permissionQueryOptions(right));
