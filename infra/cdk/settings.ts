// Deployment settings of the CDK app (stage, mail sender, trial length, account/region), read once
// from CDK context (`-c key=value`) or the environment, checked, and given defaults that let
// `cdk synth` run offline without any AWS credentials.
import type { App } from 'aws-cdk-lib';

export interface GanaarSettings {
  /** Deployment stage (`prod`, `staging`, `dev-alice`…): suffix of the stack and resource names. */
  stage: string;
  /** SES sender of outgoing mail (password recovery codes); must be a verified SES identity. */
  mailFrom: string;
  /** False when the sender is the offline placeholder: synth still works, deploy warns. */
  mailFromConfigured: boolean;
  /** Length of the Démarrage trial given to a new business. */
  trialDays: number;
  /** Session length, in hours. */
  tokenTtlHours: number;
  /**
   * Bumped by an operator after writing a new JWT key (docs/deploy.md): changing it changes every
   * function's configuration, so no warm container keeps signing with the old cached key.
   */
  jwtKeyVersion: string;
  /** Where users open Ganaar, if not the CloudFront address (custom domain); https. */
  publicUrl?: string;
  /** Base URLs of the payment providers' APIs (their production APIs by default). */
  waveApiUrl: string;
  orangeMoneyApiUrl: string;
  /** Who receives the alarms and budget warnings (SNS e-mail subscription); none = synth warns. */
  alarmEmail?: string;
  /** Monthly cost budget of the stage, USD: AWS Budgets warns at 80 % spent and 100 % forecast. */
  monthlyBudgetUsd: number;
  /** Undefined = account-agnostic template (synth offline); the CLI fills it from the credentials. */
  account?: string;
  region: string;
}

export const DEFAULT_STAGE = 'prod';
/** eu-west-1 is the closest standard region to Dakar and Abidjan that needs no opt-in. */
export const DEFAULT_REGION = 'eu-west-1';
export const PLACEHOLDER_MAIL_FROM = 'no-reply@ganaar.invalid';

const STAGE_RE = /^[a-z][a-z0-9-]{0,19}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Context wins over the environment, so a `-c` flag on the command line is always obeyed. */
export function readSettings(app: App, env: NodeJS.ProcessEnv = process.env): GanaarSettings {
  const pick = (contextKey: string, envKey: string): string | undefined => {
    const fromContext = app.node.tryGetContext(contextKey);
    if (fromContext !== undefined && fromContext !== null && String(fromContext) !== '') return String(fromContext);
    const fromEnv = env[envKey];
    return fromEnv ? fromEnv : undefined;
  };

  const stage = pick('stage', 'GANAAR_STAGE') ?? DEFAULT_STAGE;
  if (!STAGE_RE.test(stage)) {
    throw new Error(`stage "${stage}" is invalid: lower-case letters, digits and dashes, starting with a letter, at most 20 characters`);
  }

  const mailFromRaw = pick('mailFrom', 'MAIL_FROM');
  if (mailFromRaw !== undefined && !EMAIL_RE.test(mailFromRaw)) {
    throw new Error(`mailFrom "${mailFromRaw}" is not an e-mail address`);
  }

  const positiveInt = (contextKey: string, envKey: string, fallback: number): number => {
    const raw = pick(contextKey, envKey) ?? String(fallback);
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`${contextKey} must be a positive integer, got "${raw}"`);
    return n;
  };
  const trialDays = positiveInt('trialDays', 'TRIAL_DAYS', 30);
  const tokenTtlHours = positiveInt('tokenTtlHours', 'TOKEN_TTL_HOURS', 72);

  const alarmEmail = pick('alarmEmail', 'ALARM_EMAIL');
  if (alarmEmail !== undefined && !EMAIL_RE.test(alarmEmail)) throw new Error(`alarmEmail "${alarmEmail}" is not an e-mail address`);
  const monthlyBudgetUsd = positiveInt('monthlyBudgetUsd', 'MONTHLY_BUDGET_USD', 50);

  const jwtKeyVersion = pick('jwtKeyVersion', 'JWT_KEY_VERSION') ?? '1';
  if (!/^[A-Za-z0-9._-]{1,32}$/.test(jwtKeyVersion)) throw new Error(`jwtKeyVersion "${jwtKeyVersion}" is invalid: letters, digits, . _ -, at most 32`);

  const httpsUrl = (key: string, envKey: string, fallback?: string): string | undefined => {
    const raw = pick(key, envKey) ?? fallback;
    if (raw !== undefined && !/^https:\/\/[^\s/]+(\/[^\s]*)?$/.test(raw)) throw new Error(`${key} "${raw}" must be an https URL`);
    return raw?.replace(/\/+$/, '');
  };

  return {
    stage,
    publicUrl: httpsUrl('publicUrl', 'PUBLIC_URL'),
    waveApiUrl: httpsUrl('waveApiUrl', 'WAVE_API_URL', 'https://api.wave.com')!,
    orangeMoneyApiUrl: httpsUrl('orangeMoneyApiUrl', 'ORANGE_MONEY_API_URL', 'https://api.orange-sonatel.com')!,
    mailFrom: mailFromRaw ?? PLACEHOLDER_MAIL_FROM,
    mailFromConfigured: mailFromRaw !== undefined,
    trialDays,
    tokenTtlHours,
    jwtKeyVersion,
    alarmEmail,
    monthlyBudgetUsd,
    account: pick('account', 'CDK_DEFAULT_ACCOUNT'),
    // Not CDK_DEFAULT_REGION: the CLI sets it to us-east-1 when nothing is configured, which
    // would silently move the stack away from West Africa.
    region: pick('region', 'AWS_REGION') ?? env.AWS_DEFAULT_REGION ?? DEFAULT_REGION,
  };
}
