// What a business may still do once its subscription has lapsed (docs/decisions.md, "Subscriptions
// and payments"): everything stays readable; during GRACE_DAYS after the end date it may still
// write (within Démarrage's limits, with the banner shown); after that, or at once when the
// operator suspended it, every POST of a business row is refused with 424 except the rows marked
// `whenLapsed: 'allowed'` (searches, and the payment that lifts the block). GET cancellations stay
// possible: they only undo. One GetItem per POST of a business row.
import type { RouteRow } from '@shared/api/route-types';
import { PAIEMENT_MSG } from '@shared/messages/paiements';
import { config } from './config';
import { refused } from './errors';
import { getSubscription, isLapsed } from './repo/subscriptions';

/** Rows the gate looks at: a business's own writes (a right-guarded POST). */
export function gated(row: RouteRow): boolean {
  return (
    (row.method === 'POST' || row.writes === true) &&
    row.access !== 'public' &&
    row.access !== 'auth' &&
    row.access !== 'operator' &&
    row.whenLapsed !== 'allowed'
  );
}

export async function assertSubscriptionWritable(tenantId: number): Promise<void> {
  const sub = await getSubscription(tenantId);
  if (isLapsed(sub, config().graceDays)) throw refused(424, sub?.suspendu ? PAIEMENT_MSG.suspended : PAIEMENT_MSG.lapsedReadOnly);
}
