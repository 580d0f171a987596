// « Notifications sur ce téléphone » in real Chromium at 360 px (issue 37 §5): the screen in the
// profile, its state for a device with no subscription, its « Activer », axe-core clean. The page is
// prepared as for the full journey (the stand-in's subscription in place of FCM, which a local
// Chromium cannot reach; the headless shell's permission said as the granted origin's) — the tap
// itself and the worker's push are not covered yet (see the note at the end of the test).
import { call, newBusiness } from '../helpers/api';
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

  it('shows the screen’s state and its « Activer » at 360 px, axe clean', { timeout: 240_000 }, async () => {
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
    await card.getByRole('button', { name: NOTIF_MSG.activer }).waitFor();
    await s.shot('notifications-off');
    // NOT covered yet: the tap on « Activer » in the headless shell (the registration and stubbed
    // subscribe did not complete within 90 s on the shared machine, cause not found before the
    // deadline), and the push handed to the worker through ServiceWorker.deliverPushMessage. The
    // subscription → job → stand-in path is covered by tests/api/notifications.test.ts.
  });
});
