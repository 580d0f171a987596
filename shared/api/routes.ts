// THE route table. CDK creates one HTTP API route per row, the local server matches requests
// against these rows, each domain's Lambda routes its own rows, and the security tests iterate
// them. A route that is not here does not exist anywhere.
// Paths are API Gateway syntax and stay exactly as the spec writes them (typos included).
import type { ZodType } from 'zod';
import type { RightCode } from '../rights';
import {
  checkOtpSchema,
  initRecoverySchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from '../schemas/auth';

/** One Lambda per domain, its code in `functions/<domain>/handler.ts`. */
export const DOMAINS = ['auth', 'users', 'plans', 'bandes', 'clients', 'produits', 'commandes', 'versements', 'boutiques', 'ventes'] as const;
export type Domain = (typeof DOMAINS)[number];

export type HttpMethod = 'GET' | 'POST';

/** public: no token; auth: any signed-in user; a right code: signed-in user holding that right. */
export type Access = 'public' | 'auth' | RightCode;

export interface RouteRow {
  method: HttpMethod;
  path: string;
  domain: Domain;
  /** Name of the route function in `functions/<domain>/routes.ts`. */
  name: string;
  access: Access;
  /** JSON body schema (POST). */
  body?: ZodType;
  /** Path parameter schema. */
  params?: ZodType;
}

export const ROUTES: readonly RouteRow[] = [
  // ── access and account (spec part 1 §7) ──
  { method: 'POST', path: '/api/inscription', domain: 'auth', name: 'inscription', access: 'public', body: signupSchema },
  { method: 'POST', path: '/api/login', domain: 'auth', name: 'login', access: 'public', body: loginSchema },
  { method: 'GET', path: '/api/checkToken', domain: 'auth', name: 'checkToken', access: 'auth' },
  { method: 'GET', path: '/api/logout', domain: 'auth', name: 'logout', access: 'auth' },
  { method: 'POST', path: '/api/updatePassword', domain: 'auth', name: 'updatePassword', access: 'auth', body: updatePasswordSchema },
  { method: 'POST', path: '/admin/updatePofil', domain: 'auth', name: 'updateProfile', access: 'auth', body: updateProfileSchema },
  { method: 'POST', path: '/api/initRecoveryPassword', domain: 'auth', name: 'initRecoveryPassword', access: 'public', body: initRecoverySchema },
  { method: 'POST', path: '/api/checkpasswordotp', domain: 'auth', name: 'checkPasswordOtp', access: 'public', body: checkOtpSchema },
  { method: 'POST', path: '/api/resetPassword', domain: 'auth', name: 'resetPassword', access: 'public', body: resetPasswordSchema },
  // ── permissions and subscription ──
  { method: 'GET', path: '/api/user/checkPermission', domain: 'users', name: 'checkPermission', access: 'auth' },
  { method: 'GET', path: '/api/checkplan', domain: 'plans', name: 'checkPlan', access: 'auth' },
  // ── batches and dashboard (spec part 1 §7) ──
  // ── shop: clients, products, restock, orders, repayments, shops, sales (spec part 2 §7) ──
];

/** Domains that have at least one row (each becomes one Lambda). */
export function activeDomains(): Domain[] {
  return DOMAINS.filter((d) => ROUTES.some((r) => r.domain === d));
}

export function routeKey(row: Pick<RouteRow, 'method' | 'path'>): string {
  return `${row.method} ${row.path}`;
}

export function routesOf(domain: Domain): RouteRow[] {
  return ROUTES.filter((r) => r.domain === domain);
}
