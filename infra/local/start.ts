// `npm start`: the whole product on one origin, with a demo business ready to log in.
import { resolve } from 'node:path';
import { startStack } from './server';
import { LocalStackError } from './dynamo';
import { seedDemo, DEMO_LOGIN } from './seed';

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new LocalStackError(`PORT invalide : ${process.env.PORT}`);
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const stack = await startStack({ port, host: process.env.HOST ?? '0.0.0.0', dataDir, log: process.env.LOG_REQUESTS === '1' });
  const seeded = await seedDemo(stack.url);
  const url = `http://localhost:${stack.port}`;
  console.log('');
  console.log(`  Ganaar est prêt : ${url}`);
  console.log(`  Compte de démonstration : ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}${seeded ? ' (créé maintenant)' : ''}`);
  console.log(`  Données : ${stack.dataDir}  ·  e-mails : ${stack.outboxDir}`);
  console.log('  Ctrl+C pour arrêter.');
  console.log('');
  const stop = async () => {
    await stack.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  if (err instanceof LocalStackError) {
    console.error(`Ganaar n'a pas pu démarrer : ${err.message}`);
  } else {
    console.error("Ganaar n'a pas pu démarrer :", err);
  }
  process.exit(1);
});
