// « Notifications sur ce téléphone » in real Chromium at 360 px (issue 37 §5): the screen's states,
// « Activer » (permission granted for the origin; the subscription the stand-in makes, because a
// local Chromium cannot reach Google's FCM: PushManager.subscribe is replaced in the page by one
// returning the stand-in's subscription — docs/notifications.md says so), the subscription stored for
// this user (the morning job delivers to it, decrypted by the stand-in), then a push handed to the
// app's service worker through the DevTools protocol (ServiceWorker.deliverPushMessage) shown as a
// notification with the payload's title, body and screen. axe-core on the screen.
import { call, newBusiness, baseUrl as apiBase } from '../helpers/api';
import { openSession, login, type Session } from '../helpers/browser';
import { checkA11y } from '../helpers/axe';
import { NOTIF_MSG } from '../../shared/messages/notifications';
import { addDays, todayFor } from '../../shared/dates';

const pushUrl = () => process.env.PUSH_SANDBOX_URL!;

describe('notifications on this phone', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession({ width: 360, height: 780 });
  });
  afterAll(() => s.close());

  it('turns on, gets the morning summary, and the service worker shows a pushed notification', { timeout: 240_000 }, async () => {
    const acc = await newBusiness();
    const b = await call(
      'POST',
      '/api/bande/create',
      { id_bande: -1, nom: 'Bande E2E', nb_sujet: 300, date_demarage: addDays(todayFor(), -20), type: 'chair', id_plan: 1 },
      { token: acc.token },
    );
    expect(b.status).toBe(200);
    const sub = await (await fetch(`${pushUrl()}/__push/subscriptions`, { method: 'POST' })).json();
    await s.context.grantPermissions(['notifications'], { origin: new URL(s.baseUrl).origin });
    // The one part a local browser cannot do: get an endpoint from FCM. The stand-in's subscription instead.
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
      // The headless shell answers « denied » whatever the context grants (it has no permission
      // prompt): the page is told what the granted origin's browser would say.
      if (Notification.permission === 'denied') {
        let asked = false;
        Object.defineProperty(Notification, 'permission', { get: () => (asked ? 'granted' : 'default') });
        Notification.requestPermission = async () => ((asked = true), 'granted');
      }
    }, sub);
    await login(s, acc);
    await s.page.goto(`${s.baseUrl}/#/profil`);
    const card = s.page.getByTestId('notifications-card');
    await card.getByRole('heading', { name: NOTIF_MSG.ecranTitre }).waitFor();
    await expect.poll(() => card.getByTestId('notifications-state').textContent()).toBe(NOTIF_MSG.etatInactif);
    console.log(
      '[notifications e2e] permission as the browser reports it:',
      await s.page.evaluate(() => navigator.permissions.query({ name: 'notifications' }).then((p) => p.state)),
    );
    await checkA11y(s.page, 'profil-notifications');
    await card.getByRole('button', { name: NOTIF_MSG.activer }).click();
    // « Activer » registers the worker when its 30 s delayed registration has not run yet: installing
    // it precaches every file, slow on a CPU shared with other files (the offline journey allows 60 s).
    await card.getByText(NOTIF_MSG.activees).waitFor({ timeout: 90_000 });
    await card.getByRole('button', { name: NOTIF_MSG.desactiver }).waitFor();
    await s.shot('notifications-on');

    // Stored for this user: the morning job delivers the flock's summary to it.
    const r = await fetch(`${apiBase()}/__test/notifications/matin?entreprises=${acc.tenantId}`, { method: 'POST' });
    expect((await r.json()).envoyes).toBe(1);
    const got = await (await fetch(`${pushUrl()}/__push/deliveries?endpoint=${encodeURIComponent(sub.endpoint)}`)).json();
    expect(got).toHaveLength(1);
    expect(got[0].payload).toMatchObject({ titre: NOTIF_MSG.titreMatin, url: '#/dashboard' });

    // The service worker's push handler: a push handed to it shows the notification.
    const reg = await s.page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return r.scope;
    });
    const cdp = await s.context.newCDPSession(s.page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const found = e.registrations.find((x) => x.scopeURL === reg);
        if (found) resolve(found.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(s.baseUrl).origin, registrationId, data: JSON.stringify(got[0].payload) });
    await expect
      .poll(() =>
        s.page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })),
        ),
      )
      .toEqual([{ title: got[0].payload.titre, body: got[0].payload.corps, tag: got[0].payload.tag, url: '#/dashboard' }]);

    // Turned off: removed on the server (its unsubscribe now 404s).
    await card.getByRole('button', { name: NOTIF_MSG.desactiver }).click();
    await card.getByText(NOTIF_MSG.desactivees).waitFor();
    expect((await call('POST', '/api/notifications/desabonnement', { endpoint: sub.endpoint }, { token: acc.token })).status).toBe(404);
  });
});
