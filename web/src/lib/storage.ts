// The two local-storage keys of the spec (part 1 §9): `token` and `customer` (the signed-in user
// as JSON). React reads the customer through useCustomer() so the header follows profile updates.
import { useSyncExternalStore } from 'react';
import type { PublicUser } from '../../../shared/schemas/auth';

export const TOKEN_KEY = 'token';
export const CUSTOMER_KEY = 'customer';

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

export function saveSession(token: string, user: PublicUser): void {
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
  localStorage.clear();
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing out or renaming the user shows here too.
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCustomer(): PublicUser | null {
  return useSyncExternalStore(subscribe, getCustomer, () => null);
}
