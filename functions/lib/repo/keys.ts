// Key builders for the entities that several domains touch (tenant, users, counters).
// Domain-specific entities keep their keys in their own repository.
export const tenantPk = (tenantId: number) => `ENT#${tenantId}`;

/** An id in a sort key, 10 digits, so that keys sort as the ids do. */
export const padId = (id: number) => String(id).padStart(10, '0');

export const keys = {
  entreprise: (tenantId: number) => ({ PK: tenantPk(tenantId), SK: 'PROFILE' }),
  subscription: (tenantId: number) => ({ PK: tenantPk(tenantId), SK: 'SUBSCRIPTION' }),
  user: (tenantId: number, userId: number) => ({ PK: tenantPk(tenantId), SK: `USER#${userId}` }),
  userPrefix: 'USER#',
  emailLock: (email: string) => ({ PK: `EMAIL#${email}`, SK: 'EMAIL' }),
  revokedToken: (jti: string) => ({ PK: `JTI#${jti}`, SK: 'REVOKED' }),
  tenantCounter: (tenantId: number, name: string) => ({ PK: tenantPk(tenantId), SK: `COUNTER#${name}` }),
  globalCounter: (name: string) => ({ PK: 'GLOBAL', SK: `COUNTER#${name}` }),
  /** A write's idempotency key, scoped by business (functions/lib/idempotency.ts); own partition. */
  idempotency: (tenantId: number, key: string) => ({ PK: `${tenantPk(tenantId)}#IDEM#${key}`, SK: 'IDEM' }),
  /** GSI1 partition holding every business's subscription item (operator's console). */
  subscriptionsIndexPk: 'OPS#ABONNEMENTS',
};

/**
 * The operator's own account lives in tenant 0, which is never a business (business ids start at
 * 1): its token can reach the operator's rows and nothing of any business.
 */
export const OPERATOR_TENANT_ID = 0;
