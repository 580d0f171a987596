// The providers' webhooks (public raw rows): only an authentic, fresh notification of one of our
// payments reaches the flow; everything else is refused (401/400/404, never 5xx) and changes nothing;
// the same event delivered 10 times extends the subscription once.
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newBusiness, tenantSnapshot, type Account } from '../helpers/api';
import { flowWaits, paymentSecrets, postFrom, sandbox, snNumber, startWave, subscriptionOf, waitFinal, waveSignature } from './payment-fixtures';

const WAVE = '/api/paiement/webhook/wave';
const OM = '/api/paiement/webhook/orange-money';

function waveEvent(reference: string, sessionId: string, type = 'checkout.session.completed', id = `AE_test_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    id,
    type,
    data: { id: sessionId, client_reference: reference, amount: '10000', currency: 'XOF', checkout_status: 'complete', payment_status: 'succeeded' },
  });
}

const sendWave = (body: string, headers: Record<string, string>) => call('POST', WAVE, undefined, { raw: body, headers });

let acc: Account;
beforeAll(async () => {
  acc = await newBusiness();
});

describe('Wave: authenticity', () => {
  it('refuses a missing, malformed, wrong, stale or future signature, a corrupted body, and writes nothing', async () => {
    const w = await startWave(acc.token);
    await flowWaits(acc.tenantId, w.id);
    const p = (await call('GET', `/api/paiement/${w.id}`, undefined, { token: acc.token })).body;
    const body = waveEvent(p.reference, w.sessionId);
    const now = Math.floor(Date.now() / 1000);
    const other = 'x'.repeat(40);
    const cases: [string, string, Record<string, string>, number, string][] = [
      ['no header', body, {}, 401, 'Signature invalide.'],
      ['garbage header', body, { 'wave-signature': 'nonsense' }, 401, 'Signature invalide.'],
      ['no v1', body, { 'wave-signature': `t=${now}` }, 401, 'Signature invalide.'],
      ['non-hex v1', body, { 'wave-signature': `t=${now},v1=zzzz` }, 401, 'Signature invalide.'],
      [
        'signed with another secret',
        body,
        { 'wave-signature': `t=${now},v1=${createHmac('sha256', other).update(`${now}${body}`).digest('hex')}` },
        401,
        'Signature invalide.',
      ],
      ['signature of another body', body, { 'wave-signature': waveSignature(body.replace('10000', '1')) }, 401, 'Signature invalide.'],
      ['corrupted body after signing', body.replace('10000', '90000'), { 'wave-signature': waveSignature(body) }, 401, 'Signature invalide.'],
      ['"." separator (Stripe style)', body, { 'wave-signature': waveSignature(`.${body}`) }, 401, 'Signature invalide.'],
      ['stale: 6 minutes old', body, { 'wave-signature': waveSignature(body, now - 360) }, 401, 'Signature expirée.'],
      ['from the future: +6 minutes', body, { 'wave-signature': waveSignature(body, now + 360) }, 401, 'Signature expirée.'],
    ];
    const before = await tenantSnapshot(acc.tenantId);
    for (const [label, raw, headers, status, message] of cases) {
      const r = await sendWave(raw, headers);
      expect(r.status, label).toBe(status);
      expect(r.body, label).toEqual({ code: status, message });
    }
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
    expect((await call('GET', `/api/paiement/${w.id}`, undefined, { token: acc.token })).body.status).toBe('PENDING');
  });

  it('accepts a signature 4 minutes old, and a header carrying a second (rotated) v1', async () => {
    const b = await newBusiness();
    const w = await startWave(b.token);
    const p = (await call('GET', `/api/paiement/${w.id}`, undefined, { token: b.token })).body;
    // The session must really be paid: the flow re-reads it before granting.
    await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, { webhook: { mode: 'drop' } });
    const body = waveEvent(p.reference, w.sessionId);
    const t = Math.floor(Date.now() / 1000) - 240;
    const r = await sendWave(body, { 'wave-signature': `t=${t},v1=${'ab'.repeat(32)},${waveSignature(body, t).split(',')[1]}` });
    expect(r.status).toBe(200);
    expect((await waitFinal(b.token, w.id)).status).toBe('SUCCESS');
  });

  it('refuses malformed bodies: signed non-JSON or non-event → 400; unsigned → 401; never 5xx', async () => {
    for (const raw of ['{"oops":', '[1,2,3]', '"text"', 'null', '{}', '{"id":1,"type":"x","data":{}}', '']) {
      const signed = await sendWave(raw, { 'wave-signature': waveSignature(raw) });
      expect(signed.status, `signed ${raw}`).toBe(400);
      expect(signed.body).toEqual({ code: 400, message: 'Notification invalide.' });
      const unsigned = await sendWave(raw, {});
      expect(unsigned.status, `unsigned ${raw}`).toBe(401);
    }
  });

  it('an authentic event about an unknown payment (or another provider’s, or a mismatched session) → 404, nothing written', async () => {
    const w = await startWave(acc.token);
    await flowWaits(acc.tenantId, w.id);
    const p = (await call('GET', `/api/paiement/${w.id}`, undefined, { token: acc.token })).body;
    const before = await tenantSnapshot(acc.tenantId);
    for (const [reference, session] of [
      ['GNR-999999-1', w.sessionId],
      [`GNR-${acc.tenantId}-999999`, w.sessionId],
      ['not-ours', w.sessionId],
      [p.reference, 'cos-someone-else'],
    ]) {
      const body = waveEvent(reference, session);
      const r = await sendWave(body, { 'wave-signature': waveSignature(body) });
      expect(r.status, reference).toBe(404);
      expect(r.body.message).toBe('Paiement introuvable.');
    }
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
  });

  it('a sandbox-corrupted, stale or unsigned delivery is refused and the payment is not granted by it', async () => {
    const b = await newBusiness();
    for (const mode of ['corrupt', 'stale', 'unsigned']) {
      const w = await startWave(b.token, { code_plan: 'db1' });
      const r = await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/refuse`, { webhook: { mode } });
      expect(r.body.event.deliveries[0].status, mode).toBe(401);
    }
  });
});

describe('Wave: replays and redeliveries', () => {
  it('the same signed event delivered 10 times (same bytes, at once) → one extension', async () => {
    const b = await newBusiness();
    const w = await startWave(b.token, { code_plan: 'db1', nb_mois: 1 });
    const before = await subscriptionOf(b.tenantId);
    const paid = await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, { webhook: { mode: 'deliver', times: 10 } });
    expect(paid.body.event.deliveries.map((d: any) => d.status)).toEqual(Array(10).fill(200));
    const p = await waitFinal(b.token, w.id);
    expect(p.status).toBe('SUCCESS');
    // Later replays of the same bytes (still inside the 5-minute window) and fresh re-signed ones.
    const again = await sandbox('wave', 'POST', `/__sandbox/events/${paid.body.event.id}/replay`, { times: 10 });
    expect(again.body.deliveries.slice(-10).map((d: any) => d.status)).toEqual(Array(10).fill(200));
    await sandbox('wave', 'POST', `/__sandbox/events/${paid.body.event.id}/replay`, { times: 10, resign: true });
    await new Promise((r) => setTimeout(r, 500));
    const after = await subscriptionOf(b.tenantId);
    // Démarrage trial + 1 month of Démarrage: exactly one month after the trial's end.
    const { addMonths } = await import('../../functions/paiements/period');
    expect(after.validUntil).toBe(addMonths(new Date(before.validUntil), 1).toISOString());
    const history = (await call('GET', '/api/paiement', undefined, { token: b.token })).body.paiements;
    expect(history.filter((x: any) => x.status === 'SUCCESS')).toHaveLength(1);
  });
});

describe('Orange Money callback', () => {
  it('refuses a callback without our key or with a wrong one (401), a malformed one (400), an unknown payment (404)', async () => {
    const key = paymentSecrets().orangeMoney.callbackKey;
    const payload = JSON.stringify({ reference: 'GNR-1-1', transactionId: 'MP1', status: 'SUCCESS' });
    const before = await tenantSnapshot(acc.tenantId);
    expect((await call('POST', OM, undefined, { raw: payload })).status).toBe(401);
    expect((await call('POST', `${OM}?cle=`, undefined, { raw: payload })).status).toBe(401);
    expect((await call('POST', `${OM}?cle=${key}x`, undefined, { raw: payload })).status).toBe(401);
    for (const raw of ['{"oops":', '[1]', 'null', '{}', '{"reference":1,"transactionId":"x"}']) {
      const r = await call('POST', `${OM}?cle=${encodeURIComponent(key)}`, undefined, { raw });
      expect(r.status, raw).toBe(400);
      expect(r.body.message).toBe('Notification invalide.');
    }
    const unknown = await call('POST', `${OM}?cle=${encodeURIComponent(key)}`, undefined, {
      raw: JSON.stringify({ reference: `GNR-${acc.tenantId}-424242`, transactionId: 'MP1', status: 'SUCCESS' }),
    });
    expect(unknown.status).toBe(404);
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
  });

  it('a forged SUCCESS callback with the key grants nothing: the status API says otherwise', async () => {
    const b = await newBusiness();
    const numero = snNumber();
    await sandbox('om', 'POST', `/__sandbox/subscribers/221${numero}`, { result: 'PENDING', callback: { mode: 'drop' } });
    const otp = (await sandbox('om', 'POST', '/__sandbox/otp', { msisdn: `221${numero}` })).body.otp;
    const r = await call(
      'POST',
      '/api/initMensualitePaiement',
      { code_plan: 'ent', nb_mois: 1, service_pay: 'orange_money', info_pay: { numero, otp }, pays: 'sn' },
      { token: b.token },
    );
    expect(r.body.status).toBe('PENDING');
    const p = (await call('GET', `/api/paiement/${r.body.id_paiement}`, undefined, { token: b.token })).body;
    const before = await subscriptionOf(b.tenantId);
    const key = encodeURIComponent(paymentSecrets().orangeMoney.callbackKey);
    const wrongTx = await call('POST', `${OM}?cle=${key}`, undefined, {
      raw: JSON.stringify({ reference: p.reference, transactionId: 'MP-forged', status: 'SUCCESS' }),
    });
    expect(wrongTx.status).toBe(404); // not the transaction of that payment
    // The right transaction, claimed SUCCESS while Orange Money still says PENDING: received, not believed.
    const [tx] = (await sandbox('om', 'GET', `/__sandbox/transactions?reference=${p.reference}`)).body;
    const forged = await call('POST', `${OM}?cle=${key}`, undefined, {
      raw: JSON.stringify({ reference: p.reference, transactionId: tx.transactionId, status: 'SUCCESS' }),
    });
    expect(forged.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await subscriptionOf(b.tenantId)).toEqual(before);
    expect((await call('GET', `/api/paiement/${r.body.id_paiement}`, undefined, { token: b.token })).body.status).toBe('PENDING');
    // Orange Money then refuses it: FAILED, and still nothing granted.
    await sandbox('om', 'POST', `/__sandbox/transactions/${tx.transactionId}/settle`, { status: 'FAILED' });
    expect((await waitFinal(b.token, r.body.id_paiement)).status).toBe('FAILED');
    expect(await subscriptionOf(b.tenantId)).toEqual(before);
  });
});

describe('rate limit', () => {
  it('answers 429 past 300 webhook calls a minute from one address (others unaffected)', { timeout: 60_000 }, async () => {
    const body = '{}';
    // The limit counts per fixed minute: start well inside one.
    const second = new Date().getUTCSeconds();
    if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const statuses: number[] = [];
    for (let i = 0; i < 300; i += 25) {
      statuses.push(...(await Promise.all(Array.from({ length: 25 }, () => postFrom('127.0.0.2', WAVE, body)))));
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect(await postFrom('127.0.0.2', WAVE, body)).toBe(429);
    expect(await postFrom('127.0.0.3', WAVE, body)).toBe(401);
  });
});
