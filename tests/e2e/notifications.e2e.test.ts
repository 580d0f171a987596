// « Notifications sur ce téléphone » in real Chromium at 360 px: the whole journey.
// The tap on « Activer » (the worker registered by the tap itself, not by the app's 30 s timer) stores
// the subscription (API); the morning job (test hook) for a business with health steps due makes the
// push-service stand-in record one delivery; that decrypted payload handed to the worker through
// CDP ServiceWorker.deliverPushMessage runs the REAL push handler (web/public/push-sw.js), whose
// notification is checked with registration.getNotifications() (title, body, tag, data.url); a
// notificationclick on it runs the REAL click handler and the page moves from #/profil to the payload's
// url; « Désactiver » removes it on the server (the next morning job delivers nothing). axe clean.
// Stand-ins for what the headless shell lacks (said where they are made): FCM's subscription (the
// stand-in's, via PushManager in the page), the notification permission in the page, the worker's
// notification tray, and the user gesture of a real tap (WindowClient.focus). See docs/notifications.md.
import type { CDPSession, Worker } from 'playwright-core';
import { call, newBusiness } from '../helpers/api';
import { openSession, login, type Session } from '../helpers/browser';
import { checkA11y } from '../helpers/axe';
import { NOTIF_MSG } from '@shared/messages/notifications';
import { addDays, todayFor } from '@shared/dates';

const pushUrl = () => process.env.PUSH_SANDBOX_URL!;
const t0 = Date.now();
const step = (what: string) => console.log(`[notifications e2e ${Date.now() - t0} ms] ${what}`);

interface Payload {
  titre: string;
  corps: string;
  url: string;
  tag: string;
}

async function deliveries(endpoint: string): Promise<{ payload: Payload }[]> {
  return (await fetch(`${pushUrl()}/__push/deliveries?endpoint=${encodeURIComponent(endpoint)}`)).json() as never;
}

/** The worker's global scope, as these tests use it (the project's types are the window's). */
interface Sw {
  registration: { getNotifications(): Promise<{ title: string; body: string; tag: string; data: unknown }[]> };
  dispatchEvent(e: Event): boolean;
}

async function matin(baseUrl: string, tenant: number): Promise<Record<string, number>> {
  const r = await fetch(`${baseUrl}/__test/notifications/matin?entreprises=${tenant}`, { method: 'POST' });
  expect(r.status).toBe(200);
  return r.json() as never;
}

/**
 * The headless shell has no notification platform: it refuses the notification permission to the
 * worker whatever the context grants (showNotification throws « No notification permission »). The
 * worker's registration is given an in-memory tray in its place — the push handler that fills it is
 * the real one (web/public/push-sw.js). And a click dispatched from a test carries no user
 * gesture, which WindowClient.focus() requires: focus answers as it does for a real tap.
 */
async function stubNotifications(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    type Shown = { title: string; body: string; tag: string; data: unknown; close(): void };
    const tray: Shown[] = [];
    const proto = ServiceWorkerRegistration.prototype as unknown as Record<string, unknown>;
    proto.showNotification = async (title: string, o: NotificationOptions = {}) => {
      const n: Shown = { title, body: o.body ?? '', tag: o.tag ?? '', data: o.data ?? null, close: () => void tray.splice(tray.indexOf(n), 1) };
      // A notification with the tag of one still shown replaces it, as in the browser.
      const same = tray.findIndex((x) => n.tag && x.tag === n.tag);
      if (same >= 0) tray.splice(same, 1);
      tray.push(n);
    };
    proto.getNotifications = async (filter?: { tag?: string }) => tray.filter((n) => !filter?.tag || n.tag === filter.tag);
    (globalThis as unknown as { WindowClient: { prototype: Record<string, unknown> } }).WindowClient.prototype.focus = async function (this: unknown) {
      return this;
    };
  });
}

describe('notifications on this phone', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession({ width: 360, height: 780 });
  });
  afterAll(() => s.close());

  it('Activer → stored → morning job → the worker shows it → its tap opens the screen → Désactiver', { timeout: 120_000 }, async () => {
    const acc = await newBusiness();
    const b = await call(
      'POST',
      '/api/bande/create',
      { id_bande: -1, nom: 'Bande E2E', nb_sujet: 300, date_demarage: addDays(todayFor(), -20), type: 'chair', id_plan: 1 },
      { token: acc.token },
    );
    expect(b.status).toBe(200);
    const sub = await (await fetch(`${pushUrl()}/__push/subscriptions`, { method: 'POST' })).json();
    const origin = new URL(s.baseUrl).origin;
    await s.context.grantPermissions(['notifications'], { origin });
    await s.page.addInitScript((json) => {
      let current: unknown = null;
      const make = () => ({ endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => ((current = null), true) });
      PushManager.prototype.subscribe = async function () {
        current = make();
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
      if (Notification.permission === 'denied') {
        let asked = false;
        Object.defineProperty(Notification, 'permission', { get: () => (asked ? 'granted' : 'default') });
        Notification.requestPermission = async () => ((asked = true), 'granted');
      }
    }, sub);
    await login(s, acc);
    await s.page.goto(`${s.baseUrl}/#/profil`);
    const card = s.page.getByTestId('notifications-card');
    await expect.poll(() => card.getByTestId('notifications-state').textContent()).toBe(NOTIF_MSG.etatInactif);
    await checkA11y(s.page, 'profil-notifications');
    await s.shot('notifications-off');
    const cdp: CDPSession = await s.context.newCDPSession(s.page);
    const regs = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      for (const r of e.registrations) if (!r.isDeleted) regs.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    step('tap Activer');
    await card.getByRole('button', { name: NOTIF_MSG.activer }).click();
    await expect.poll(() => card.getByTestId('notifications-state').textContent(), { timeout: 45_000, interval: 250 }).toBe(NOTIF_MSG.etatActif);
    step('on');
    await checkA11y(s.page, 'profil-notifications-on');
    await s.shot('notifications-on');

    // The morning job, as the 06:00 schedule runs it, for this business only: its batch has health steps due.
    expect(await matin(s.baseUrl, acc.tenantId)).toMatchObject({ entreprises: 1, utilisateurs: 1, envoyes: 1, erreurs: 0 });
    const got = await deliveries(sub.endpoint);
    expect(got).toHaveLength(1);
    const payload = got[0].payload;
    expect(payload).toMatchObject({ titre: NOTIF_MSG.titreMatin, url: '#/dashboard' });
    expect(payload.corps).toMatch(/^Santé : /);

    // The worker's registration, as DevTools knows it (the id ServiceWorker.deliverPushMessage takes).
    const scope = `${origin}/`;
    await expect.poll(() => regs.get(scope)).toBeDefined();
    const worker = s.context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`);
    expect(worker).toBeDefined();
    await stubNotifications(worker!);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: regs.get(scope)!, data: JSON.stringify(payload) });
    const shown = () =>
      worker!.evaluate(() =>
        (self as unknown as Sw).registration.getNotifications().then((ns) => ns.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }))),
      );
    await expect.poll(shown, { timeout: 15_000, interval: 200 }).toHaveLength(1);
    expect(await shown()).toEqual([{ title: payload.titre, body: payload.corps, tag: payload.tag, data: { url: payload.url } }]);
    step('shown by the push handler');

    // The tap: the page is on another screen; the notification's click takes it to the payload's.
    expect(await s.page.evaluate(() => window.location.hash)).toBe('#/profil');
    await worker!.evaluate(async () => {
      const sw = self as unknown as Sw;
      const [notification] = await sw.registration.getNotifications();
      const waits: Promise<unknown>[] = [];
      const click = Object.assign(new Event('notificationclick'), { notification, action: '', waitUntil: (p: Promise<unknown>) => waits.push(p) });
      sw.dispatchEvent(click);
      await Promise.all(waits);
    });
    await expect.poll(() => s.page.evaluate(() => window.location.hash), { timeout: 15_000, interval: 200 }).toBe(payload.url);
    await s.page.getByTestId('user-name').waitFor();
    expect(await shown()).toEqual([]);
    step('tap opened ' + payload.url);

    // « Désactiver »: removed on the server — the next morning's job sends this device nothing.
    await s.page.goto(`${s.baseUrl}/#/profil`);
    await card.getByRole('button', { name: NOTIF_MSG.desactiver }).click();
    await expect.poll(() => card.getByTestId('notifications-state').textContent(), { timeout: 15_000, interval: 250 }).toBe(NOTIF_MSG.etatInactif);
    const again = await matin(s.baseUrl, acc.tenantId);
    expect(again).toMatchObject({ utilisateurs: 0, envoyes: 0 });
    expect(await deliveries(sub.endpoint)).toHaveLength(1);
    step('off');
  });
});
