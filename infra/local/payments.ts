// The payment loop on a laptop, started by the local stack (`npm start` and the tests): the Wave
// and Orange Money sandboxes, the providers' credentials under DATA_DIR (shared by the sandboxes
// and the product, as Secrets Manager would hold them), and local Step Functions running the
// payment flow's definition with the flow's Task function in-process. The product is configured
// through the same variables as in AWS; only the URLs differ.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { paymentFlowDefinition } from '@shared/paiement-flow';
import { startLocalStepFunctions, type LocalStepFunctions } from './stepfunctions';
import { startOrangeMoneySandbox } from './sandboxes/orange-money';
import { startWaveSandbox, type WaveSandbox } from './sandboxes/wave';
import type { Sandbox } from './sandboxes/http';

/** The flow Lambda as the local definition names it. */
export const LOCAL_FLOW_FUNCTION = 'arn:aws:lambda:eu-west-1:000000000000:function:ganaar-local-payments-flow';
export const PAYMENT_STATE_MACHINE = 'ganaar-local-payments';

interface Secrets {
  wave: { apiKey: string; webhookSecret: string };
  orangeMoney: { clientId: string; clientSecret: string; merchantCode: string; callbackKey: string };
}

const token = () => randomBytes(24).toString('base64url');

function loadOrCreateSecrets(file: string): Secrets {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const secrets: Secrets = {
    wave: { apiKey: `wave_sn_test_${token()}`, webhookSecret: `wave_sn_whs_${token()}` },
    orangeMoney: { clientId: `om-${token()}`, clientSecret: token(), merchantCode: '585858', callbackKey: token() },
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export interface LocalPayments {
  waveUrl: string;
  orangeMoneyUrl: string;
  sfnEndpoint: string;
  /** Once the app listens: its public URL goes to the sandboxes (webhook targets). */
  attach(appUrl: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Timings of the flow (shared/paiement-flow.ts). `npm start`: a person has minutes to validate on
 * the Wave page; tests: seconds, so "no webhook → status polling" and expiry finish in a test.
 */
function setTimings(testing: boolean) {
  const t = testing
    ? { PAYMENT_HEARTBEAT_SECONDS: '2', PAYMENT_CALLBACK_SECONDS: '4', PAYMENT_POLL_SECONDS: '1', PAYMENT_MAX_POLLS: '20' }
    : { PAYMENT_HEARTBEAT_SECONDS: '300', PAYMENT_CALLBACK_SECONDS: '900', PAYMENT_POLL_SECONDS: '20', PAYMENT_MAX_POLLS: '30' };
  for (const [k, v] of Object.entries(t)) process.env[k] ??= v;
}

export async function startLocalPayments(opts: { dataDir: string; testing: boolean }): Promise<LocalPayments> {
  const dir = join(opts.dataDir, 'payments');
  mkdirSync(dir, { recursive: true });
  const secretsFile = join(dir, 'secrets.json');
  const secrets = loadOrCreateSecrets(secretsFile);
  const started: { close(): Promise<void> }[] = [];
  let watch: NodeJS.Timeout | undefined;
  try {
    const wave: WaveSandbox = await startWaveSandbox(secrets.wave, Number(process.env.WAVE_SANDBOX_PORT ?? 0));
    started.push(wave);
    const om: Sandbox = await startOrangeMoneySandbox(secrets.orangeMoney, Number(process.env.ORANGE_MONEY_SANDBOX_PORT ?? 0));
    started.push(om);
    // The flow's Task states run the product's own flow Lambda entry (its log lines and correlation
    // id included), loaded at the first task, once the stack has set the environment.
    const sfn: LocalStepFunctions = await startLocalStepFunctions([
      {
        name: PAYMENT_STATE_MACHINE,
        definition: paymentFlowDefinition(LOCAL_FLOW_FUNCTION),
        functions: { [LOCAL_FLOW_FUNCTION]: async (payload) => (await import('../../functions/paiements/flow-handler')).handler(payload) },
      },
    ]);
    started.push(sfn);
    setTimings(opts.testing);
    Object.assign(process.env, {
      PAYMENT_STATE_MACHINE_ARN: sfn.arnOf(PAYMENT_STATE_MACHINE),
      SFN_ENDPOINT: sfn.endpoint,
      WAVE_API_URL: wave.url,
      ORANGE_MONEY_API_URL: om.url,
      PAYMENT_SECRETS_FILE: secretsFile,
    });
    return {
      waveUrl: wave.url,
      orangeMoneyUrl: om.url,
      sfnEndpoint: sfn.endpoint,
      async attach(appUrl: string) {
        process.env.PUBLIC_URL ??= appUrl;
        wave.setWebhookUrl(`${appUrl}/api/paiement/webhook/wave`);
        // Registered through the product's own adapter, as an operator does once per environment.
        const { OrangeMoneyProvider } = await import('../../functions/paiements/providers/orange-money');
        await new OrangeMoneyProvider(om.url, 5000).registerCallback(appUrl, secrets);
        // The stuck-payment watch, as the EventBridge schedule runs it in AWS (every 15 minutes
        // there; here every PAYMENT_WATCH_SECONDS, a few seconds under test).
        const every = Number(process.env.PAYMENT_WATCH_SECONDS ?? (opts.testing ? 5 : 300)) * 1000;
        watch = setInterval(() => {
          void import('../../functions/paiements/flow-handler')
            .then((m) => m.handler({ action: m.WATCH_ACTION } as never))
            .catch((err) => console.error('stuck-payment watch failed', err));
        }, every);
        watch.unref();
      },
      async close() {
        clearInterval(watch);
        for (const s of started.reverse()) await s.close();
      },
    };
  } catch (err) {
    for (const s of started.reverse()) await s.close();
    throw err;
  }
}
