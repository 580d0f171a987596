// What a successful payment does to the subscription (docs/decisions.md). Shared: the
// server applies it on activation (functions/paiements/repository.ts) and the payment dialog states
// its result before paying, so the two cannot disagree.
// - same plan, still valid: the months are added to the current end date;
// - expired (or no subscription): the months run from now;
// - another plan (upgrade or downgrade): it applies at once; the time left on the current plan is
//   converted at the two monthly prices (10 days of Démarrage at 5,000 = 5 days of Professionnel at
//   10,000; a trial's days count the same), then the months are added.
// Months are calendar months in UTC; a day that does not exist in the target month is clamped
// (31 January + 1 month = 28/29 February).
import { planFor, type Plan } from './plans';

export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export interface CurrentSubscription {
  plan: string;
  validUntil: string;
}

export interface NewPeriod {
  /** From when the paid plan applies (now, or the current end date for the same plan). */
  debut: Date;
  /** The new end of the subscription. */
  fin: Date;
}

export function extendPeriod(current: CurrentSubscription | null, plan: Plan, nbMois: number, now: Date): NewPeriod {
  const end = current ? new Date(current.validUntil) : now;
  const left = Math.max(0, end.getTime() - now.getTime());
  if (!current || left === 0) return { debut: now, fin: addMonths(now, nbMois) };
  if (planFor(current.plan).code === plan.code) return { debut: end, fin: addMonths(end, nbMois) };
  const credit = Math.floor((left * planFor(current.plan).mensualite) / plan.mensualite);
  return { debut: now, fin: addMonths(new Date(now.getTime() + credit), nbMois) };
}
