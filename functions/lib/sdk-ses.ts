// The two names functions/lib/mail.ts loads on demand. A dynamic import yields a whole module
// namespace, so esbuild keeps every export of the module imported: importing this one instead of
// `@aws-sdk/client-ses` keeps its client and one command, not its ~70 others
// (docs/decisions.md, "Performance budgets").
export { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
