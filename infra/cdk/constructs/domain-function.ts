// The one way a domain Lambda is declared: `functions/<domain>/handler.ts` bundled locally with
// esbuild (ESM, Node.js 22, arm64), its own log group and least-privilege role, and `bind…` calls
// that grant a resource and set the environment variable `functions/lib/config.ts` reads at cold
// start in the same call, so a permission never exists without its variable or the reverse.
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Domain } from '@shared/api/routes';
import { acknowledgeNag, iamResourceFinding } from '../nag';
import { LAMBDA_BUNDLING } from '../bundling';

/** The runtime is explicit (never "latest") so an upgrade is a reviewed change. */
export const FUNCTION_RUNTIME = lambda.Runtime.NODEJS_22_X;
export const FUNCTION_ARCHITECTURE = lambda.Architecture.ARM_64;

/** What a function may do on the table's items (a transaction needs each of its items' own action). */
export const TABLE_ITEM_ACTIONS = ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'] as const;

export interface DomainFunctionProps {
  domain: Domain;
  /** Repository root: where `functions/`, `package-lock.json` and `node_modules/` live. */
  repoRoot: string;
  /** Deployment stage, part of the function name. */
  stage: string;
  memorySize?: number;
  timeout?: Duration;
  logRetention?: logs.RetentionDays;
  /** Variables that are plain configuration (no resource behind them). */
  environment?: Record<string, string>;
  /**
   * Another entry of the domain than its HTTP handler (e.g. `flow-handler.ts`, the payment flow's
   * Step Functions tasks), and the suffix naming that function (`ganaar-<stage>-<name>`).
   */
  entryFile?: string;
  name?: string;
  /**
   * Packages installed beside the bundle instead of bundled (native code such as sharp), for
   * Lambda's platform (linux, arm64, glibc) whatever the machine that synthesizes.
   */
  nodeModules?: string[];
}

export class DomainFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly domain: Domain;

  constructor(scope: Construct, id: string, props: DomainFunctionProps) {
    super(scope, id);
    this.domain = props.domain;
    const name = props.name ?? props.domain;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Our own role instead of AWSLambdaBasicExecutionRole: it may write to this log group only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Ganaar ${name} Lambda (${props.stage})`,
    });
    this.logGroup.grantWrite(this.role);

    const entry = join(props.repoRoot, 'functions', props.domain, props.entryFile ?? 'handler.ts');
    if (!existsSync(entry)) {
      throw new Error(`The route table has rows for domain "${props.domain}" but its Lambda entry ${entry} does not exist`);
    }
    this.fn = new NodejsFunction(this, 'Function', {
      functionName: `ganaar-${props.stage}-${name}`,
      description: props.entryFile
        ? `Ganaar ${name}: functions/${props.domain}/${props.entryFile}`
        : `Ganaar API, domain ${props.domain}: its rows of shared/api/routes.ts`,
      entry,
      handler: 'handler',
      projectRoot: props.repoRoot,
      depsLockFilePath: join(props.repoRoot, 'package-lock.json'),
      runtime: FUNCTION_RUNTIME,
      architecture: FUNCTION_ARCHITECTURE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      environment: { ...props.environment },
      // The settings `npm run bench` measures (infra/cdk/bundling.ts).
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: LAMBDA_BUNDLING.target,
        mainFields: LAMBDA_BUNDLING.mainFields,
        banner: LAMBDA_BUNDLING.banner,
        minify: LAMBDA_BUNDLING.minify,
        sourceMap: LAMBDA_BUNDLING.sourceMap,
        sourcesContent: LAMBDA_BUNDLING.sourcesContent,
        externalModules: [...LAMBDA_BUNDLING.external, ...(props.nodeModules ?? [])],
        esbuildArgs: Object.fromEntries(Object.entries(LAMBDA_BUNDLING.alias).map(([from, to]) => [`--alias:${from}`, join(props.repoRoot, to)])),
        ...(props.nodeModules?.length
          ? {
              nodeModules: props.nodeModules,
              // npm picks the optional platform packages (e.g. @img/sharp-linux-arm64) from these.
              environment: { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' },
            }
          : {}),
      },
    });
    acknowledgeNag(this.fn, {
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is pinned on purpose (FUNCTION_RUNTIME): moving to a newer runtime is a reviewed change, not an automatic one.',
    });
  }

  /**
   * Item reads and writes on the single table, queries on its indexes, and `TABLE_NAME`. The
   * actions the code makes, as the IAM contract records them (tests/contract/iam-contract.test.ts),
   * not grantReadWriteData's: no Scan (the data model has none), no BatchWriteItem, DescribeTable
   * or stream reads, which no function calls.
   */
  bindTable(table: dynamodb.ITable): this {
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: TABLE_ITEM_ACTIONS.map((a) => `dynamodb:${a}`), resources: [table.tableArn] }));
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/*`] }));
    this.fn.addEnvironment('TABLE_NAME', table.tableName);
    acknowledgeNag(this.role, {
      id: `AwsSolutions-IAM5[${iamResourceFinding(this, `${table.tableArn}/index/*`)}]`,
      reason: "Queries on the single table go through its GSIs; the grant covers the table's own indexes (table/index/*) and nothing else.",
    });
    return this;
  }

  /**
   * Read access to the JWT signing secret and `JWT_SECRET_ARN`. The key is cached per container,
   * so `keyVersion` (JWT_KEY_VERSION) is there to change the configuration after a rotation.
   */
  bindJwtSecret(secret: secretsmanager.ISecret, keyVersion: string): this {
    secret.grantRead(this.fn);
    this.fn.addEnvironment('JWT_SECRET_ARN', secret.secretArn);
    this.fn.addEnvironment('JWT_KEY_VERSION', keyVersion);
    return this;
  }

  /**
   * Read access to the secret CloudFront adds to API requests, and `ORIGIN_SECRET_ARN`: with it
   * the function trusts the viewer IP CloudFront forwards (functions/lib/client-ip.ts).
   */
  bindOriginSecret(secret: secretsmanager.ISecret): this {
    secret.grantRead(this.fn);
    this.fn.addEnvironment('ORIGIN_SECRET_ARN', secret.secretArn);
    return this;
  }

  /**
   * The images bucket's name in `IMAGES_BUCKET`; for domains that store images, reading and writing
   * objects under `prefix` only (no listing, no deletion, nothing else of the bucket).
   */
  bindImages(bucket: s3.IBucket, access: 'name-only' | 'read-write', prefix = 'images/'): this {
    this.fn.addEnvironment('IMAGES_BUCKET', bucket.bucketName);
    if (access === 'read-write') {
      const objects = bucket.arnForObjects(`${prefix}*`);
      this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [objects] }));
      acknowledgeNag(this.role, {
        id: `AwsSolutions-IAM5[${iamResourceFinding(this, objects)}]`,
        reason: 'Image keys are generated per upload (images/<tenant>/<random>.webp), so the grant is on that prefix of the one images bucket.',
      });
    }
    return this;
  }

  /**
   * The shared links' Lambda: read access to their signing secret (`SHARE_SECRET_ARN`), the public
   * origin their addresses are built on (`PUBLIC_URL`), and CreateInvalidation on the one
   * distribution serving their pages (`DISTRIBUTION_ID`), so a revoked link's cached page goes at once.
   */
  bindSharedLinks(secret: secretsmanager.ISecret, publicUrl: string, distribution: cloudfront.IDistribution): this {
    secret.grantRead(this.fn);
    this.fn.addEnvironment('SHARE_SECRET_ARN', secret.secretArn);
    this.fn.addEnvironment('PUBLIC_URL', publicUrl);
    this.fn.addEnvironment('DISTRIBUTION_ID', distribution.distributionId);
    distribution.grantCreateInvalidation(this.role);
    return this;
  }

  /** SES sending, restricted to the one configured sender address, and `MAIL_FROM`. */
  bindMail(mailFrom: string): this {
    const sesIdentities = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        // In the SES sandbox the recipients' identities are authorised too, so the resource
        // cannot be narrowed to the sender identity; the condition pins the sender instead.
        resources: [sesIdentities],
        conditions: { StringEquals: { 'ses:FromAddress': mailFrom } },
      }),
    );
    this.fn.addEnvironment('MAIL_FROM', mailFrom);
    acknowledgeNag(this.role, {
      id: `AwsSolutions-IAM5[${iamResourceFinding(this, sesIdentities)}]`,
      reason: "ses:SendEmail is limited by the ses:FromAddress condition to the configured sender; recipients are any user's address.",
    });
    return this;
  }
}
