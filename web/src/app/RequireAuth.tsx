// Route guard of the shell (spec part 1 §4): enter only when api/checkToken answers code 200.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCheckToken } from '../lib/api/check-token-query';
import { getToken } from '../lib/storage';
import { PageLoader } from './PageLoader';

export function RequireAuth({ children }: { children: ReactNode }) {
  const hasToken = !!getToken();
  const check = useCheckToken();
  if (!hasToken) return <Navigate to="/login" replace />;
  if (check.isPending) return <PageLoader />;
  if (check.data !== true) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
