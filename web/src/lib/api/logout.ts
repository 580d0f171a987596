// GET api/logout revokes the token server-side; the client then forgets everything it kept.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../http';
import { clearPersistedQueries } from '../offline/persist';
import { clearSession } from '../storage';

export async function logout(): Promise<void> {
  try {
    await http.get('api/logout');
  } finally {
    // Even when the server is unreachable the user asked to leave: local data goes regardless
    // (the lists kept for offline reading too; entries not sent yet stay for this user's return).
    await clearPersistedQueries();
    clearSession();
  }
}

export function useLogout(onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      qc.clear();
      onDone();
    },
  });
}
