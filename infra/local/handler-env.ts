// The handlers read their configuration from the environment, exactly as in Lambda: the local
// stack writes it there before the first handler is loaded.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resetLogSinkForTests, setLogFile } from '../../functions/lib/log';
import { setAwsCallLog } from '../../functions/lib/aws-calls';

/**
 * A signing secret kept in DATA_DIR: the tokens' (`jwt-secret`), so that sessions survive a restart
 * of `npm start`, and the shared links' (`share-secret`), so that links sent on WhatsApp do too.
 */
function persistentSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface HandlerEnv {
  tableName: string;
  dynamoEndpoint: string;
  s3: { endpoint: string; bucket: string };
  /** Where the JWT secret is kept, or null for a fresh one (tests). */
  persistentDir: string | null;
  outboxDir: string;
  originSecret: string;
  log?: boolean;
  logFile?: string;
  awsCallLog?: string;
}

export function setHandlerEnv(env: HandlerEnv): void {
  Object.assign(process.env, {
    TABLE_NAME: env.tableName,
    AWS_REGION: process.env.AWS_REGION || 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    DYNAMODB_ENDPOINT: env.dynamoEndpoint,
    S3_ENDPOINT: env.s3.endpoint,
    IMAGES_BUCKET: env.s3.bucket,
    JWT_SECRET: env.persistentDir ? persistentSecret(env.persistentDir) : randomBytes(48).toString('base64url'),
    SHARE_SECRET: env.persistentDir ? persistentSecret(env.persistentDir, 'share-secret') : randomBytes(48).toString('base64url'),
    MAIL_OUTBOX_DIR: env.outboxDir,
    INSECURE_COOKIES: '1',
    // Locally nothing stands in front of the server: only a caller holding this (tests) can say
    // which client address it acts for, as CloudFront does in AWS.
    ORIGIN_SECRET: env.originSecret,
    METRICS_NAMESPACE: 'Ganaar/local',
    ...(env.log ? { LOG_REQUESTS: '1' } : {}),
  });
  resetLogSinkForTests();
  if (env.logFile) setLogFile(env.logFile);
  if (env.awsCallLog) setAwsCallLog(env.awsCallLog);
}
