// The single HTTP client of the SPA (spec part 1 §6): bearer token, `droit` header, XSRF
// double-submit header for mutating same-origin calls, `{code, message}` errors as ApiError, and
// any 401 clears the session and returns to #/login. Paths are relative (`api/login`): the API is
// served on the same origin as the SPA.
import { MSG } from '../../../shared/messages/acces';
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
 * The server's own French words for a refusal: any 4xx but 401 carries a message
 * written for the user (suspended, limit reached, wrong code, a field's rule); a 5xx or a lost
 * connection gets the screen's fallback.
 */
export function serverMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.message) return err.message;
  if (err instanceof Error && err.message === NETWORK_ERROR) return NETWORK_ERROR;
  return fallback;
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
