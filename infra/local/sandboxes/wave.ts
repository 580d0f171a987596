// A local twin of Wave Checkout: the subset Ganaar calls, written from Wave's documentation on its
// own (it shares no code with functions/paiements/providers/wave.ts, so a misreading on one side
// shows up as a failing payment, as it would against Wave):
// - POST /v1/checkout/sessions (Bearer API key, Idempotency-Key), GET …/:id, POST …/:id/expire;
// - a payer page at the session's wave_launch_url: "Payer" or "Refuser", then back to the
//   merchant's success_url / error_url;
// - webhooks `checkout.session.completed` / `checkout.session.payment_failed`, signed
//   `Wave-Signature: t=<unix>,v1=HMAC-SHA256(secret, t + body)`, POSTed to the configured URL;
// - for tests, under /__sandbox: pay or refuse without the page, choose how the webhook goes
//   (drop, delay, corrupt, stale, unsigned, n times), replay an event, list what was sent.
import { createHmac, randomBytes } from 'node:crypto';
import { escapeHtml, fcfa, json, page, parseDelivery, post, serve, stop, type Delivery, type DeliveryRecord, type Req, type Res, type Sandbox } from './http';

export interface WaveSecrets {
  apiKey: string;
  webhookSecret: string;
}

interface Session {
  id: string;
  amount: string;
  currency: string;
  client_reference: string | null;
  success_url: string;
  error_url: string;
  restrict_payer_mobile: string | null;
  checkout_status: 'open' | 'complete' | 'expired';
  payment_status: 'processing' | 'cancelled' | 'succeeded';
  transaction_id: string | null;
  last_payment_error: { code: string; message: string } | null;
  wave_launch_url: string;
  when_created: string;
  when_expires: string;
  when_completed: string | null;
}

interface SentEvent {
  id: string;
  type: string;
  sessionId: string;
  body: string;
  signature: string;
  deliveries: DeliveryRecord[];
}

export interface WaveSandbox extends Sandbox {
  /** Where webhooks go (our public route), set once the app listens. */
  setWebhookUrl(url: string): void;
}

const SESSION_MINUTES = 30;
const rid = (prefix: string) => `${prefix}${randomBytes(9).toString('base64url')}`;

export async function startWaveSandbox(secrets: WaveSecrets, port = 0): Promise<WaveSandbox> {
  const sessions = new Map<string, Session>();
  const byIdempotencyKey = new Map<string, string>();
  const events = new Map<string, SentEvent>();
  const pendingTimers = new Set<NodeJS.Timeout>();
  let webhookUrl: string | null = null;
  let base = '';

  const sign = (t: number, body: string) => `t=${t},v1=${createHmac('sha256', secrets.webhookSecret).update(`${t}${body}`).digest('hex')}`;

  const authorised = (req: Req) => req.headers.authorization === `Bearer ${secrets.apiKey}`;
  const unauthorised = json(401, { code: 'missing-auth-header', message: 'Invalid or missing API key' });

  function expireIfDue(s: Session) {
    if (s.checkout_status === 'open' && s.payment_status !== 'succeeded' && Date.parse(s.when_expires) <= Date.now()) s.checkout_status = 'expired';
  }

  async function deliverOnce(ev: SentEvent, d: Delivery, resign: boolean) {
    if (!webhookUrl) {
      ev.deliveries.push({ at: new Date().toISOString(), mode: d.mode ?? 'deliver', status: null, error: 'no webhook URL configured' });
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    let body = ev.body;
    let signature = resign ? sign(now, body) : ev.signature;
    if (d.mode === 'stale') signature = sign(now - 600, body);
    if (d.mode === 'corrupt') body = body.replace('"amount":"', '"amount":"9');
    const headers: Record<string, string> = d.mode === 'unsigned' ? {} : { 'wave-signature': signature };
    const r = await post(webhookUrl, headers, body);
    ev.deliveries.push({ at: new Date().toISOString(), mode: d.mode ?? 'deliver', status: r.status, ...(r.error ? { error: r.error } : {}) });
  }

  /** Sends an event as `d` says (all copies at once when times > 1: a provider's retry storm). */
  function dispatch(ev: SentEvent, d: Delivery, resign = false): Promise<void> {
    if (d.mode === 'drop') {
      ev.deliveries.push({ at: new Date().toISOString(), mode: 'drop', status: null });
      return Promise.resolve();
    }
    const send = () => Promise.all(Array.from({ length: d.times ?? 1 }, () => deliverOnce(ev, d, resign))).then(() => undefined);
    if (!d.delayMs) return send();
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        pendingTimers.delete(t);
        void send().then(resolve);
      }, d.delayMs);
      pendingTimers.add(t);
    });
  }

  function emit(s: Session, type: string, d: Delivery): { event: SentEvent; sent: Promise<void> } {
    const body = JSON.stringify({ id: rid('AE_'), type, data: s });
    const event: SentEvent = { id: JSON.parse(body).id, type, sessionId: s.id, body, signature: sign(Math.floor(Date.now() / 1000), body), deliveries: [] };
    events.set(event.id, event);
    return { event, sent: dispatch(event, d) };
  }

  function pay(s: Session, d: Delivery) {
    expireIfDue(s);
    if (s.checkout_status !== 'open' || s.payment_status === 'succeeded') return null;
    Object.assign(s, {
      checkout_status: 'complete',
      payment_status: 'succeeded',
      transaction_id: rid('T_'),
      when_completed: new Date().toISOString(),
      last_payment_error: null,
    });
    return emit(s, 'checkout.session.completed', d);
  }

  function refuse(s: Session, d: Delivery) {
    expireIfDue(s);
    if (s.checkout_status !== 'open' || s.payment_status === 'succeeded') return null;
    Object.assign(s, { payment_status: 'cancelled', last_payment_error: { code: 'payment-declined', message: 'Paiement refusé par le payeur' } });
    return emit(s, 'checkout.session.payment_failed', d);
  }

  function payerPage(s: Session): string {
    expireIfDue(s);
    const open = s.checkout_status === 'open' && s.payment_status !== 'succeeded';
    const state =
      s.payment_status === 'succeeded'
        ? 'Ce paiement a déjà été effectué.'
        : s.checkout_status === 'expired'
          ? 'Cette session de paiement a expiré.'
          : s.payment_status === 'cancelled'
            ? 'Le dernier essai a été refusé.'
            : '';
    return page(
      'Wave — paiement',
      '#1dc8f2',
      `<header>Wave<small>Bac à sable local de Ganaar — aucun argent réel</small></header>
<main><div class="card">
<p class="muted">Payer à</p><p><strong>Ganaar</strong></p>
<p class="amount" data-testid="wave-amount">${escapeHtml(fcfa(Number(s.amount)))}</p>
<p class="muted">Référence ${escapeHtml(s.client_reference ?? '')}${s.restrict_payer_mobile ? ` · ${escapeHtml(s.restrict_payer_mobile)}` : ''}</p>
${state ? `<p class="muted" role="status">${escapeHtml(state)}</p>` : ''}
${
  open
    ? `<form method="post" action="/pay/${encodeURIComponent(s.id)}/pay"><button class="btn pay" type="submit">Payer</button></form>
<form method="post" action="/pay/${encodeURIComponent(s.id)}/refuse"><button class="btn refuse" type="submit">Refuser</button></form>`
    : `<a class="btn pay" style="text-align:center;text-decoration:none" href="${escapeHtml(s.payment_status === 'succeeded' ? s.success_url : s.error_url)}">Retour au marchand</a>`
}
</div><p class="note">Wave enverra la notification signée à Ganaar.</p></main>`,
    );
  }

  const session = (req: Req) => sessions.get(req.params.id);

  /** Test control: pay or refuse a session without the page, the webhook sent as asked. */
  async function controlled(req: Req, act: typeof pay): Promise<Res> {
    const s = session(req);
    if (!s) return json(404, { message: 'unknown session' });
    const d = parseDelivery(req.json()?.webhook);
    const done = act(s, d);
    if (!done) return json(409, { message: 'session not payable', session: s });
    if (!d.delayMs) await done.sent;
    return json(200, { session: s, event: { id: done.event.id, deliveries: done.event.deliveries } });
  }

  const { url, server } = await serve(
    [
      [
        'POST',
        '/v1/checkout/sessions',
        (req): Res => {
          if (!authorised(req)) return unauthorised;
          const key = req.headers['idempotency-key'];
          if (typeof key === 'string' && byIdempotencyKey.has(key)) return json(200, sessions.get(byIdempotencyKey.get(key)!));
          const b = req.json();
          const urlOk = (u: unknown) => typeof u === 'string' && /^https?:\/\//.test(u);
          if (!b || typeof b.amount !== 'string' || !/^\d+$/.test(b.amount) || Number(b.amount) <= 0)
            return json(400, { code: 'request-validation-error', message: 'amount must be a positive integer string for XOF' });
          if (b.currency !== 'XOF') return json(400, { code: 'request-validation-error', message: 'currency must be XOF' });
          if (!urlOk(b.success_url) || !urlOk(b.error_url))
            return json(400, { code: 'request-validation-error', message: 'success_url and error_url must be https URLs' });
          const now = new Date();
          const s: Session = {
            id: rid('cos-'),
            amount: b.amount,
            currency: 'XOF',
            client_reference: typeof b.client_reference === 'string' ? b.client_reference : null,
            success_url: b.success_url,
            error_url: b.error_url,
            restrict_payer_mobile: typeof b.restrict_payer_mobile === 'string' ? b.restrict_payer_mobile : null,
            checkout_status: 'open',
            payment_status: 'processing',
            transaction_id: null,
            last_payment_error: null,
            wave_launch_url: '',
            when_created: now.toISOString(),
            when_expires: new Date(now.getTime() + SESSION_MINUTES * 60_000).toISOString(),
            when_completed: null,
          };
          s.wave_launch_url = `${base}/pay/${s.id}`;
          sessions.set(s.id, s);
          if (typeof key === 'string') byIdempotencyKey.set(key, s.id);
          return json(200, s);
        },
      ],
      [
        'GET',
        '/v1/checkout/sessions/:id',
        (req): Res => {
          if (!authorised(req)) return unauthorised;
          const s = session(req);
          if (!s) return json(404, { code: 'not-found', message: 'Checkout session not found' });
          expireIfDue(s);
          return json(200, s);
        },
      ],
      [
        'POST',
        '/v1/checkout/sessions/:id/expire',
        (req): Res => {
          if (!authorised(req)) return unauthorised;
          const s = session(req);
          if (!s) return json(404, { code: 'not-found', message: 'Checkout session not found' });
          if (s.payment_status === 'succeeded' || s.checkout_status !== 'open')
            return json(409, { code: 'checkout-session-not-open', message: 'Checkout session is not open' });
          s.checkout_status = 'expired';
          return json(200, s);
        },
      ],
      // The payer's page (wave_launch_url).
      [
        'GET',
        '/pay/:id',
        (req): Res =>
          session(req)
            ? { status: 200, html: payerPage(session(req)!) }
            : { status: 404, html: page('Wave', '#1dc8f2', '<main><p>Session inconnue.</p></main>') },
      ],
      [
        'POST',
        '/pay/:id/pay',
        async (req): Promise<Res> => {
          const s = session(req);
          if (!s) return { status: 404, html: page('Wave', '#1dc8f2', '<main><p>Session inconnue.</p></main>') };
          const done = pay(s, {});
          // The payer comes back to the merchant once Wave has told it (as Wave does: the webhook
          // may also come later; the merchant's page waits for the confirmation either way).
          if (done) await done.sent;
          return { status: 303, redirect: s.payment_status === 'succeeded' ? s.success_url : s.error_url };
        },
      ],
      [
        'POST',
        '/pay/:id/refuse',
        async (req): Promise<Res> => {
          const s = session(req);
          if (!s) return { status: 404, html: page('Wave', '#1dc8f2', '<main><p>Session inconnue.</p></main>') };
          const done = refuse(s, {});
          if (done) await done.sent;
          return { status: 303, redirect: s.error_url };
        },
      ],
      // ── test controls ──
      ['POST', '/__sandbox/sessions/:id/pay', (req) => controlled(req, pay)],
      ['POST', '/__sandbox/sessions/:id/refuse', (req) => controlled(req, refuse)],
      [
        'POST',
        '/__sandbox/events/:id/replay',
        async (req): Promise<Res> => {
          const ev = events.get(req.params.id);
          if (!ev) return json(404, { message: 'unknown event' });
          const b = req.json() ?? {};
          await dispatch(ev, parseDelivery(b), b.resign === true);
          return json(200, { id: ev.id, deliveries: ev.deliveries });
        },
      ],
      ['GET', '/__sandbox/sessions/:id', (req): Res => (session(req) ? json(200, session(req)) : json(404, { message: 'unknown session' }))],
      // The checkout sessions opened for a payer's number (restrict_payer_mobile), oldest first.
      [
        'GET',
        '/__sandbox/sessions',
        (req): Res =>
          json(
            200,
            [...sessions.values()].filter((s) => s.restrict_payer_mobile === req.query.get('mobile')),
          ),
      ],
      [
        'GET',
        '/__sandbox/events',
        (req): Res =>
          json(
            200,
            [...events.values()]
              .filter((e) => !req.query.get('session') || e.sessionId === req.query.get('session'))
              .map(({ body: _b, signature: _s, ...e }) => e),
          ),
      ],
    ],
    port,
  );
  base = url;

  return {
    url,
    setWebhookUrl: (u: string) => {
      webhookUrl = u;
    },
    close: async () => {
      for (const t of pendingTimers) clearTimeout(t);
      await stop(server);
    },
  };
}
