// `npm run push:vapid -- <VapidSecretArn> <mailto:contact>`: fills the Web Push VAPID secret once,
// after the first deploy (docs/notifications.md « The VAPID keys »). The keys are generated here, on
// the operator's machine, and go straight into Secrets Manager: never in the template, never in a
// Lambda's answer. A secret that already holds keys is left alone (a new key ends every browser
// subscription) unless `--rotate` is given. Uses your AWS credentials and AWS_REGION.
import webpush from 'web-push';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main() {
  const args = process.argv.slice(2);
  const rotate = args.includes('--rotate');
  const [arn, subject] = args.filter((a) => a !== '--rotate');
  if (!arn || !subject || !/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    console.error('Usage : npm run push:vapid -- <VapidSecretArn> <mailto:contact@exemple.sn> [--rotate]');
    process.exit(2);
  }
  const client = new SecretsManagerClient({});
  const current = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  const held = JSON.parse(current.SecretString ?? '{}') as { publicKey?: string };
  if (held.publicKey && !rotate) {
    console.log(
      `Le secret contient déjà des clés (clé publique ${held.publicKey.slice(0, 12)}…) : rien n'est changé. --rotate pour en créer de nouvelles (chaque téléphone devra réactiver les notifications).`,
    );
    return;
  }
  const keys = webpush.generateVAPIDKeys();
  await client.send(new PutSecretValueCommand({ SecretId: arn, SecretString: JSON.stringify({ ...keys, subject }) }));
  console.log(`Clés VAPID enregistrées (clé publique ${keys.publicKey.slice(0, 12)}…). Les fonctions les liront à leur prochain démarrage à froid.`);
}

main().catch((err) => {
  console.error('push:vapid a échoué :', err);
  process.exit(1);
});
