// Route guard of the shell (spec part 1 §4): enter only when api/checkToken answers code 200.
// The menu's and the screen's permission check (api/user/checkPermission) is asked at the same
// time, not after: on a 3G link each round trip waited for costs 0.4 s. A refused
// token answers 401 there too, which signs out the same way.
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { rightsQueryOptions } from '../lib/api/check-permission';
import { useCheckToken } from '../lib/api/check-token-query';
import { getToken } from '../lib/storage';
import { PageLoader } from '../lib/ui/PageLoader';

export function RequireAuth({ children }: { children: ReactNode }) {
  const hasToken = !!getToken();
  const check = useCheckToken();
  const qc = useQueryClient();
  useEffect(() => {
    if (hasToken) void qc.prefetchQuery(rightsQueryOptions());
  }, [hasToken, qc]);
  // The shell and its screen are rendered in the background (a transition, in slices) once the
  // answer arrives, not in one long task that blocks a phone's main thread.
  const state = useDeferredValue(!hasToken ? 'out' : check.isPending ? 'pending' : check.data === true ? 'in' : 'out');
  if (state === 'pending') return <PageLoader />;
  if (state === 'out') return <Navigate to="/login" replace />;
  return <>{children}</>;
}
