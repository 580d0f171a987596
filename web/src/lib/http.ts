// The single HTTP client of the SPA (spec part 1 §6): bearer token, `droit` header, XSRF
// double-submit header for mutating same-origin calls, `{code, message}` errors as ApiError, and
// any 401 clears the session and returns to #/login. Paths are relative (`api/login`): the API is
// served on the same origin as the SPA.
import { MSG } from '@shared/messages/acces';
import { clearSession, getToken } from './storage';

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Permission code sent in the `droit` header, e.g. `bandav:r`. */
  droit?: string;
  signal?: AbortSignal;
  /**
   * Sent as the `Idempotency-Key` header (functions/lib/idempotency.ts): the outbox's entries and
   * the forms whose repetition would count twice (shared/idempotency-key.ts).
   */
  idempotencyKey?: string;
}

/** Fired on window by every 403 answer. */
export const FORBIDDEN_EVENT = 'ganaar:forbidden';

export const NETWORK_ERROR = MSG.network;

/**
 * The server's own French words for a refusal, or null: any 4xx but 401 carries a message written
 * for the user (suspended, limit reached, wrong code, a field's rule). A 401 is the session's end
 * (or a wrong password), a 5xx a failure the user cannot act on: neither is a refusal to show.
 */
export function refusalMessage(err: unknown): string | null {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.message ? err.message : null;
}

export interface MessageRules {
  /** The screen's own words for a status the spec words itself (a sign-up's 421 « e-mail utilisé »). */
  byStatus?: Readonly<Partial<Record<number, string>>>;
  /** Only these statuses show the server's words (a login reveals nothing but its lockout). */
  only?: readonly number[];
  /** The refusal after the fallback: « Échec de l'annulation : <the server's words> » (« Échec. <…> » after a full stop). */
  prefixed?: boolean;
}

/**
 * THE text a screen shows for a failed call, every screen alike (lint refuses a screen reading an
 * error's message itself: eslint.config.js): the spec's words for a status it words
 * (`byStatus`), else the server's words for a refusal (`refusalMessage`, after the screen's
 * fallback when `prefixed`), else the network's words for a lost connection, else the screen's
 * fallback (a 5xx, a bug: the server's text would be no help).
 */
export function serverMessage(err: unknown, fallback: string, rules: MessageRules = {}): string {
  const status = err instanceof ApiError ? err.status : undefined;
  const worded = status === undefined ? undefined : rules.byStatus?.[status];
  if (worded) return worded;
  const refusal = rules.only && !rules.only.includes(status ?? -1) ? null : refusalMessage(err);
  if (refusal) return rules.prefixed ? `${fallback}${/[.!]$/.test(fallback) ? ' ' : ' : '}${refusal}` : refusal;
  if (err instanceof Error && err.message === NETWORK_ERROR) return NETWORK_ERROR;
  return fallback;
}

/** What a screen shows when its data could not be read: the refusal's words (« Bande introuvable »), else the server's failure. */
export function loadMessage(err: unknown): string {
  return serverMessage(err, MSG.serverError);
}

/** A failed call's HTTP status (0: no answer), for screens whose flow, not text, depends on it. */
export function errorStatus(err: unknown): number | undefined {
  return err instanceof ApiError ? err.status : undefined;
}

function isRelative(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

function onUnauthorized(): void {
  clearSession();
  // Already on the login screen (e.g. a wrong password): staying put keeps the typed e-mail.
  if (!window.location.hash.startsWith('#/login')) window.location.hash = '#/login';
}

export async function request<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.droit) headers.droit = opts.droit;
  // A FormData body (a photo upload) sets its own multipart content type with the boundary.
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD' && isRelative(url)) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }

  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }

  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  // Only for the session that asked: a call still in flight when its user signed out (or signed in
  // again) answers 401 for a token that is gone, and a call a screen still makes right after the
  // sign-out carries none; neither may clear a new session nor take the visitor off the screen they
  // went to meanwhile (the sign-up after a sign-out). A call without a token has no session to end
  // (a wrong password on the login answers 401 too).
  if (res.status === 401 && token && token === getToken()) onUnauthorized();
  // A right removed while signed in: the shell re-asks its permission checks (menu, screen gate).
  if (res.status === 403) window.dispatchEvent(new Event(FORBIDDEN_EVENT));
  if (!res.ok) {
    const message =
      data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string' ? (data as { message: string }).message : MSG.serverError;
    throw new ApiError(res.status, message, data);
  }
  return data as T;
}

export const http = {
  get: <T>(url: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(url, { ...opts, method: 'GET' }),
  post: <T>(url: string, body: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(url, { ...opts, method: 'POST', body }),
};
