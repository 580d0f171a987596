// Builds the CDK app (settings, the stack, cdk-nag, tags) in one place, so `cdk synth` and the
// infra tests synthesize exactly the same thing.
import { Annotations, App, Tags, type AppProps } from 'aws-cdk-lib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GanaarStack } from './ganaar-stack';
import { GanaarEdgeStack } from './edge-stack';
import { readSettings, type GanaarSettings } from './settings';
import { addNagChecks } from './nag';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface GanaarAppOptions {
  /** Extra CDK context (tests set stage, mail sender, or skip bundling here). */
  context?: AppProps['context'];
  outdir?: string;
  /** Defaults to `web/dist`. */
  webDistDir?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * aws-cdk-lib's own check of the synthesized templates (its CloudFormation validation plugin, on by
   * default; `cdk synth` and deploys keep it). The infra tests turn it off on all but one synth of
   * the same app: it costs ~4 s of CPU per synth, most of the light synths' time.
   */
  cloudFormationValidation?: boolean;
}

export interface GanaarApp {
  app: App;
  stack: GanaarStack;
  /** The WAF web ACL of the distribution, in us-east-1 (CloudFront's region for web ACLs). */
  edge: GanaarEdgeStack;
  settings: GanaarSettings;
}

export function stackName(stage: string): string {
  return `Ganaar-${stage}`;
}

export function createGanaarApp(options: GanaarAppOptions = {}): GanaarApp {
  const app = new App({ context: options.context, outdir: options.outdir, builtinCloudFormationValidation: options.cloudFormationValidation ?? true });
  const settings = readSettings(app, options.env);

  const edge = new GanaarEdgeStack(app, `${stackName(settings.stage)}-edge`, {
    env: { account: settings.account, region: 'us-east-1' },
    description: `Ganaar (${settings.stage}): per-client limits at the edge (WAF on CloudFront)`,
    stage: settings.stage,
    crossRegionReferences: true,
  });

  const stack = new GanaarStack(app, stackName(settings.stage), {
    env: { account: settings.account, region: settings.region },
    crossRegionReferences: true,
    webAclArn: edge.webAcl.attrArn,
    alarmEmail: settings.alarmEmail,
    monthlyBudgetUsd: settings.monthlyBudgetUsd,
    description: `Ganaar (${settings.stage}): poultry farm and shop back-office`,
    stage: settings.stage,
    mailFrom: settings.mailFrom,
    trialDays: settings.trialDays,
    tokenTtlHours: settings.tokenTtlHours,
    jwtKeyVersion: settings.jwtKeyVersion,
    repoRoot: REPO_ROOT,
    webDistDir: options.webDistDir ?? join(REPO_ROOT, 'web', 'dist'),
    publicUrl: settings.publicUrl,
    waveApiUrl: settings.waveApiUrl,
    orangeMoneyApiUrl: settings.orangeMoneyApiUrl,
  });

  if (!settings.mailFromConfigured) {
    // A warning, not an error: synth must work offline without any setting.
    Annotations.of(stack).addWarningV2(
      'ganaar:mail-from-missing',
      `No mail sender set: using ${settings.mailFrom}, so recovery codes cannot be sent. Deploy with \`-c mailFrom=<verified SES address>\` (or MAIL_FROM).`,
    );
  }

  if (!settings.alarmEmail) {
    Annotations.of(stack).addWarningV2(
      'ganaar:alarm-email-missing',
      'No alarm e-mail set: the alarm topic has no subscriber. Deploy with `-c alarmEmail=<operator address>` (or ALARM_EMAIL).',
    );
  }

  Tags.of(app).add('project', 'ganaar');
  Tags.of(app).add('stage', settings.stage);
  addNagChecks(app);
  return { app, stack, edge, settings };
}
