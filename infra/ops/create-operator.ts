// `npm run operator:create -- <email> [--password <password>]`: creates the SaaS operator's account
// (role super_admin), the only way one exists (sign-up never makes one). Prints the password when
// it generated it. Where it writes:
// - AWS: TABLE_NAME (the stack's TableName output) with your AWS credentials and AWS_REGION;
// - local: the `npm start` data under DATA_DIR (default .data) — through the running stack's
//   DynamoDB Local when `npm start` runs, else by starting DynamoDB Local on those files itself.
// DYNAMODB_ENDPOINT + TABLE_NAME point it at any other DynamoDB Local (the tests do).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_TABLE_NAME } from '@shared/table';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function usage(message: string): never {
  console.error(`${message}\nUsage : npm run operator:create -- <email> [--password <mot de passe>]`);
  process.exit(2);
}

function parseArgs(argv: string[]) {
  let email: string | undefined;
  let password: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--password') password = argv[++i];
    else if (!email) email = argv[i];
    else usage(`Argument inattendu : ${argv[i]}`);
  }
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) usage('Adresse e-mail manquante ou invalide.');
  if (password !== undefined && password.length < 8) usage('Le mot de passe doit faire au moins 8 caractères.');
  return { email, password };
}

function runningLocalStack(dataDir: string): { dynamoEndpoint: string; tableName: string } | null {
  const file = join(dataDir, 'local-stack.json');
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; dynamoEndpoint: string; tableName: string };
    process.kill(info.pid, 0); // throws when that `npm start` is gone
    return info;
  } catch {
    return null;
  }
}

async function main() {
  const { email, password: given } = parseArgs(process.argv.slice(2));
  const password = given ?? randomBytes(12).toString('base64url');
  let stopLocal: (() => Promise<void>) | undefined;

  if (!process.env.TABLE_NAME) {
    const dataDir = resolve(process.env.DATA_DIR ?? '.data');
    const running = runningLocalStack(dataDir);
    if (running) {
      process.env.DYNAMODB_ENDPOINT = running.dynamoEndpoint;
      process.env.TABLE_NAME = running.tableName;
    } else {
      const { startDynamoLocal } = await import('../local/dynamo');
      const { ensureTable } = await import('../local/table');
      const dynamo = await startDynamoLocal({ dataDir: join(dataDir, 'dynamodb') });
      await ensureTable(dynamo.endpoint, DEFAULT_TABLE_NAME);
      process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
      process.env.TABLE_NAME = DEFAULT_TABLE_NAME;
      stopLocal = dynamo.stop;
    }
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  }
  // functions/lib/config.ts checks the whole Lambda configuration; this command signs no token and
  // sends no mail, so those two settings get inert values when absent.
  process.env.JWT_SECRET ??= randomBytes(32).toString('hex');
  process.env.MAIL_OUTBOX_DIR ??= join(process.env.DATA_DIR ?? '.data', 'outbox');

  try {
    const { createOperator } = await import('../../functions/operateur/accounts');
    const created = await createOperator(email, password);
    if (!created) {
      console.error(`Un compte existe déjà pour ${email}.`);
      process.exitCode = 1;
      return;
    }
    console.log(`Compte opérateur créé : ${email}`);
    if (!given) console.log(`Mot de passe : ${password}  (changez-le depuis Profil après la première connexion)`);
  } finally {
    await stopLocal?.();
  }
}

main().catch((err) => {
  console.error("Le compte opérateur n'a pas pu être créé :", (err as Error).message);
  process.exit(1);
});
