// Reading a request: its cookies, its raw and JSON body, and its path parameters, query and body
// validated with the row's zod schemas; a refusal is a 400 in the farmer's words, never a 5xx.
import type { ZodMiniType as ZodType } from 'zod/mini';
import type { RouteRow } from '@shared/api/route-types';
import { MSG } from '@shared/messages/acces';
import { fieldMessage } from '@shared/messages/validation';
import { AppError, badRequest, forbidden } from '../errors';
import type { HttpEvent } from './types';

const MAX_BODY_BYTES = 256 * 1024;

/** The request's cookies; one whose value does not decode (`foo=%E0%A4%A`) is ignored, never a 5xx. */
export function parseCookies(event: HttpEvent): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  const list = event.cookies ?? (event.headers?.cookie ? event.headers.cookie.split(';') : []);
  for (const c of list) {
    const i = c.indexOf('=');
    if (i <= 0) continue;
    try {
      out[c.slice(0, i).trim()] = decodeURIComponent(c.slice(i + 1).trim());
    } catch {
      // A browser may hold a cookie set by another app on the same host: not ours, not an error.
    }
  }
  return out;
}

/** A path parameter with a broken percent-escape (`%zz`, `%E0%A4%A`) is a malformed request. */
function malformedEscape(value: unknown): boolean {
  if (typeof value !== 'string' || !value.includes('%')) return false;
  try {
    decodeURIComponent(value);
    return false;
  } catch {
    return true;
  }
}

function firstIssue(schema: ZodType, value: unknown): { ok: true; data: unknown } | { ok: false; message: string } {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  const issue = r.error.issues[0];
  // The farmer's words (a refusal must say what to fix): the schema's own message, or a generic one after the field's
  // French label; never the payload's technical name.
  return { ok: false, message: fieldMessage(issue.path, issue.message) };
}

export function rawBodyOf(event: HttpEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

function readJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  if (raw.length > MAX_BODY_BYTES) throw new AppError(413, MSG.payloadTooLarge(MAX_BODY_BYTES));
  const text = raw.toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(MSG.badJson);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest(MSG.badJson);
  return value;
}

/** Double-submit XSRF check: when the browser holds our XSRF cookie, a mutating call must echo it. */
export function checkXsrf(event: HttpEvent, cookies: Record<string, string>): void {
  const method = event.requestContext.http.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  const cookie = cookies['XSRF-TOKEN'];
  if (!cookie) return;
  const header = event.headers?.['x-xsrf-token'];
  if (header !== cookie) throw forbidden(MSG.xsrf);
}

/** The row's path parameters, query and (unless the row is `raw` or a GET) JSON body, validated. */
export function readInput(row: RouteRow, event: HttpEvent, rawBody: Buffer): { params: unknown; query: Record<string, string | undefined>; body: unknown } {
  let params: unknown = event.pathParameters ?? {};
  if (Object.values(params as Record<string, unknown>).some(malformedEscape)) throw badRequest(MSG.badPath);
  if (row.params) {
    const r = firstIssue(row.params, params);
    if (!r.ok) throw badRequest(r.message);
    params = r.data;
  }
  let query: Record<string, string | undefined> = event.queryStringParameters ?? {};
  if (row.query) {
    const r = firstIssue(row.query, query);
    if (!r.ok) throw badRequest(r.message);
    query = r.data as Record<string, string | undefined>;
  }
  let body: unknown = undefined;
  // A `raw` row (webhook, upload) reads ctx.rawBody itself: its bytes must not be parsed first.
  if (row.method !== 'GET' && !row.raw) {
    body = readJsonBody(rawBody);
    if (row.body) {
      const r = firstIssue(row.body, body);
      if (!r.ok) throw badRequest(r.message);
      body = r.data;
    }
  }
  return { params, query, body };
}
