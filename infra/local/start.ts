// `npm start`: the whole product on one origin, with a demo business ready to log in.
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startStack, type Stack } from './server';
import { LocalStackError } from './dynamo';
import { seedDemo, DEMO_LOGIN } from './seed';
import { DEMO_STAFF } from './seeders/staff';

// Everything the local stack writes under DATA_DIR (database, images, mails holding recovery
// codes, the JWT secret) is readable by its owner only.
process.umask(0o077);

/** Addresses reachable from this machine only. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

let stack: Stack | undefined;
let stackFile: string | undefined;
let stopping = false;

/** Stops the server and its DynamoDB Local, once; a second signal while stopping exits at once. */
async function stop(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  const force = setTimeout(() => process.exit(code), 10_000);
  force.unref();
  try {
    if (stackFile) rmSync(stackFile, { force: true });
    await stack?.close();
  } finally {
    process.exit(code);
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
// A defect that escapes every handler still takes DynamoDB Local down with the server (and if
// even this cannot run, the watchdog of infra/local/dynamo.ts stops it when the process is gone).
process.on('uncaughtException', (err) => {
  console.error('Ganaar s’est arrêté sur une erreur inattendue :', err);
  void stop(1);
});
process.on('unhandledRejection', (err) => {
  console.error('Ganaar s’est arrêté sur une erreur inattendue :', err);
  void stop(1);
});

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new LocalStackError(`PORT invalide : ${process.env.PORT}`);
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  // Wave sends the payer back here: the address the banner below tells people to open.
  process.env.PUBLIC_URL ??= `http://localhost:${port}`;
  const host = process.env.HOST || '127.0.0.1';
  stack = await startStack({
    port,
    // Loopback unless asked: the demo accounts' passwords are published (README), so another
    // machine of the network must not reach them by default.
    host,
    dataDir,
    log: process.env.LOG_REQUESTS === '1',
    onFatal: (message) => {
      console.error(`Ganaar s'arrête : ${message}`);
      void stop(1);
    },
  });
  // Lets `npm run operator:create` write through this stack's DynamoDB Local while it runs.
  stackFile = join(stack.dataDir, 'local-stack.json');
  writeFileSync(
    stackFile,
    JSON.stringify({
      pid: process.pid,
      dynamoEndpoint: stack.dynamoEndpoint,
      dynamoPid: stack.dynamoPid(),
      tableName: stack.tableName,
      url: stack.url,
      pushUrl: stack.pushUrl,
    }),
  );
  const seeded = process.env.SEED_DEMO === '0' ? 'skipped' : await seedDemo(stack.url);
  const url = `http://localhost:${stack.port}`;
  console.log('');
  console.log(`  Ganaar est prêt : ${url}`);
  if (!LOOPBACK_HOSTS.has(host))
    console.log(`  Attention : HOST=${host}, Ganaar est joignable depuis le réseau, avec les mots de passe de démonstration publiés.`);
  if (process.env.SEED_DEMO !== '0') {
    console.log(
      seeded === 'password-changed'
        ? `  Compte de démonstration : ${DEMO_LOGIN.email} (son mot de passe a été changé : utilisez le vôtre)`
        : `  Compte de démonstration : ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}${seeded === 'created' ? ' (créé maintenant)' : ''}`,
    );
    console.log(`  Vendeur (Vente seule, Boutique Keur Massar) : ${DEMO_STAFF.vendeur.email} / ${DEMO_STAFF.vendeur.password}`);
    console.log(`  Production (Accueil, Bandes, Abattage) : ${DEMO_STAFF.production.email} / ${DEMO_STAFF.production.password}`);
  }
  console.log(`  Données : ${stack.dataDir}  ·  e-mails : ${stack.outboxDir}`);
  console.log(`  Paiements (bacs à sable) : Wave ${process.env.WAVE_API_URL}  ·  Orange Money, code #144#391# : ${process.env.ORANGE_MONEY_API_URL}/ussd`);
  console.log(`  Notifications (service de push local) : ${stack.pushUrl}/__push/deliveries  ·  résumé du matin maintenant : npm run notifications:matin`);
  console.log('  Compte opérateur : npm run operator:create -- <email>');
  console.log('  Ctrl+C pour arrêter.');
  console.log('');
}

main().catch(async (err) => {
  if (err instanceof LocalStackError) {
    console.error(`Ganaar n'a pas pu démarrer : ${err.message}`);
  } else {
    console.error("Ganaar n'a pas pu démarrer :", err);
  }
  await stop(1);
});
