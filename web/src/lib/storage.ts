// The two local-storage keys of the spec (part 1 §9): `token` and `customer` (the signed-in user
// as JSON). React reads the customer through useCustomer() (use-customer.ts) so the header follows
// profile updates. No React here: the SPA entry reads the token before React's files arrive.
import type { PublicUser } from '@shared/schemas/acces';

const TOKEN_KEY = 'token';
const CUSTOMER_KEY = 'customer';

const listeners = new Set<() => void>();
// useSyncExternalStore needs a stable snapshot: keep the parsed value until the raw text changes.
let cachedRaw: string | null | undefined;
let cachedCustomer: PublicUser | null = null;

function notify(): void {
  for (const l of listeners) l();
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getCustomer(): PublicUser | null {
  const raw = localStorage.getItem(CUSTOMER_KEY);
  if (raw === cachedRaw) return cachedCustomer;
  cachedRaw = raw;
  try {
    cachedCustomer = raw ? (JSON.parse(raw) as PublicUser) : null;
  } catch {
    cachedCustomer = null;
  }
  return cachedCustomer;
}

/**
 * The answer of this tab's last login, kept in memory (never stored): the server issued the token
 * and read the user's role and rights at `at`. The shell's guard and permission queries take it as
 * their first answer instead of asking again over a slow link; they ask the server once
 * it is older than their usual freshness.
 */
let lastLogin: { token: string; user: PublicUser; at: number } | null = null;

/** The last login's answer, if `token` is the one it issued. */
export function loginAnswer(token: string | null): { user: PublicUser; at: number } | null {
  return lastLogin && token && lastLogin.token === token ? lastLogin : null;
}

export function saveSession(token: string, user: PublicUser): void {
  lastLogin = { token, user, at: Date.now() };
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(CUSTOMER_KEY, JSON.stringify(user));
  notify();
}

export function setCustomer(user: PublicUser): void {
  localStorage.setItem(CUSTOMER_KEY, JSON.stringify(user));
  notify();
}

/** Logout and 401 both clear all local storage (spec part 1 §4). */
export function clearSession(): void {
  lastLogin = null;
  localStorage.clear();
  notify();
}

/** Calls `listener` when the stored customer may have changed (this tab or another). */
export function subscribeCustomer(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing out or renaming the user shows here too.
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
