// Rate limits kept in the table, shared by every Lambda container: at most `limit` hits per subject
// in any `windowSeconds` (a sliding window, lib/window-count.ts, the attempt budgets' core too), and
// as many more limits on the same hits as `also` lists, kept in the same item. Used for
// abuse-prone public routes (password recovery, storefront orders, shared pages, webhooks) and the
// payment start.
import { MSG } from '@shared/messages/acces';
import { AppError } from './errors';
import { countInWindow } from './window-count';

export interface RateLimit {
  /** What is limited, e.g. `recovery-email`; part of the key. */
  name: string;
  /** Requests allowed in any window of `windowSeconds`. */
  limit: number;
  windowSeconds: number;
  /** Further limits on the same hits (e.g. 30 an hour beside 5 a minute), at no extra request. */
  also?: readonly { limit: number; windowSeconds: number }[];
}

const rateKey = (name: string, subject: string) => ({ PK: `RATE#${name}#${subject}`, SK: 'WINDOW' });

/**
 * Counts one hit for `subject` (an e-mail address, a client IP…) and answers whether it is within
 * the limits. A refused hit is not counted.
 */
export async function hitRateLimit(rule: RateLimit, subject: string, now = Date.now()): Promise<boolean> {
  const counted = await countInWindow(
    {
      key: rateKey(rule.name, subject.toLowerCase()),
      entity: 'RATE',
      limits: [rule, ...(rule.also ?? [])].map((l) => ({ max: l.limit, windowSeconds: l.windowSeconds })),
    },
    now,
  );
  return counted.ok;
}

/** Throws 429 with a French message when `subject` is over the limit. */
export async function enforceRateLimit(rule: RateLimit, subject: string, message: string = MSG.tooManyRequests): Promise<void> {
  if (!(await hitRateLimit(rule, subject))) throw new AppError(429, message);
}
