// Configuration of the shared links' Lambda, read and checked once at its cold start like
// functions/lib/config.ts (and functions/paiements/config.ts): a link is signed with its own secret
// and its address is built on the public origin, so a deployment without either fails at once
// rather than at a first share.
import { config } from '../lib/config';

export interface PartageConfig {
  /** Where users open Ganaar, as an origin (https://<host>): a link is `<publicUrl>/p/<token>`. */
  publicUrl: string;
  /** The CloudFront distribution serving /p/* (AWS): a revoked link's page is invalidated there. Locally none. */
  distributionId?: string;
}

export function readPartageConfig(env: NodeJS.ProcessEnv = process.env): PartageConfig {
  const cfg = config();
  const missing: string[] = [];
  if (!cfg.shareSecret && !cfg.shareSecretArn) missing.push('SHARE_SECRET or SHARE_SECRET_ARN');
  const publicUrl = (env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  if (!publicUrl) missing.push('PUBLIC_URL');
  if (missing.length) throw new Error(`Configuration: missing ${missing.join(', ')}`);
  if (!/^https?:\/\/[^/?#]+$/.test(publicUrl)) throw new Error(`Configuration: PUBLIC_URL must be an origin (https://host), got "${publicUrl}"`);
  return { publicUrl, distributionId: env.DISTRIBUTION_ID || undefined };
}

let cached: PartageConfig | undefined;
export function partageConfig(): PartageConfig {
  cached ??= readPartageConfig();
  return cached;
}
