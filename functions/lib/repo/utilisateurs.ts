// Users of a business and the unique-email lock that maps a login name to its user.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../ddb';
import { keys, tenantPk } from './keys';
import { fromStored, storedValue, toStored } from './stored-names';
import type { Rights, Role } from '@shared/rights';
import type { PublicUser } from '@shared/schemas/acces';

export interface UserItem {
  id: number;
  tenantId: number;
  prenom: string;
  nom: string;
  email: string;
  telephone?: string;
  role: Role;
  droits: Rights;
  passwordHash: string;
  entreprise: string;
  idBoutique?: number | null;
  actif: boolean;
  /**
   * Sessions carry the version they were issued under (claim `tv`); a password change or reset
   * adds 1, ending every earlier session except `keptJti`, the one that made the change.
   */
  tokenVersion?: number;
  keptJti?: string;
  createdAt: string;
}

export interface EmailLock {
  tenantId: number;
  userId: number;
}

export function toPublicUser(u: UserItem): PublicUser {
  return {
    id: u.id,
    id_entreprise: u.tenantId,
    prenom: u.prenom,
    nom: u.nom,
    email: u.email,
    telephone: u.telephone,
    role: u.role,
    entreprise: u.entreprise,
    droits: u.droits ?? {},
    id_boutique: u.idBoutique ?? null,
  };
}

/**
 * The one reading of a stored user: snake_case names, falling back to the camelCase ones of items
 * written before the migration 2026-12-stored-names (docs/decisions/0187-stored-names.md).
 */
function strip(item: Record<string, unknown>): UserItem {
  return fromStored<UserItem>(item, USER_FIELDS);
}

const USER_FIELDS = [
  'id',
  'tenantId',
  'prenom',
  'nom',
  'email',
  'telephone',
  'role',
  'droits',
  'passwordHash',
  'entreprise',
  'idBoutique',
  'actif',
  'tokenVersion',
  'keptJti',
  'createdAt',
] as const satisfies readonly (keyof UserItem)[];

export function userPutItem(u: UserItem) {
  return { ...keys.user(u.tenantId, u.id), entity: 'USER', ...toStored(fromStored<UserItem>(u as unknown as Record<string, unknown>, USER_FIELDS)) };
}

export function emailLockItem(email: string, lock: EmailLock) {
  return { ...keys.emailLock(email), entity: 'EMAIL_LOCK', tenant_id: lock.tenantId, user_id: lock.userId };
}

/** The lock's owner, read with the camelCase fallback (items written before 2026-12-stored-names). */
export function parseEmailLock(item: Record<string, unknown>): EmailLock {
  return { tenantId: Number(storedValue(item, 'tenantId')), userId: Number(storedValue(item, 'userId')) };
}

/** A condition that the lock at hand is this user's, whichever names it was stored with. */
export const emailLockOwnedBy = (tenantId: number, userId: number) => ({
  ConditionExpression: '(tenant_id = :t OR tenantId = :t) AND (user_id = :u OR userId = :u)',
  ExpressionAttributeValues: { ':t': tenantId, ':u': userId },
});

/**
 * The next token version: one more than the stored one, whichever name holds it (a user written
 * before 2026-12-stored-names keeps it as tokenVersion, removed by the same update).
 */
export const NEXT_TOKEN_VERSION = 'token_version = if_not_exists(token_version, if_not_exists(tokenVersion, :zero)) + :one';

export async function findEmailLock(email: string): Promise<EmailLock | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.emailLock(email), ConsistentRead: true }));
  return out.Item ? parseEmailLock(out.Item) : null;
}

export async function getUser(tenantId: number, userId: number): Promise<UserItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.user(tenantId, userId), ConsistentRead: true }));
  return out.Item ? strip(out.Item) : null;
}

export async function listUsers(tenantId: number): Promise<UserItem[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':sk': keys.userPrefix },
    }),
  );
  return (out.Items ?? []).map(strip);
}

/** Number of users of a business (a COUNT Query: no item is returned). */
export async function countUsers(tenantId: number): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': tenantPk(tenantId), ':sk': keys.userPrefix },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    total += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return total;
}

export function parseUserItem(item: Record<string, unknown>): UserItem {
  return strip(item);
}

/**
 * The password change of a signed-in user: the new hash, and every session issued before it ends
 * (token version + 1) except the one that made the change (kept_jti), in one update.
 */
export async function setPasswordHash(u: Pick<UserItem, 'tenantId' | 'id'>, passwordHash: string, keptJti: string): Promise<void> {
  await ddb().send(new UpdateCommand({ TableName: tableName(), ...passwordUpdate(u, passwordHash, keptJti) }));
}

/** The same as a transaction item, for a reset by recovery code: every session ends. */
export function setPasswordUpdate(u: Pick<UserItem, 'tenantId' | 'id'>, passwordHash: string) {
  return { Update: { TableName: tableName(), ...passwordUpdate(u, passwordHash, null) } };
}

function passwordUpdate(u: Pick<UserItem, 'tenantId' | 'id'>, passwordHash: string, keptJti: string | null) {
  return {
    Key: keys.user(u.tenantId, u.id),
    // failedLogins/lockedUntil: the per-user lock of earlier versions, now per address and IP
    // (functions/lib/attempts.ts); removed when a user changes password. The camelCase names of a
    // user stored before 2026-12-stored-names go with them.
    UpdateExpression: keptJti
      ? `SET password_hash = :h, kept_jti = :jti, ${NEXT_TOKEN_VERSION} REMOVE passwordHash, keptJti, tokenVersion, failedLogins, lockedUntil`
      : `SET password_hash = :h, ${NEXT_TOKEN_VERSION} REMOVE passwordHash, kept_jti, keptJti, tokenVersion, failedLogins, lockedUntil`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':h': passwordHash, ':zero': 0, ':one': 1, ...(keptJti ? { ':jti': keptJti } : {}) },
  };
}

export async function updateNames(u: Pick<UserItem, 'tenantId' | 'id'>, prenom: string, nom: string): Promise<UserItem> {
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(u.tenantId, u.id),
      UpdateExpression: 'SET prenom = :p, nom = :n',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':p': prenom, ':n': nom },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return strip(out.Attributes!);
}
