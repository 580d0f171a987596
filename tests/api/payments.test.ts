// api/initMensualitePaiement end to end over the local stack and the provider sandboxes: the server
// prices, validates per country, and each provider's answer becomes the spec's result (§4):
// SUCCESS (granted), PENDING (Wave: go to the link), 400 'Échec de votre paiement, veuillez réessayer'.
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../functions/paiements/period';
import { PAIEMENT_MSG } from '@shared/messages/paiements';
import { get, lastMailTo, newBusiness, post, rightlessUser, tenantSnapshot, type Account } from '../helpers/api';
import { daysFromNow, flowWaits, initOm, omOtp, paymentOf, sandbox, setSubscription, snNumber, startWave, subscriptionOf, waitFinal } from './payment-fixtures';

const FAILED = 'Échec de votre paiement, veuillez réessayer';

let acc: Account;

beforeAll(async () => {
  acc = await newBusiness();
});

describe('validation (nothing written, French message)', () => {
  const base = { code_plan: 'pro', nb_mois: 1, service_pay: 'wave', info_pay: { numero: '771234567', otp: '0000' }, pays: 'sn', currency: 'XOF' };
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['0 months', { nb_mois: 0 }, /au moins 1/],
    ['13 months', { nb_mois: 13 }, /Au plus 12 mois/],
    ['1.5 months', { nb_mois: 1.5 }, /entier/],
    ['unknown plan', { code_plan: 'gold' }, /Plan inconnu/],
    ['no service', { service_pay: undefined }, /service de paiement/],
    [
      'Orange Money in Côte d’Ivoire',
      { pays: 'ci', service_pay: 'orange_money', info_pay: { numero: '0712345678', otp: '1234' } },
      /pas proposé en Côte d'Ivoire/,
    ],
    ['Senegal landline', { info_pay: { numero: '338211234' } }, /Numéro mobile du Sénégal invalide/],
    ['Senegal number of 8 digits', { info_pay: { numero: '77123456' } }, /Numéro mobile du Sénégal invalide/],
    ['Ivorian number for Senegal', { info_pay: { numero: '0712345678' } }, /Sénégal/],
    ['Senegalese number for Côte d’Ivoire', { pays: 'ci', info_pay: { numero: '771234567' } }, /Côte d'Ivoire invalide/],
    ['Orange Money without its code', { service_pay: 'orange_money', info_pay: { numero: '771234567' } }, /Code Orange Money requis/],
    ['Orange Money code of letters', { service_pay: 'orange_money', info_pay: { numero: '771234567', otp: 'abcd' } }, /Code Orange Money requis/],
    ['another currency', { currency: 'EUR' }, /XOF/],
    ['info_pay not JSON', { info_pay: 'numero=77' }, /numéro et code/],
  ];
  it.each(cases)('%s → 400', async (_label, patch, message) => {
    const before = await tenantSnapshot(acc.tenantId);
    const r = await post('/api/initMensualitePaiement', { ...base, ...patch }, acc.token, { droit: 'utav:r' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
  });

  it('accepts the numbers as people type them (+221, spaces, info_pay as JSON text)', async () => {
    const r = await post('/api/initMensualitePaiement', { ...base, info_pay: JSON.stringify({ numero: '+221 76 123 45 67', otp: '0000' }) }, acc.token, {
      droit: 'utav:r',
    });
    expect(r.status).toBe(200);
    expect((await paymentOf(acc.token, r.body.id_paiement)).numero).toBe('761234567');
  });

  it('answers 403 to a user without the utav right', async () => {
    const staff = await rightlessUser(acc, 41, { clav: 'r' });
    const r = await post('/api/initMensualitePaiement', base, staff.token, { droit: 'utav:r' });
    expect(r.status).toBe(403);
  });
});

describe('Wave', () => {
  it('prices on the server (a client amount is ignored) and answers PENDING with the payer link', async () => {
    const b = await newBusiness();
    const r = await post(
      '/api/initMensualitePaiement',
      {
        code_plan: 'ent',
        nb_mois: 3,
        service_pay: 'wave',
        info_pay: { numero: snNumber(), otp: '0000' },
        pays: 'sn',
        currency: 'XOF',
        montant: 1,
        total: 1,
        amount: 1,
      },
      b.token,
      { droit: 'utav:r' },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, status: 'PENDING', message: 'Paiement initialisé veuillez valider' });
    expect(r.body.payment_link).toMatch(/\/pay\/cos-/);
    const p = await paymentOf(b.token, r.body.id_paiement);
    expect(p).toMatchObject({ montant: 60_000, code_plan: 'ent', nb_mois: 3, service: 'wave', status: 'PENDING' });
    const session = await sandbox('wave', 'GET', `/__sandbox/sessions/${r.body.payment_link.split('/pay/')[1]}`);
    expect(session.body).toMatchObject({ amount: '60000', currency: 'XOF', client_reference: p.reference, checkout_status: 'open' });
  });

  it('paid → the subscription is extended by the months bought, the receipt is mailed, the history says Réussi', async () => {
    const b = await newBusiness();
    // A paid Professionnel subscription ending in 10 days: the months go after its end.
    const end = daysFromNow(10);
    await setSubscription(b.tenantId, { plan: 'pro', validUntil: end });
    const w = await startWave(b.token, { code_plan: 'pro', nb_mois: 2 });
    const paid = await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, {});
    expect(paid.body.event.deliveries[0].status).toBe(200);
    const p = await waitFinal(b.token, w.id);
    expect(p.status).toBe('SUCCESS');
    const sub = await subscriptionOf(b.tenantId);
    expect(sub).toMatchObject({ plan: 'pro', trial: false, origine: 'paiement', validUntil: addMonths(new Date(end), 2).toISOString() });
    expect(p).toMatchObject({ periode_debut: end, periode_fin: sub.validUntil, recu: expect.stringMatching(/^RECU-/) });
    const check = await get('/api/checkplan', b.token);
    expect(check.body).toMatchObject({ code: 200, plan: 'pro', validUntil: sub.validUntil, trial: false });
    // The receipt (outbox locally) once the flow's last step ran.
    let mail = null;
    for (let i = 0; i < 50 && !mail; i++) {
      mail = lastMailTo(b.email);
      if (!mail || !mail.subject.includes('reçu')) mail = null;
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    expect(mail!.subject).toBe(`Ganaar : reçu de paiement ${p.recu}`);
    expect(mail!.text).toContain('Montant : 20 000 FCFA');
    expect(mail!.text).toContain('Plan : Professionnel');
    expect(mail!.text).toContain(`Référence : ${p.reference}`);
  });

  it('an expired business pays: the months run from today, the new plan applies at once', async () => {
    const b = await newBusiness();
    await setSubscription(b.tenantId, { plan: 'db1', validUntil: daysFromNow(-3), trial: true });
    expect((await get('/api/checkplan', b.token)).status).toBe(424);
    const before = Date.now();
    const w = await startWave(b.token, { code_plan: 'ent', nb_mois: 1 });
    await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, {});
    expect((await waitFinal(b.token, w.id)).status).toBe('SUCCESS');
    const sub = await subscriptionOf(b.tenantId);
    const until = new Date(sub.validUntil).getTime();
    expect(until).toBeGreaterThanOrEqual(addMonths(new Date(before), 1).getTime());
    expect(until).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
    expect((await get('/api/checkplan', b.token)).body.plan).toBe('ent');
  });

  it('works in Côte d’Ivoire with an Ivorian mobile number', async () => {
    const b = await newBusiness();
    const w = await startWave(b.token, { pays: 'ci', numero: '07 12 34 56 78' });
    const session = await sandbox('wave', 'GET', `/__sandbox/sessions/${w.sessionId}`);
    expect(session.body.restrict_payer_mobile).toBe('+2250712345678');
  });
});

describe('Orange Money Sénégal', () => {
  it('the right one-time code → SUCCESS at once, subscription granted before the answer', async () => {
    const b = await newBusiness();
    const numero = snNumber();
    const r = await initOm(b.token, numero, await omOtp(numero), { code_plan: 'pro', nb_mois: 1 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, status: 'SUCCESS', message: 'Paiement réussi' });
    expect((await subscriptionOf(b.tenantId)).plan).toBe('pro');
    expect((await paymentOf(b.token, r.body.id_paiement)).status).toBe('SUCCESS');
  });

  it('a wrong code → 400 saying the code is wrong; the payment is FAILED in the history; nothing granted', async () => {
    const b = await newBusiness();
    const numero = snNumber();
    await omOtp(numero);
    const before = await subscriptionOf(b.tenantId);
    const r = await initOm(b.token, numero, '000000');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, message: PAIEMENT_MSG.otpRefused });
    expect(await subscriptionOf(b.tenantId)).toEqual(before);
    const list = await get('/api/paiement', b.token);
    expect(list.body.paiements[0]).toMatchObject({ status: 'FAILED', motif_echec: expect.stringContaining('OTP') });
  });

  it('a code is good for one payment only', async () => {
    const b = await newBusiness();
    const numero = snNumber();
    const otp = await omOtp(numero);
    expect((await initOm(b.token, numero, otp)).status).toBe(200);
    expect((await initOm(b.token, numero, otp)).status).toBe(400);
  });

  it('insufficient funds → 400, FAILED', async () => {
    const b = await newBusiness();
    const numero = snNumber();
    await sandbox('om', 'POST', `/__sandbox/subscribers/221${numero}`, { result: 'FAILED' });
    const r = await initOm(b.token, numero, await omOtp(numero));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(FAILED);
  });
});

describe('history and the dashboard table', () => {
  it('lists the business’s own payments with their status; another business’s payment id answers 404', async () => {
    const b = await newBusiness();
    const other = await newBusiness();
    const w = await startWave(b.token);
    const list = await get('/api/paiement', b.token);
    expect(list.status).toBe(200);
    expect(list.body.abonnement).toMatchObject({ code_plan: 'db1', essai: true, valide: true, suspendu: false });
    expect(list.body.paiements.map((p: any) => p.id)).toContain(w.id);
    expect((await get(`/api/paiement/${w.id}`, other.token)).status).toBe(404);
    expect((await get('/api/paiement', other.token)).body.paiements).toEqual([]);
    expect((await get('/api/paiement/abc', b.token)).status).toBe(400);
  });

  it('counts per service: nombre, reussite, pending, failed, volume (successful FCFA only), within the dates', async () => {
    const b = await newBusiness();
    const n1 = snNumber();
    await initOm(b.token, n1, await omOtp(n1), { code_plan: 'db1', nb_mois: 2 }); // 10,000 paid
    await initOm(b.token, n1, '999999'); // failed
    await startWave(b.token, { code_plan: 'pro', nb_mois: 1 }); // pending
    const today = new Date().toISOString().slice(0, 10);
    const r = await get(`/api/paiement/transactions?debut=${today}&fin=${today}`, b.token);
    expect(r.status).toBe(200);
    expect(r.body.services).toEqual([
      { service: 'Orange Money', code_service: 'orange_money', nombre: 2, reussite: 1, pending: 0, failed: 1, volume: 10_000 },
      { service: 'Wave', code_service: 'wave', nombre: 1, reussite: 0, pending: 1, failed: 0, volume: 0 },
    ]);
    expect(r.body.transactions).toHaveLength(3);
    expect(r.body.transactions[0]).toMatchObject({
      code_service: expect.any(String),
      etat: expect.stringMatching(/SUCCESS|PENDING|FAILED/),
      montant: expect.any(Number),
    });
    // fixed date: a month before any payment, whatever today is
    expect((await get('/api/paiement/transactions?debut=2000-01-01&fin=2000-01-31', b.token)).body.services).toEqual([]);
    expect((await get('/api/paiement/transactions?debut=hier', b.token)).status).toBe(400);
    // fixed date: an end long before today: a reversed range whatever today is
    expect((await get(`/api/paiement/transactions?debut=${today}&fin=2000-01-01`, b.token)).status).toBe(400);
  });
});

// A second start with the provider and number of a payment still awaiting the payer would put a
// second request on the phone, which the payer may approve as well (decision 0212).
describe('one payment at a time per number', () => {
  // The held payment's amount (the pro plan, one month), whatever the second start asks for.
  const HELD =
    /^Un paiement de 10 000 FCFA attend déjà votre validation sur le \+221 (\d\d \d\d\d \d\d \d\d) \(Wave\) : validez-le sur votre téléphone, ou réessayez dans [1-5] min\.$/;

  it('a second start with the same provider and number while the first awaits the payer → 409, nothing written, no second request to the provider', async () => {
    const b = await newBusiness();
    const numero = snNumber();
    const first = await startWave(b.token, { numero });
    // The flow stores its wait's task token on the payment; from then on nothing writes to the
    // business until the payer acts, and the snapshot can tell what a refused start wrote.
    await flowWaits(b.tenantId, first.id);
    const before = await tenantSnapshot(b.tenantId);
    const opened = async () => (await sandbox('wave', 'GET', `/__sandbox/sessions?mobile=${encodeURIComponent(`+221${numero}`)}`)).body as { id: string }[];
    expect((await opened()).map((s) => s.id)).toEqual([first.sessionId]);
    for (const nb_mois of [1, 3]) {
      const again = await post(
        '/api/initMensualitePaiement',
        { code_plan: 'pro', nb_mois, service_pay: 'wave', info_pay: { numero: `+221 ${numero}`, otp: '0000' }, pays: 'sn', currency: 'XOF' },
        b.token,
        { droit: 'utav:r' },
      );
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(HELD);
      expect(again.body.message).toContain(numero.replace(/^(\d\d)(\d\d\d)(\d\d)(\d\d)$/, '$1 $2 $3 $4'));
    }
    expect(await tenantSnapshot(b.tenantId)).toBe(before);
    expect((await opened()).map((s) => s.id)).toEqual([first.sessionId]);
    // The first one is untouched and still payable.
    expect((await paymentOf(b.token, first.id)).status).toBe('PENDING');
  });

  it('another number or another provider is not held; a settled payment holds nothing', async () => {
    const b = await newBusiness();
    const numero = snNumber();
    const first = await startWave(b.token, { numero });
    await startWave(b.token);
    const otp = await omOtp(numero);
    const om = await initOm(b.token, numero, otp);
    expect(om.status).toBe(200);
    expect(om.body.status).toBe('SUCCESS');
    // Orange Money settled at once: the same number and provider start again straight away.
    const om2 = await initOm(b.token, numero, await omOtp(numero));
    expect(om2.status).toBe(200);
    // A refused code settles the payment as FAILED: the payer retries at once with a new code.
    const wrong = await initOm(b.token, numero, '000000');
    expect(wrong.status).toBe(400);
    const retried = await initOm(b.token, numero, await omOtp(numero));
    expect(retried.status).toBe(200);
    expect((await paymentOf(b.token, first.id)).status).toBe('PENDING');
  });

  it('five starts at once with the same number: one payment, four 409', async () => {
    const b = await newBusiness();
    const numero = snNumber();
    const body = { code_plan: 'pro', nb_mois: 1, service_pay: 'wave', info_pay: { numero, otp: '0000' }, pays: 'sn', currency: 'XOF' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/initMensualitePaiement', body, b.token, { droit: 'utav:r' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toMatch(HELD);
    const history = (await get('/api/paiement', b.token, { droit: 'utav:r' })).body.paiements;
    expect(history).toHaveLength(1);
    expect(history[0].status).toBe('PENDING');
  });
});
