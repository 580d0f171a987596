// Replaces `@aws-sdk/credential-provider-node` in the deployed Lambda bundles (the alias is in
// infra/cdk/bundling.ts). Lambda gives the execution role's credentials in environment variables,
// so the default chain's other providers (SSO, ini files, processes, web identity, instance
// metadata, with the STS/SSO clients they import) are dead weight: ~100 KB of the bundle and
// ~20 ms of every cold start. The local stack and the tests pass explicit credentials and never
// reach this module.
import { fromEnv } from '@aws-sdk/credential-provider-env';

type EnvInit = Parameters<typeof fromEnv>[0];

export const defaultProvider = (init: EnvInit = {}) => fromEnv(init);
