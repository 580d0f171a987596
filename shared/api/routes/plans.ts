// Route-table rows of the `plans` domain (see shared/api/routes.ts).
import type { RouteRow } from '../route-types';

export const plansRoutes: readonly RouteRow[] = [{ method: 'GET', path: '/api/checkplan', domain: 'plans', name: 'checkPlan', access: 'auth' }];
