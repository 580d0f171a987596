// Constants of the notifications domain that the CDK app reads too (infra/cdk/constructs/
// notifications.ts): kept free of imports, so that reading them loads no Lambda code.

/** Shards of the subscribed businesses: one morning schedule, one invocation per shard (docs/notifications.md « Passage à l'échelle »). */
export const PUSH_SHARDS = 16;

/** The jobs function's name suffix (ganaar-<stage>-notifications-jobs): its log lines and the IAM contract name it so. */
export const JOBS_FUNCTION = 'notifications-jobs';
