// The two names functions/lib/secrets.ts loads on demand. A dynamic import yields a whole module
// namespace, so esbuild keeps every export of the module imported: importing this one instead of
// `@aws-sdk/client-secrets-manager` keeps its client and one command, not its ~20 others
// (docs/decisions.md, "Performance budgets").
export { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
