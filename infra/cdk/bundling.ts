// The esbuild settings of every domain Lambda, in one place: the CDK construct
// (constructs/domain-function.ts) deploys with them and `npm run bench` measures bundle sizes and
// cold starts with exactly the same settings, so the figures are those of the deployed code.
// Plain data, no aws-cdk-lib import, so the bench can load it cheaply.

// Some CommonJS dependencies call `require` at run time; in an ESM bundle it does not exist
// unless we recreate it.
export const ESM_REQUIRE_BANNER = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

export const LAMBDA_BUNDLING = {
  format: 'esm' as const,
  platform: 'node' as const,
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  minify: true,
  // A source map file is written beside the bundle (for decoding a stack trace offline) but never
  // loaded by the runtime: `--enable-source-maps` would parse it on every cold start.
  sourceMap: true,
  sourcesContent: false,
  // The AWS SDK is bundled, not taken from the runtime's copy: measured (npm run bench), loading
  // the DynamoDB client from node_modules costs ~180 ms of CPU at a cold start, bundled and
  // minified ~60 ms (one file, no module resolution), and the deployed SDK is the version the tests
  // ran against. The default credential chain is replaced by the environment provider Lambda needs
  // (functions/lib/lambda-credentials.ts).
  external: [] as string[],
  alias: {
    // shared/ from any folder (tsconfig.json `paths`): a prefix, so `@shared/messages` is ./shared/messages.
    '@shared': './shared',
    '@aws-sdk/credential-provider-node': './functions/lib/lambda-credentials.ts',
    // On Node 22 an ESM import of `node:http` (the SDK's HTTP handler) loads Node's undici through
    // the module's lazy WebSocket getters: ~25–30 ms of CPU per cold start (npm run bench:lambda).
    // The bundles take `node:http` through require instead.
    'node:http': './functions/lib/builtins/node-http.ts',
  } as Record<string, string>,
};

/**
 * Budget of one domain's own minified code, the AWS SDK counted apart (it is bundled for cold-start
 * speed, above): past it a domain pays in cold-start compile time (docs/decisions.md, "Performance
 * budgets"); `npm run bench` fails above it.
 */
export const LAMBDA_BUNDLE_BUDGET_KB = 250;

/**
 * Native packages a domain cannot bundle with esbuild, by domain: kept external and installed beside
 * the bundle for Lambda's linux-arm64 (sharp ships prebuilt libvips per platform as npm packages).
 */
export const NATIVE_MODULES: Readonly<Record<string, readonly string[]>> = { ecommerce: ['sharp'] };
