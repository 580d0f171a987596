// The providers' credentials: one JSON document, from Secrets Manager in AWS (PAYMENT_SECRETS_ARN,
// fetched once per container) and from a file under DATA_DIR locally (PAYMENT_SECRETS_FILE, written
// by the local stack for its sandboxes). Checked on first use: a missing key fails loudly by name.
import { readFile } from 'node:fs/promises';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from '@shared/schemas/common';
import { config } from '../lib/config';
import { instrumentClient, recordAwsCall } from '../lib/aws-calls';
import { SDK_LOGGER } from '../lib/sdk-logger';
import { paymentsConfig } from './config';

const secret = z.string().check(z.minLength(8));

export const paymentSecretsSchema = z.object({
  wave: z.object({
    /** Bearer key of the business wallet (Checkout API). */
    apiKey: secret,
    /** Signs the webhooks (Wave-Signature). */
    webhookSecret: secret,
  }),
  orangeMoney: z.object({
    clientId: secret,
    clientSecret: secret,
    /** Our merchant code (partner id of one-step payments). */
    merchantCode: z.string().check(z.minLength(1)),
    /** Given to Orange Money with the callback URL; required in that URL (docs/decisions.md). */
    callbackKey: secret,
  }),
});
export type PaymentSecrets = z.infer<typeof paymentSecretsSchema>;

let loading: Promise<PaymentSecrets> | undefined;
let sm: SecretsManagerClient | undefined;

async function load(): Promise<PaymentSecrets> {
  const cfg = paymentsConfig();
  let text: string | undefined;
  if (cfg.secretsFile) {
    text = await readFile(cfg.secretsFile, 'utf8');
  } else {
    sm ??= instrumentClient(new SecretsManagerClient({ region: config().region, logger: SDK_LOGGER }), 'secretsmanager');
    const out = await sm.send(new GetSecretValueCommand({ SecretId: cfg.secretsArn }));
    text = out.SecretString;
  }
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw new Error('Payment secrets: the secret is not JSON (docs/deploy.md shows its shape)');
  }
  const parsed = paymentSecretsSchema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Payment secrets: missing or invalid ${where} (docs/deploy.md shows the shape)`);
  }
  return parsed.data;
}

export function paymentSecrets(): Promise<PaymentSecrets> {
  // Locally a file stands in for Secrets Manager (read once per process for every function): the
  // IAM contract still sees, per function, the read each makes in AWS.
  if (paymentsConfig().secretsFile) recordAwsCall({ service: 'secretsmanager', action: 'GetSecretValue', resource: 'env:PAYMENT_SECRETS_ARN' });
  loading ??= load();
  // A failed fetch (throttling, a secret not set yet) is not kept: the next call tries again.
  loading.catch(() => (loading = undefined));
  return loading;
}
