// Structured logs without secrets (issue 19), through the real stack: a sign-up, logins (one
// refused), a password recovery with its mailed code, a password change, a Wave payment with its
// signed webhook (and a forged one), an Orange Money payment with its one-time code, a storefront
// order with a phone number, a user created with a phone. Then every line the handlers wrote
// during the run — every test file's, all running together on the shared stack — is read back:
// each is JSON, none holds a secret, an unmasked phone or e-mail (tests/helpers/log-leaks.ts).
// The same lines show the request lines, the correlation id carried from the payment's API call
// into its flow's tasks, and the metrics. And the detector is shown to catch each kind of leak.
import { readFileSync } from 'node:fs';
import { createHmac, randomBytes } from 'node:crypto';
import { inject, describe, expect, it } from 'vitest';
import { call, get, lastMailTo, post, sha256, signupPayload, testIp, viaCloudFront } from '../helpers/api';
import { findLeaks } from '../helpers/log-leaks';
import { initOm, omOtp, paymentSecrets, sandbox, snNumber, startWave, waitFinal, waveSignature } from './payment-fixtures';

const secrets: Record<string, string[]> = { password: [], token: [], code: [], otp: [], webhook: [] };
const lines = () => readFileSync(inject('logFile'), 'utf8').split('\n').filter(Boolean);
const parsed = () => lines().map((l) => JSON.parse(l) as Record<string, any>);

describe('log lines', () => {
  it('hold no secret and no unmasked phone or e-mail after a journey through every sensitive route', async () => {
    const correlationId = `logtest-${randomBytes(6).toString('hex')}`;
    // Sign-up and logins.
    const pass = sha256(`p-${randomBytes(4).toString('hex')}`);
    const signup = signupPayload({ password: pass, telephone: '771234567' });
    secrets.password.push(pass);
    expect((await post('/api/inscription', signup)).status).toBe(200);
    expect((await post('/api/login', { username: signup.email, password: sha256('wrong') })).status).toBe(401);
    secrets.password.push(sha256('wrong'));
    const login = await post('/api/login', { username: signup.email, password: pass });
    expect(login.status).toBe(200);
    let token: string = login.body.token;
    secrets.token.push(token);
    expect((await get('/api/checkToken', token)).status).toBe(200);

    // Recovery: request, a wrong and the right code, reset.
    expect((await post('/api/initRecoveryPassword', { email: signup.email })).status).toBe(200);
    const code = /(\d{4})/.exec(lastMailTo(signup.email)!.text)![1];
    secrets.code.push(code);
    expect((await post('/api/checkpasswordotp', { email: signup.email, code })).status).toBe(200);
    const reset = sha256(`r-${randomBytes(4).toString('hex')}`);
    secrets.password.push(reset);
    expect((await post('/api/resetPassword', { email: signup.email, code, password: reset })).status).toBe(200);
    token = (await post('/api/login', { username: signup.email, password: reset })).body.token;
    secrets.token.push(token);
    const changed = sha256(`c-${randomBytes(4).toString('hex')}`);
    secrets.password.push(changed);
    expect((await post('/api/updatePassword', { old_password: reset, new_password: changed }, token)).status).toBe(200);

    // A Wave payment confirmed by its signed webhook (the correlation id is ours, to find its lines).
    const s = paymentSecrets();
    secrets.webhook.push(s.wave.webhookSecret, s.wave.apiKey, s.orangeMoney.callbackKey);
    const wave = await startWave(token, { numero: snNumber() });
    await sandbox('wave', 'POST', `/__sandbox/sessions/${wave.sessionId}/pay`, {});
    expect((await waitFinal(token, wave.id)).status).toBe('SUCCESS');
    // A forged webhook: refused, its signature never logged.
    const body = JSON.stringify({ id: `evt_${randomBytes(4).toString('hex')}`, type: 'checkout.session.completed', data: { client_reference: 'GNR-1-1' } });
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${createHmac('sha256', 'not-the-secret').update(body).digest('hex')}`;
    secrets.webhook.push(forged, waveSignature(body));
    expect(
      (await call('POST', '/api/paiement/webhook/wave', undefined, { raw: body, headers: { 'wave-signature': forged, ...viaCloudFront(testIp()) } })).status,
    ).toBe(401);

    // Orange Money with its one-time code, under our correlation id.
    const msisdn = snNumber();
    const otp = await omOtp(msisdn);
    secrets.otp.push(otp);
    const om = await call(
      'POST',
      '/api/initMensualitePaiement',
      { code_plan: 'pro', nb_mois: 1, service_pay: 'orange_money', info_pay: { numero: msisdn, otp }, pays: 'sn', currency: 'XOF' },
      {
        token,
        headers: { droit: 'utav:r', 'x-correlation-id': correlationId },
      },
    );
    expect(om.status, JSON.stringify(om.body)).toBe(200);
    expect((await waitFinal(token, om.body.id_paiement)).status).toBe('SUCCESS');
    void initOm;

    // A user with a phone and an address, a storefront order with a phone.
    expect(
      (
        await post(
          '/api/user/create',
          {
            prenom: 'Fatou',
            nom: 'Sow',
            telephone: '765554433',
            email: `fatou-${randomBytes(4).toString('hex')}@test.ganaar.sn`,
            role: 'production',
            droit: [],
          },
          token,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await call(
          'POST',
          '/api/vitrine/commande',
          { id_entreprise: 999999, id_produit: 1, prenom: 'A', nom: 'B', telephone: '709998877', adresse: 'Dakar', quantite: 1 },
          { headers: viaCloudFront(testIp()) },
        )
      ).status,
    ).toBe(404);

    // Every line so far, from every test file: JSON, and nothing to hide in it.
    const all = lines();
    expect(all.length).toBeGreaterThan(20);
    const leaks = findLeaks(all, secrets);
    expect(leaks.slice(0, 10).map((l) => `${l.what}: ${all[l.line].slice(0, 300)}`)).toEqual([]);

    // One request line per call, with its context; the payment's correlation id reached its flow.
    const mine = parsed().filter((l) => l.correlationId === correlationId);
    const request = mine.find((l) => l.message === 'request');
    expect(request).toMatchObject({ level: 'INFO', service: 'ganaar', domain: 'paiements', routeKey: 'POST /api/initMensualitePaiement', status: 200 });
    expect(typeof request!.durationMs).toBe('number');
    expect(request!.tenantId).toBeGreaterThan(0);
    const tasks = mine.filter((l) => l.message === 'flow task' && l.domain === 'payments-flow').map((l) => l.action);
    expect(tasks).toEqual(expect.arrayContaining(['checkStatus', 'activate']));
    expect(mine.some((l) => l._aws && l.PaymentsStarted === 1 && l.provider === 'orange_money')).toBe(true);
    expect(mine.some((l) => l._aws && l.PaymentsConfirmed === 1 && l.provider === 'orange_money')).toBe(true);
  }, 90_000);

  it('carry the metrics as CloudWatch EMF: sign-ups, refused logins, refused webhooks by reason, errors by domain', () => {
    const emf = parsed().filter((l) => l._aws);
    const has = (name: string, dims: Record<string, string> = {}) =>
      emf.some((l) => l[name] >= 1 && Object.entries(dims).every(([k, v]) => l[k] === v) && l._aws.CloudWatchMetrics[0].Namespace === 'Ganaar/local');
    expect(has('SignUps')).toBe(true);
    expect(has('LoginsRefused')).toBe(true);
    expect(has('WebhooksRefused', { provider: 'wave', reason: 'signature' })).toBe(true);
    expect(has('Responses4xx', { domain: 'acces' })).toBe(true);
    // Low cardinality: no dimension names a business, a user or a request.
    for (const l of emf)
      for (const set of l._aws.CloudWatchMetrics[0].Dimensions as string[][])
        expect(set.every((d) => ['domain', 'provider', 'reason', 'channel'].includes(d))).toBe(true);
  });

  it('the detector catches each kind of secret written to a line (the test above fails when one is logged)', () => {
    const clean = lines().slice(-50);
    expect(findLeaks(clean, secrets)).toEqual([]);
    const logged = (fields: Record<string, unknown>) =>
      findLeaks([...clean, JSON.stringify({ level: 'INFO', message: 'request', ...fields })], secrets).map((l) => l.what);
    expect(logged({ body: { password: secrets.password[0] } })).toContain('secret password');
    expect(logged({ authorization: `Bearer ${secrets.token[0]}` })).toContain('secret token');
    expect(logged({ body: { code: secrets.code[0] } })).toContain('secret code');
    expect(logged({ otp: secrets.otp[0] })).toContain('secret otp');
    expect(logged({ headers: { 'wave-signature': secrets.webhook[3] } })).toContain('secret webhook');
    expect(logged({ telephone: '+221 77 123 45 67' }).some((w) => w.startsWith('unmasked phone'))).toBe(true);
    expect(logged({ email: 'awa.diop@ganaar.sn' }).some((w) => w.startsWith('unmasked e-mail'))).toBe(true);
    expect(logged({ user: { passwordHash: 'scrypt$16384$8$1$c2FsdA==$a2V5' } })).toContain('a password hash');
    expect(findLeaks(['not json'], {})).toEqual([{ line: 0, what: 'not a JSON line' }]);
  });
});
