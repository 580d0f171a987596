// A local twin of Orange Money Sénégal (Sonatel), the subset Ganaar calls, written on its own from
// what integration projects agree on (design/payments.md):
// - POST /oauth/token (client credentials) → a bearer token valid 5 minutes;
// - POST /api/eWallet/v1/payments/onestep with the payer's one-time code (OTP);
// - GET /api/eWallet/v1/transactions/:id/status;
// - POST /api/notification/v1/merchantcallback registers the merchant's callback URL, to which each
//   payment's result is POSTed.
// OTP rules: the payer gets a 6-digit code by "dialling #144#391#" — here the page /ussd (or
// /__sandbox/otp for tests) — valid 5 minutes, for one payment, for that number only; a wrong,
// used or expired code is refused (400). For tests, /__sandbox/subscribers/:msisdn sets how that
// number's next payments end (SUCCESS at once, PENDING then settled by /__sandbox/transactions/
// :id/settle, FAILED) and how their callback goes (drop, delay, corrupt, unsigned, n times).
import { randomBytes, randomInt } from 'node:crypto';
import { escapeHtml, json, page, parseDelivery, post, serve, stop, type Delivery, type DeliveryRecord, type Req, type Res, type Sandbox } from './http';

export interface OrangeMoneySecrets {
  clientId: string;
  clientSecret: string;
  merchantCode: string;
  callbackKey: string;
}

interface Transaction {
  transactionId: string;
  reference: string;
  msisdn: string;
  amount: number;
  status: 'SUCCESS' | 'PENDING' | 'FAILED';
  createdAt: string;
  callbacks: DeliveryRecord[];
}

interface Subscriber {
  result: 'SUCCESS' | 'PENDING' | 'FAILED';
  callback: Delivery;
}

const OTP_MINUTES = 5;
const TOKEN_SECONDS = 300;

export async function startOrangeMoneySandbox(secrets: OrangeMoneySecrets, port = 0): Promise<Sandbox> {
  const tokens = new Map<string, number>();
  const otps = new Map<string, { code: string; until: number }>();
  const transactions = new Map<string, Transaction>();
  const subscribers = new Map<string, Subscriber>();
  const timers = new Set<NodeJS.Timeout>();
  let callbackUrl: string | null = null;

  const bearer = (req: Req) => {
    const m = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''));
    const until = m ? tokens.get(m[1]) : undefined;
    return until !== undefined && until > Date.now();
  };
  const unauthorised = json(401, { status: 401, code: '401', title: 'Unauthorized', detail: 'Invalid or expired access token' });

  function issueOtp(msisdn: string): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    otps.set(msisdn, { code, until: Date.now() + OTP_MINUTES * 60_000 });
    return code;
  }

  async function callbackOnce(t: Transaction, d: Delivery) {
    if (!callbackUrl) {
      t.callbacks.push({ at: new Date().toISOString(), mode: d.mode ?? 'deliver', status: null, error: 'no callback registered' });
      return;
    }
    const body = {
      amount: { value: t.amount, unit: 'XOF' },
      partner: { idType: 'CODE', id: secrets.merchantCode },
      customer: { idType: 'MSISDN', id: t.msisdn },
      reference: d.mode === 'corrupt' ? `${t.reference}-X` : t.reference,
      type: 'MERCHANT_PAYMENT',
      transactionId: t.transactionId,
      status: t.status,
      createdAt: t.createdAt,
    };
    // "unsigned": the URL without our key, as a forger who does not know it would call.
    const target = d.mode === 'unsigned' ? callbackUrl.replace(/([?&])cle=[^&]*/, '$1cle=') : callbackUrl;
    const r = await post(target, {}, JSON.stringify(body));
    t.callbacks.push({ at: new Date().toISOString(), mode: d.mode ?? 'deliver', status: r.status, ...(r.error ? { error: r.error } : {}) });
  }

  function callback(t: Transaction, d: Delivery) {
    if (d.mode === 'drop') {
      t.callbacks.push({ at: new Date().toISOString(), mode: 'drop', status: null });
      return;
    }
    const send = () => Promise.all(Array.from({ length: d.times ?? 1 }, () => callbackOnce(t, d)));
    const timer = setTimeout(() => {
      timers.delete(timer);
      void send();
    }, d.delayMs ?? 0);
    timers.add(timer);
  }

  const subscriber = (msisdn: string): Subscriber => subscribers.get(msisdn) ?? { result: 'SUCCESS', callback: {} };

  const ussdPage = (msisdn: string, code?: string) =>
    page(
      'Orange Money — #144#391#',
      '#ff7900',
      `<header>Orange Money<small>Bac à sable local de Ganaar — aucun argent réel</small></header>
<main><div class="card">
<p class="muted">Simulation du code <strong>#144#391#</strong> : obtenez votre code de paiement.</p>
<form method="get" action="/ussd"><label for="msisdn">Numéro (221…)</label>
<input id="msisdn" name="msisdn" inputmode="tel" value="${escapeHtml(msisdn)}" placeholder="221771234567">
<button class="btn pay" type="submit">Obtenir le code</button></form>
${code ? `<p class="muted">Votre code, valable ${OTP_MINUTES} minutes :</p><p class="code" data-testid="om-otp">${code}</p>` : ''}
</div></main>`,
    );

  const { url, server } = await serve(
    [
      [
        'POST',
        '/oauth/token',
        (req): Res => {
          const f = req.form();
          if (f.get('grant_type') !== 'client_credentials' || f.get('client_id') !== secrets.clientId || f.get('client_secret') !== secrets.clientSecret) {
            return json(401, { error: 'invalid_client' });
          }
          const token = randomBytes(24).toString('base64url');
          tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
          return json(200, { access_token: token, token_type: 'Bearer', expires_in: TOKEN_SECONDS });
        },
      ],
      [
        'POST',
        '/api/eWallet/v1/payments/onestep',
        (req): Res => {
          if (!bearer(req)) return unauthorised;
          const b = req.json();
          const msisdn = b?.customer?.id;
          if (!b || b.customer?.idType !== 'MSISDN' || typeof msisdn !== 'string' || !/^221\d{9}$/.test(msisdn))
            return json(400, { status: 400, code: '2000', detail: 'Invalid customer' });
          if (b.partner?.idType !== 'CODE' || b.partner?.id !== secrets.merchantCode)
            return json(400, { status: 400, code: '2001', detail: 'Invalid partner' });
          if (b.amount?.unit !== 'XOF' || !Number.isInteger(b.amount?.value) || b.amount.value <= 0)
            return json(400, { status: 400, code: '2002', detail: 'Invalid amount' });
          if (typeof b.reference !== 'string' || !b.reference) return json(400, { status: 400, code: '2003', detail: 'Invalid reference' });
          const otp = otps.get(msisdn);
          if (!otp || otp.until <= Date.now() || otp.code !== String(b.customer.otp ?? '')) {
            return json(400, { status: 400, code: '2020', detail: 'Code OTP invalide ou expiré' });
          }
          otps.delete(msisdn); // one payment per code
          const sub = subscriber(msisdn);
          if (sub.result === 'FAILED') return json(400, { status: 400, code: '2030', detail: 'Solde insuffisant' });
          const t: Transaction = {
            transactionId: `MP${new Date().toISOString().slice(2, 10).replace(/-/g, '')}.${randomBytes(4).toString('hex').toUpperCase()}`,
            reference: b.reference,
            msisdn,
            amount: b.amount.value,
            status: sub.result,
            createdAt: new Date().toISOString(),
            callbacks: [],
          };
          transactions.set(t.transactionId, t);
          if (t.status === 'SUCCESS') callback(t, sub.callback);
          return json(200, {
            transactionId: t.transactionId,
            status: t.status,
            description: t.status === 'SUCCESS' ? 'Paiement effectué' : 'Paiement en cours',
            requestId: randomBytes(8).toString('hex'),
          });
        },
      ],
      [
        'GET',
        '/api/eWallet/v1/transactions/:id/status',
        (req): Res => {
          if (!bearer(req)) return unauthorised;
          const t = transactions.get(req.params.id);
          return t ? json(200, { transactionId: t.transactionId, status: t.status }) : json(404, { status: 404, detail: 'Transaction not found' });
        },
      ],
      [
        'POST',
        '/api/notification/v1/merchantcallback',
        (req): Res => {
          if (!bearer(req)) return unauthorised;
          const b = req.json();
          if (!b || b.code !== secrets.merchantCode || typeof b.callbackUrl !== 'string' || !/^https?:\/\//.test(b.callbackUrl))
            return json(400, { status: 400, detail: 'Invalid callback registration' });
          callbackUrl = b.callbackUrl;
          return json(200, { apiKey: b.apiKey, code: b.code, name: b.name, callbackUrl });
        },
      ],
      // "Dial #144#391#": the payer's code for one number.
      [
        'GET',
        '/ussd',
        (req): Res => {
          const msisdn = (req.query.get('msisdn') ?? '').replace(/\D/g, '');
          const full = /^\d{9}$/.test(msisdn) ? `221${msisdn}` : msisdn;
          return { status: 200, html: ussdPage(full, /^221\d{9}$/.test(full) ? issueOtp(full) : undefined) };
        },
      ],
      // ── test controls ──
      [
        'POST',
        '/__sandbox/otp',
        (req): Res => {
          const msisdn = String(req.json()?.msisdn ?? '');
          if (!/^221\d{9}$/.test(msisdn)) return json(400, { message: 'msisdn 221XXXXXXXXX expected' });
          return json(200, { msisdn, otp: issueOtp(msisdn) });
        },
      ],
      [
        'POST',
        '/__sandbox/subscribers/:msisdn',
        (req): Res => {
          const b = req.json() ?? {};
          const result = ['SUCCESS', 'PENDING', 'FAILED'].includes(b.result) ? b.result : 'SUCCESS';
          subscribers.set(req.params.msisdn, { result, callback: parseDelivery(b.callback) });
          return json(200, { msisdn: req.params.msisdn, ...subscribers.get(req.params.msisdn) });
        },
      ],
      [
        'POST',
        '/__sandbox/transactions/:id/settle',
        (req): Res => {
          const t = transactions.get(req.params.id);
          if (!t) return json(404, { message: 'unknown transaction' });
          const b = req.json() ?? {};
          if (t.status !== 'PENDING') return json(409, { message: `transaction is ${t.status}` });
          t.status = b.status === 'FAILED' ? 'FAILED' : 'SUCCESS';
          callback(t, parseDelivery(b.callback));
          return json(200, t);
        },
      ],
      [
        'GET',
        '/__sandbox/transactions',
        (req): Res =>
          json(
            200,
            [...transactions.values()].filter((t) => t.reference === req.query.get('reference')),
          ),
      ],
      [
        'GET',
        '/__sandbox/transactions/:id',
        (req): Res => (transactions.get(req.params.id) ? json(200, transactions.get(req.params.id)) : json(404, { message: 'unknown transaction' })),
      ],
    ],
    port,
  );

  return {
    url,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      await stop(server);
    },
  };
}
