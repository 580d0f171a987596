// Demo payments for `npm start`: the demo business pays a month of Professionnel by Wave (through
// the Wave sandbox, as a payer would) and tries Orange Money once with a wrong code, so the plan
// page shows a history and the dashboard's per-service table has figures. Everything goes through
// the public API, the sandboxes and the payment flow.
import type { DemoSession } from './session';

async function sandboxPay(sessionId: string): Promise<void> {
  const r = await fetch(`${process.env.WAVE_API_URL}/__sandbox/sessions/${encodeURIComponent(sessionId)}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (r.status !== 200) throw new Error(`demo seed: Wave sandbox answered ${r.status}`);
}

export async function seedPayments(s: DemoSession): Promise<void> {
  const wave = await s.call<{ id_paiement: number; payment_link: string }>('POST', '/api/initMensualitePaiement', {
    code_plan: 'pro',
    nb_mois: 1,
    service_pay: 'wave',
    info_pay: { numero: '771234567', otp: '0000' },
    pays: 'sn',
    currency: 'XOF',
  });
  await sandboxPay(wave.payment_link.split('/pay/')[1]);
  // The flow grants it a moment later.
  for (let i = 0; i < 100; i++) {
    const p = await s.call<{ status: string }>('GET', `/api/paiement/${wave.id_paiement}`);
    if (p.status !== 'PENDING') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // A wrong Orange Money code: refused (400), recorded as a failed payment.
  const r = await fetch(`${s.baseUrl}/api/initMensualitePaiement`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      code_plan: 'pro',
      nb_mois: 1,
      service_pay: 'orange_money',
      info_pay: { numero: '771234567', otp: '123456' },
      pays: 'sn',
      currency: 'XOF',
    }),
  });
  if (r.status !== 400) throw new Error(`demo seed: the wrong Orange Money code answered ${r.status}`);
}
