// `npm run payments:om-callback`: registers Ganaar's callback URL with Orange Money (once per
// environment, and again after changing the callback key). Reads the providers' secret from
// Secrets Manager (PAYMENT_SECRETS_ARN: the stack's PaymentSecretArn output) and calls Orange Money
// at ORANGE_MONEY_API_URL (default the production API) for PUBLIC_URL (the stack's Url output).
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { OrangeMoneyProvider } from '../../functions/paiements/providers/orange-money';
import { paymentSecretsSchema } from '../../functions/paiements/secrets';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main() {
  const { PAYMENT_SECRETS_ARN: arn, PUBLIC_URL: publicUrl } = process.env;
  const api = process.env.ORANGE_MONEY_API_URL || 'https://api.orange-sonatel.com';
  if (!arn || !publicUrl || !/^https:\/\//.test(publicUrl)) {
    console.error('Usage : PAYMENT_SECRETS_ARN=<PaymentSecretArn> PUBLIC_URL=https://<Url> [ORANGE_MONEY_API_URL=…] npm run payments:om-callback');
    process.exit(2);
  }
  const out = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  const secrets = paymentSecretsSchema.parse(JSON.parse(out.SecretString ?? '{}'));
  await new OrangeMoneyProvider(api.replace(/\/+$/, ''), 10_000).registerCallback(publicUrl.replace(/\/+$/, ''), secrets);
  console.log(`Callback Orange Money enregistré : ${publicUrl.replace(/\/+$/, '')}/api/paiement/webhook/orange-money?cle=…`);
}

main().catch((err) => {
  console.error("Le callback Orange Money n'a pas pu être enregistré :", (err as Error).message);
  process.exit(1);
});
