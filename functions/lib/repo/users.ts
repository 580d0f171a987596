// Users of a business and the unique-email lock that maps a login name to its user.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../ddb';
import { keys, tenantPk } from './keys';
import type { Rights, Role } from '../../../shared/rights';
import type { PublicUser } from '../../../shared/schemas/auth';

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
  failedLogins?: number;
  lockedUntil?: string;
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

function strip(item: Record<string, unknown>): UserItem {
  const { PK: _pk, SK: _sk, type: _t, ...rest } = item;
  return rest as unknown as UserItem;
}

export function userPutItem(u: UserItem) {
  return { ...keys.user(u.tenantId, u.id), type: 'USER', ...u };
}

export function emailLockItem(email: string, lock: EmailLock) {
  return { ...keys.emailLock(email), type: 'EMAIL_LOCK', ...lock };
}

export async function findEmailLock(email: string): Promise<EmailLock | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.emailLock(email), ConsistentRead: true }));
  return out.Item ? { tenantId: Number(out.Item.tenantId), userId: Number(out.Item.userId) } : null;
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

export function parseUserItem(item: Record<string, unknown>): UserItem {
  return strip(item);
}

/** Records a failed login; from the `maxFailures`th failure on, locks the account until `lockUntil`. */
export async function recordLoginFailure(u: UserItem, maxFailures: number, lockUntil: Date): Promise<void> {
  const failures = (u.failedLogins ?? 0) + 1;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(u.tenantId, u.id),
      UpdateExpression: failures >= maxFailures ? 'SET failedLogins = :zero, lockedUntil = :until' : 'ADD failedLogins :one',
      ExpressionAttributeValues: failures >= maxFailures ? { ':zero': 0, ':until': lockUntil.toISOString() } : { ':one': 1 },
    }),
  );
}

export async function clearLoginFailures(u: UserItem): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(u.tenantId, u.id),
      UpdateExpression: 'SET failedLogins = :zero REMOVE lockedUntil',
      ExpressionAttributeValues: { ':zero': 0 },
    }),
  );
}

export async function setPasswordHash(u: Pick<UserItem, 'tenantId' | 'id'>, passwordHash: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(u.tenantId, u.id),
      UpdateExpression: 'SET passwordHash = :h, failedLogins = :zero REMOVE lockedUntil',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':h': passwordHash, ':zero': 0 },
    }),
  );
}

export function setPasswordUpdate(u: Pick<UserItem, 'tenantId' | 'id'>, passwordHash: string) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(u.tenantId, u.id),
      UpdateExpression: 'SET passwordHash = :h, failedLogins = :zero REMOVE lockedUntil',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':h': passwordHash, ':zero': 0 },
    },
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
