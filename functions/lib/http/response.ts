// Every JSON answer of the API: the same headers on each, an idempotent replay marked as such.
import { securityHeaders } from '@shared/security-headers';
import type { StoredAnswer } from '../idempotency';
import type { HtmlReply, HttpResult } from './types';

const API_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...securityHeaders('api') };

export function json(status: number, body: unknown, cookies: string[] = []): HttpResult {
  return {
    statusCode: status,
    headers: { ...API_HEADERS },
    body: JSON.stringify(body ?? null),
    ...(cookies.length ? { cookies } : {}),
  };
}

export function replayed(answer: StoredAnswer): HttpResult {
  const out = json(answer.status, answer.body);
  out.headers = { ...out.headers, 'idempotent-replayed': 'true' };
  return out;
}

/** A page (text/html) with the page's security headers; its Cache-Control is the route's to say. */
export function html(page: HtmlReply): HttpResult {
  return {
    statusCode: page.status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...securityHeaders('page'),
      'x-robots-tag': 'noindex',
      ...page.headers,
    },
    body: page.html,
  };
}
