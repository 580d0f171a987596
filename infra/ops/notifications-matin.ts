// `npm run notifications:matin`: runs the morning summary now against the running
// `npm start` stack, as its 06:00 UTC schedule does in AWS: every subscribed business, through the
// stack's DynamoDB Local, with its VAPID keys (DATA_DIR/push/vapid.json), to its push-service
// stand-in, which records and prints each delivery (in the `npm start` terminal). Prints the job's
// count of what it did. It needs `npm start` running (the stand-in lives in that process).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

interface RunningStack {
  pid: number;
  dynamoEndpoint: string;
  tableName: string;
  pushUrl?: string;
}

async function main() {
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const file = join(dataDir, 'local-stack.json');
  let info: RunningStack | null = null;
  try {
    if (existsSync(file)) {
      info = JSON.parse(readFileSync(file, 'utf8')) as RunningStack;
      process.kill(info.pid, 0); // throws when that `npm start` is gone
    }
  } catch {
    info = null;
  }
  const vapidFile = join(dataDir, 'push', 'vapid.json');
  if (!info?.pushUrl || !existsSync(vapidFile)) {
    console.error(`Ganaar ne tourne pas (aucun « npm start » trouvé pour ${dataDir}) : lancez d'abord npm start, puis cette commande dans un autre terminal.`);
    process.exit(1);
  }
  Object.assign(process.env, {
    TABLE_NAME: info.tableName,
    DYNAMODB_ENDPOINT: info.dynamoEndpoint,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    VAPID_KEYS: readFileSync(vapidFile, 'utf8'),
    PUSH_LOCAL_ORIGIN: info.pushUrl,
    // functions/lib/config.ts checks the whole Lambda configuration; this job signs no token and
    // sends no mail, so those two settings get inert values.
    JWT_SECRET: randomBytes(32).toString('hex'),
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
  });
  const { handler } = await import('../../functions/notifications/jobs');
  const b = await handler({});
  console.log(
    `Résumé du matin : ${b.entreprises} entreprise(s) abonnée(s), ${b.suspendues} suspendue(s), ${b.utilisateurs} utilisateur(s) notifié(s), ` +
      `${b.envoyes} notification(s) envoyée(s), ${b.retires} abonnement(s) expiré(s) retiré(s), ${b.erreurs} erreur(s).`,
  );
  console.log(`Ce que les téléphones auraient reçu : ${info.pushUrl}/__push/deliveries`);
}

main().catch((err) => {
  console.error('Le résumé du matin a échoué :', err);
  process.exit(1);
});
