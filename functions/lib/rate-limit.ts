// Rate limits kept in the table, shared by every Lambda container: at most `limit` hits per subject
// in a window that opens with the subject's first hit (lib/window-count.ts, the attempt budgets'
// core too). Used for abuse-prone public routes (password recovery, storefront orders, webhooks)
// and the payment start.
import { AppError } from './errors';
import { countInWindow } from './window-count';

export interface RateLimit {
  /** What is limited, e.g. `recovery-email`; part of the key. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

const rateKey = (name: string, subject: string) => ({ PK: `RATE#${name}#${subject}`, SK: 'WINDOW' });

/**
 * Counts one hit for `subject` (an e-mail address, a client IP…) and answers whether it is within
 * the limit. A refused hit is not counted, so the window's figure stays at `limit`.
 */
export async function hitRateLimit(rule: RateLimit, subject: string, now = Date.now()): Promise<boolean> {
  const counted = await countInWindow(
    {
      key: rateKey(rule.name, subject.toLowerCase()),
      counter: 'hits',
      entity: 'RATE',
      max: rule.limit,
      windowSeconds: rule.windowSeconds,
    },
    now,
  );
  return counted.ok;
}

/** Throws 429 with a French message when `subject` is over the limit. */
export async function enforceRateLimit(
  rule: RateLimit,
  subject: string,
  message = 'Trop de requêtes, veuillez réessayer dans quelques minutes.',
): Promise<void> {
  if (!(await hitRateLimit(rule, subject))) throw new AppError(429, message);
}
