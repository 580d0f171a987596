// Import boundaries and cycles, checked by `npm run lint` (dependency-cruiser). The floors:
// infra → functions / web → shared, nothing running back up; inside web, app → features → lib;
// inside functions, a domain reaches another only through that domain's public.ts.
// tsPreCompilationDeps: type-only imports count too, so a cycle made of types is still a cycle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycle (type-only imports included): move what both sides need into a third module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      scope: 'folder',
      comment:
        'Two folders of web/ or infra/ import each other (a loop between layers, e.g. infra/local ↔ infra/ops): ' +
        'move what both need into a folder both may import.',
      from: { path: '^(web|infra)/' },
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-app-code',
      severity: 'error',
      comment: 'shared/ is read by the SPA, the Lambdas and the tools: it imports nothing from functions/, web/, infra/ or tests/.',
      from: { path: '^shared/' },
      to: { path: '^(functions|web|infra|tests)/' },
    },
    {
      name: 'functions-no-web-no-infra',
      severity: 'error',
      comment: 'A Lambda imports shared/ and functions/ only: never the SPA, the CDK app or the local tools.',
      from: { path: '^functions/' },
      to: { path: '^(web|infra|tests)/' },
    },
    {
      name: 'functions-cross-domain-through-public',
      severity: 'error',
      comment:
        "functions/<domain> reaches another domain only through that domain's public.ts (its cross-domain module); " +
        'code every domain needs goes to functions/lib/.',
      from: { path: '^functions/([^/]+)/', pathNot: '^functions/lib/' },
      to: { path: '^functions/([^/]+)/', pathNot: ['^functions/($1|lib)/', '^functions/[^/]+/public\\.ts$'] },
    },
    {
      name: 'functions-lib-no-domain',
      severity: 'error',
      comment: 'functions/lib/ serves every domain and imports none.',
      from: { path: '^functions/lib/' },
      to: { path: '^functions/', pathNot: '^functions/lib/' },
    },
    {
      name: 'web-no-functions-no-infra',
      severity: 'error',
      comment: 'The SPA imports shared/ and web/src/ only: never a Lambda, the CDK app or the local tools.',
      from: { path: '^web/src/' },
      to: { path: '^(functions|infra|tests)/' },
    },
    {
      name: 'web-features-isolated',
      severity: 'error',
      comment:
        'A feature never imports another feature: a screen that needs several features lives in web/src/app/, ' +
        'a resource several features read lives in web/src/lib/ (queries in web/src/lib/queries/).',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-features-no-app',
      severity: 'error',
      comment: 'Features do not import web/src/app/ (which imports them): what a screen needs from the app comes in as a prop.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-lib-no-features-no-app',
      severity: 'error',
      comment: 'web/src/lib/ is shared by every feature: it imports no feature and not web/src/app/.',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'web-vitrine-apart',
      severity: 'error',
      comment: 'The public shop page (web/src/vitrine/, its own bundle) imports nothing of the back-office: what both need ' + 'lives in shared/.',
      from: { path: '^web/src/vitrine/' },
      to: { path: '^web/src/', pathNot: '^web/src/vitrine/' },
    },
    {
      name: 'web-back-office-no-vitrine',
      severity: 'error',
      comment: 'The back-office imports nothing of the public shop page (web/src/vitrine/): what both need lives in shared/.',
      from: { path: '^web/src/', pathNot: '^web/src/vitrine/' },
      to: { path: '^web/src/vitrine/' },
    },
    {
      name: 'infra-local-not-ops',
      severity: 'error',
      comment:
        'The local stack (infra/local/) does not import the operations commands (infra/ops/), which may start a local ' +
        'DynamoDB themselves; what both need lives beside them (infra/data/).',
      from: { path: '^infra/local/' },
      to: { path: '^infra/ops/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|web/dist|cdk\\.out)/' },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
