// Notifications pushed to a phone (api/notifications/*). A subscription is what the
// browser's PushManager gives (its endpoint and keys); it belongs to the signed-in user.
import { z } from './common';

const base64url = (label: string, max: number) =>
  z
    .string({ error: `${label} invalide` })
    .min(16, { error: `${label} invalide` })
    .max(max, { error: `${label} invalide` })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `${label} invalide` });

const endpoint = z
  .string({ error: 'Adresse de notification invalide' })
  .max(1000, { error: 'Adresse de notification invalide' })
  .refine((u) => /^https:\/\/[^\s/]+\/\S+$/.test(u) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/\S+$/.test(u), {
    error: 'Adresse de notification invalide',
  });

/** POST api/notifications/abonnement: PushSubscription.toJSON() of this device. */
export const abonnementSchema = z.lazy(() =>
  z.object({
    endpoint,
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url('Clé p256dh', 200), auth: base64url('Clé auth', 100) }, { error: 'Clés de notification requises' }),
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
