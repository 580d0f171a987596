// Payments in `npm run bench`, on the embedded stack and its sandboxes (same process, so the
// DynamoDB request counter sees the handlers and the flow's tasks):
//   1. a Wave payment from the payer's "Payer" (signed webhook) to the subscription extended and
//      the receipt mailed: wall time of the flow, DynamoDB requests and items written;
//   2. an Orange Money payment: api/initMensualitePaiement until its SUCCESS answer (granted);
//   3. the activation alone: its transaction's items.
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { ddbCallCount, ddbCallsByCommand, ddbItemWrites } from '../../functions/lib/ddb';

// 12 + 12 + 1 payments stay under the 30 payments an hour a business may start.
const RUNS = 12;
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs: number[]) => Math.max(...xs);

type Call = (method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => Promise<any>;

export interface PaymentBench {
  rows: [string, string, string, string][];
}

function perRun(mix: Record<string, number>): string {
  return Object.entries(mix)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k.replace(/Command$/, '')} ${(n / RUNS).toFixed(1)}`)
    .join(', ');
}

export async function benchPayments(call: Call, token: string, tenantId: number): Promise<PaymentBench> {
  const sfn = new SFNClient({ endpoint: process.env.SFN_ENDPOINT, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const machine = process.env.PAYMENT_STATE_MACHINE_ARN!;
  const execution = (id: number) => machine.replace(':stateMachine:', ':execution:') + `:pay-${tenantId}-${id}`;
  const done = async (id: number) => {
    for (;;) {
      const d = await sfn.send(new DescribeExecutionCommand({ executionArn: execution(id) }));
      if (d.status !== 'RUNNING') return d;
      await new Promise((r) => setTimeout(r, 2));
    }
  };

  // ── 1. Wave: from "Payer" to granted and mailed ──
  const waveMs: number[] = [];
  let waveCalls = 0;
  let waveWrites = 0;
  const mix: Record<string, number> = {};
  for (let i = 0; i < RUNS; i++) {
    const init = await call('POST', '/api/initMensualitePaiement', token, {
      code_plan: 'db1',
      nb_mois: 1,
      service_pay: 'wave',
      info_pay: { numero: '771234567', otp: '0000' },
      pays: 'sn',
    });
    const session = init.payment_link.split('/pay/')[1];
    // Let the flow reach its wait (it stores its task token) before the payer pays.
    await new Promise((r) => setTimeout(r, 50));
    const c0 = ddbCallCount();
    const w0 = ddbItemWrites();
    const m0 = ddbCallsByCommand();
    const t = performance.now();
    await fetch(`${process.env.WAVE_API_URL}/__sandbox/sessions/${session}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const d = await done(init.id_paiement);
    waveMs.push(performance.now() - t);
    if (d.status !== 'SUCCEEDED') throw new Error(`payment flow ${d.status}`);
    waveCalls += ddbCallCount() - c0;
    waveWrites += ddbItemWrites() - w0;
    for (const [k, n] of Object.entries(ddbCallsByCommand())) mix[k] = (mix[k] ?? 0) + n - (m0[k] ?? 0);
  }

  // ── 2. Orange Money: one request until SUCCESS (granted) ──
  const omMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const msisdn = '221771234599';
    const otp = (
      await (
        await fetch(`${process.env.ORANGE_MONEY_API_URL}/__sandbox/otp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ msisdn }),
        })
      ).json()
    ).otp;
    const t = performance.now();
    const r = await call('POST', '/api/initMensualitePaiement', token, {
      code_plan: 'db1',
      nb_mois: 1,
      service_pay: 'orange_money',
      info_pay: { numero: '771234599', otp },
      pays: 'sn',
    });
    omMs.push(performance.now() - t);
    if (r.status !== 'SUCCESS') throw new Error(`Orange Money answered ${r.status}`);
  }

  // ── 3. the activation transaction alone ──
  const { activatePayment } = await import('../../functions/paiements/repository');
  const init = await call('POST', '/api/initMensualitePaiement', token, {
    code_plan: 'db1',
    nb_mois: 1,
    service_pay: 'wave',
    info_pay: { numero: '771234567', otp: '0000' },
    pays: 'sn',
  });
  const c0 = ddbCallCount();
  const w0 = ddbItemWrites();
  const a0 = ddbCallsByCommand();
  await activatePayment(tenantId, init.id_paiement);
  const activationCalls = ddbCallCount() - c0;
  const activationItems = ddbItemWrites() - w0;
  const a1 = ddbCallsByCommand();
  const activationMix = Object.keys(a1)
    .map((k) => [k.replace(/Command$/, ''), (a1[k] ?? 0) - (a0[k] ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  sfn.destroy();

  return {
    rows: [
      [
        `Wave: "Payer" → granted + receipt mailed (${RUNS} payments)`,
        (waveCalls / RUNS).toFixed(1),
        `${p50(waveMs).toFixed(1)} (max ${max(waveMs).toFixed(0)})`,
        `${(waveWrites / RUNS).toFixed(1)} items written: ${perRun(mix)}`,
      ],
      [
        'Orange Money: api/initMensualitePaiement → SUCCESS (granted)',
        '',
        `${p50(omMs).toFixed(1)} (max ${max(omMs).toFixed(0)})`,
        'provider call + flow + activation inside the request',
      ],
      ['activation alone (activatePayment)', String(activationCalls), '', `${activationItems} items in one transaction: ${activationMix}`],
    ],
  };
}
