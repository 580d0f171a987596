// Notifications pushed to a phone (api/notifications/*). A subscription is what the
// browser's PushManager gives (its endpoint and keys); it belongs to the signed-in user.
import { z } from './common';
import { NOTIFICATIONS_SCHEMA_MSG } from '../messages/notifications';

const base64url = (label: string, max: number) =>
  z
    .string({ error: NOTIFICATIONS_SCHEMA_MSG.invalide(label) })
    .check(
      z.minLength(16, { error: NOTIFICATIONS_SCHEMA_MSG.invalide(label) }),
      z.maxLength(max, { error: NOTIFICATIONS_SCHEMA_MSG.invalide(label) }),
      z.regex(/^[A-Za-z0-9_-]+=*$/, { error: NOTIFICATIONS_SCHEMA_MSG.invalide(label) }),
    );

const endpoint = z.lazy(() =>
  z.string({ error: NOTIFICATIONS_SCHEMA_MSG.adresseNotificationInvalide }).check(
    z.maxLength(1000, { error: NOTIFICATIONS_SCHEMA_MSG.adresseNotificationInvalide }),
    z.refine((u) => /^https:\/\/[^\s/]+\/\S+$/.test(u) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/\S+$/.test(u), {
      error: NOTIFICATIONS_SCHEMA_MSG.adresseNotificationInvalide,
    }),
  ),
);

/** POST api/notifications/abonnement: PushSubscription.toJSON() of this device. */
export const abonnementSchema = z.lazy(() =>
  z.object({
    endpoint,
    expirationTime: z.optional(z.nullable(z.number())),
    keys: z.object(
      { p256dh: base64url(NOTIFICATIONS_SCHEMA_MSG.cleP256dh, 200), auth: base64url(NOTIFICATIONS_SCHEMA_MSG.cleAuth, 100) },
      { error: NOTIFICATIONS_SCHEMA_MSG.clesNotificationRequises },
    ),
  }),
);
export type AbonnementInput = z.input<typeof abonnementSchema>;

/** POST api/notifications/desabonnement: this device's endpoint. */
export const desabonnementSchema = z.lazy(() => z.object({ endpoint }));

/** GET api/notifications/cle: the VAPID public key (base64url) the browser subscribes with. */
export interface CleNotificationsResponse {
  cle: string;
}

/** What a notification carries to the service worker: it shows `titre`/`corps` and opens `url` (a SPA hash route). */
export interface NotificationPayload {
  titre: string;
  corps: string;
  url: string;
  /** Same tag: a newer notification replaces the older one on the phone. */
  tag: string;
}
