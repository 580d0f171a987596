// Secrets Manager values, fetched once per container (cold start) and cached; a failed fetch is
// not cached, so the next request tries again.
// The client is imported statically, not with `import()`: esbuild wraps a dynamically imported
// package (and every SDK module it reaches) in lazy initialisers and keeps all its ~20 commands,
// 25 KB per bundle; a static import keeps the client and one command (15 KB less) and V8 parses
// the shared SDK code once instead of twice. In AWS every container reads its secrets at its first
// request anyway (decision 0398).
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config';
import { instrumentClient } from './aws-calls';
import { SDK_LOGGER } from './sdk-logger';

const cache = new Map<string, { value: Promise<string>; at: number }>();
let client: SecretsManagerClient | undefined;

/** The secret string stored under `arn`; throws when it is missing or shorter than `minLength`. */
export function secretString(arn: string, minLength = 32): Promise<string> {
  let entry = cache.get(arn);
  if (!entry) {
    const value = (async () => {
      // The client is built on the first secret of a container (none locally: JWT_SECRET is given).
      client ??= instrumentClient(new SecretsManagerClient({ region: config().region, logger: SDK_LOGGER }), 'secretsmanager');
      const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
      if (!out.SecretString || out.SecretString.length < minLength) throw new Error(`Secret ${arn} is missing or too short`);
      return out.SecretString;
    })();
    entry = { value, at: Date.now() };
    cache.set(arn, entry);
    value.catch(() => cache.delete(arn));
  }
  return entry.value;
}

/**
 * Forgets the cached value when it is older than `minAgeMs`, so the next read fetches it again (a
 * rotated secret is picked up without a redeploy). Returns whether it was forgotten.
 */
export function expireSecret(arn: string, minAgeMs: number): boolean {
  const entry = cache.get(arn);
  if (!entry || Date.now() - entry.at < minAgeMs) return false;
  cache.delete(arn);
  return true;
}
