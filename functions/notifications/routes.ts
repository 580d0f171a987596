// Routes of the `notifications` domain: the VAPID public key, and this device's
// subscription stored or removed for the signed-in user. Thin: the checks and keys live in
// ./push.ts and ./repository.ts.
import type { z } from 'zod/mini';
import type { abonnementSchema, CleNotificationsResponse, desabonnementSchema } from '@shared/schemas/notifications';
import { NOTIF_MSG } from '@shared/messages/notifications';
import type { RouteContext } from '../lib/http';
import { badRequest, notFound } from '../lib/errors';
import { endpointAutorise, vapidKeys } from './vapid';
import { subscribe as store, unsubscribe as remove } from './repository';

/** GET api/notifications/cle */
export async function getCle(): Promise<CleNotificationsResponse> {
  return { cle: (await vapidKeys()).publicKey };
}

/** POST api/notifications/abonnement: idempotent by endpoint; a new device counts against MAX_APPAREILS. */
export async function subscribe(ctx: RouteContext<z.infer<typeof abonnementSchema>>): Promise<{ ok: true; nouveau: boolean }> {
  const { endpoint, keys } = ctx.body;
  if (!endpointAutorise(endpoint)) throw badRequest(NOTIF_MSG.endpointRefuse);
  const { nouveau } = await store(ctx.auth.tenantId, ctx.auth.userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
  return { ok: true, nouveau };
}

/** POST api/notifications/desabonnement: 404 when this user has no such subscription. */
export async function unsubscribe(ctx: RouteContext<z.infer<typeof desabonnementSchema>>): Promise<{ ok: true }> {
  if (!(await remove(ctx.auth.tenantId, ctx.auth.userId, ctx.body.endpoint))) throw notFound(NOTIF_MSG.abonnementInconnu);
  return { ok: true };
}
