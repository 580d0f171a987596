// What leaves the handler when a route throws: a refusal (AppError) as its status and French
// message, the store unreachable or overloaded as a 503, anything else as a logged 500.
import { MSG } from '@shared/messages/acces';
import { AppError, BusinessConflict } from '../errors';
import { errorFields, log } from '../log';
import { json } from './response';
import type { HttpEvent, HttpResult } from './types';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const OVERLOAD_NAMES = new Set([
  'TimeoutError',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
]);

/** True for an AWS call that failed on the network or on the service's load, not on our request. */
export function storeUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; cause?: { code?: unknown } } | null;
  if (!e || typeof e !== 'object') return false;
  return NETWORK_CODES.has(String(e.code)) || NETWORK_CODES.has(String(e.cause?.code)) || OVERLOAD_NAMES.has(String(e.name));
}

/** The answer to a request whose handling threw `err`. */
export function errorResponse(err: unknown, event: HttpEvent | undefined): HttpResult {
  if (err instanceof AppError) {
    // A business 409 says so (`definitif`): the outbox then stops sending it again and shows
    // its message, where a lost race's 409 is worth another try (decision 0230).
    const definitif = err instanceof BusinessConflict ? { definitif: true } : {};
    return json(err.status, { code: err.status, message: err.message, ...definitif });
  }
  const status = (err as { statusCode?: number })?.statusCode;
  if (status === 404) return json(404, { code: 404, message: MSG.notFound });
  // The store unreachable or overloaded after the SDK's retries (a network failure, throttling,
  // DynamoDB's own 5xx; locally DynamoDB Local restarting): not a defect of ours, and the
  // caller may simply try again — 503, the same French sentence every time.
  if (storeUnavailable(err)) {
    log.warn('store unavailable', { routeKey: event?.routeKey, error: errorFields(err) });
    return json(503, { code: 503, message: MSG.unavailable });
  }
  // Anything else is a defect: log it with its stack (never the body, which may hold secrets;
  // the message and stack are masked by functions/lib/log.ts) and answer 500.
  log.error('unhandled error', { routeKey: event?.routeKey, error: errorFields(err) });
  return json(500, { code: 500, message: MSG.serverError });
}
