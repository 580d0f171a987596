// Structured logs: one JSON object per line, the same in Lambda and locally. Each line carries
// the request's context (domain, request id, correlation id, business and user ids — ids, never
// names) from functions/lib/request-context.ts. Written straight to stdout in Lambda: through
// console.log, Lambda's JSON log format would wrap the line into its own "message" string, and
// the metric lines of functions/lib/metrics.ts (EMF) would no longer be read as metrics.
// Locally nothing is printed unless LOG_REQUESTS=1 (`npm start`), and the tests send every line to
// a file (GANAAR_LOG_FILE) that tests/api/log-secrets.test.ts reads.
//
// Nothing secret may reach a line (docs/decisions.md, "Production operations"): fields named like
// a secret are replaced, and every string is masked for e-mail addresses, phone numbers, JWTs,
// hex digests and long opaque tokens, whatever its field — an error message from the SDK may quote
// a key holding an address. Why not Powertools Logger: docs/decisions.md (measured cost).
import { appendFileSync } from 'node:fs';
import { currentContext } from './request-context';

export type LogLevel = 'INFO' | 'WARN' | 'ERROR';
export type LogFields = Record<string, unknown>;

type Sink = (line: string) => void;

let sink: Sink | null | undefined;

function chooseSink(env: NodeJS.ProcessEnv = process.env): Sink | null {
  const file = env.GANAAR_LOG_FILE;
  if (file) return (line) => appendFileSync(file, `${line}\n`);
  if (env.AWS_LAMBDA_FUNCTION_NAME || env.LOG_REQUESTS === '1') return (line) => void process.stdout.write(`${line}\n`);
  return null;
}

/** Where lines go: decided at the first line (the environment is complete by then). */
export function writeLine(line: string): void {
  if (sink === undefined) sink = chooseSink();
  sink?.(line);
}

/** The local stack and the tests change the environment between runs. */
export function resetLogSinkForTests(): void {
  sink = undefined;
}

/**
 * The local stack under test sends its lines to a file (infra/local/handler-env.ts). Set here rather
 * than through the environment, which test workers inherit: their own lines must not mix in.
 */
export function setLogFile(file: string): void {
  sink = (line) => appendFileSync(file, `${line}\n`);
}

/** Field names whose value is never logged, whatever it holds. */
const SECRET_FIELD = /pass(word|wd)?|hash|token|secret|signature|otp|^code$|^pin$|authorization|cookie|api-?key|callback-?key|xsrf|origin-verify|credential/i;

const JWT = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9])[A-Za-z0-9.-]*\.([A-Za-z]{2,})/g;
// A phone number written any usual way: +221 77 123 45 67, 00225 07…, 771234567, 77.123.45.67.
const PHONE = /(?<![\w.@-])\+?\d[\d .-]{6,18}\d(?![\w@-])/g;
const HEX_DIGEST = /\b[a-fA-F0-9]{32,}\b/g;
const OPAQUE = /[A-Za-z0-9+/_-]{40,}={0,2}/g;

function maskPhone(match: string): string {
  const digits = match.replace(/\D/g, '');
  // A calendar day (2026-01-15) or a short number is not a phone number.
  if (digits.length < 8 || digits.length > 15 || /^\d{4}-\d{2}-\d{2}$/.test(match)) return match;
  return `${match.startsWith('+') ? '+' : ''}${'*'.repeat(digits.length - 2)}${digits.slice(-2)}`;
}

/** A string with every e-mail, phone number, JWT and opaque secret-looking token masked. */
function maskText(text: string): string {
  return text
    .replace(JWT, '[jwt]')
    .replace(EMAIL, '$1***@$2***.$3')
    .replace(HEX_DIGEST, '[hex]')
    .replace(OPAQUE, (m) => (/\d/.test(m) && /[A-Za-z]/.test(m) ? '[opaque]' : m))
    .replace(PHONE, maskPhone);
}

/** A copy of `value` safe to log (depth-limited: a log line is not a dump). */
function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value instanceof Error) return errorFields(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

/** An error as log fields: its name, message and stack, masked. */
export function errorFields(err: unknown): { name: string; message: string; stack?: string } {
  const e = err as Error | undefined;
  return {
    name: String(e?.name ?? 'Error'),
    message: maskText(String(e?.message ?? err)),
    ...(e?.stack ? { stack: maskText(e.stack) } : {}),
  };
}

/** The request's context as log fields. */
export function contextFields(): LogFields {
  const c = currentContext();
  if (!c) return {};
  return {
    domain: c.domain,
    requestId: c.requestId,
    correlationId: c.correlationId,
    ...(c.tenantId !== undefined ? { tenantId: c.tenantId } : {}),
    ...(c.userId !== undefined ? { userId: c.userId } : {}),
  };
}

function emit(level: LogLevel, message: string, fields: LogFields = {}): void {
  if (sink === null) return;
  const safe = redact(fields) as LogFields;
  writeLine(JSON.stringify({ timestamp: new Date().toISOString(), level, service: 'ganaar', message, ...contextFields(), ...safe }));
}

export const log = {
  info: (message: string, fields?: LogFields) => emit('INFO', message, fields),
  warn: (message: string, fields?: LogFields) => emit('WARN', message, fields),
  error: (message: string, fields?: LogFields) => emit('ERROR', message, fields),
};
