// Auth-only items: the password-recovery code of an e-mail address, and the sign-up transaction.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/ddb';
import { isConditionFailure, mayRefuse, refuseWith, staleRead, transactIfAllowed } from '../lib/refusal';
import type { TxItem } from '../lib/store';
import { emailLockItem, setPasswordUpdate, userPutItem, type UserItem } from '../lib/repo/utilisateurs';
import { entrepriseItem, type Entreprise } from '../lib/repo/entreprises';
import { subscriptionItem, type Subscription } from '../lib/repo/subscriptions';
import { counterPut } from '../lib/repo/counters';
import { firstBoutiqueItems } from '../boutiques/public';
import { businessPhoneCountry, phoneIndicatif } from '@shared/phone';
import { storedValue } from '../lib/repo/stored-names';

const otpKey = (email: string) => ({ PK: `EMAIL#${email}`, SK: 'OTP' });

/** code_hash, or codeHash on a code stored before 2026-12-stored-names (it lives 15 minutes). */
const storedCodeHash = (item: Record<string, unknown>) => String(storedValue(item, 'codeHash'));

export interface OtpItem {
  codeHash: string;
  attempts: number;
  /** seconds since epoch (TTL attribute) */
  expiresAt: number;
}

/**
 * The items of a new business: its admin user's e-mail lock (first, so a used address cancels
 * everything), the profile, the admin, the trial, the user counter and the first shop.
 */
export function businessItems(e: Entreprise, admin: UserItem, sub: Subscription): TxItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: emailLockItem(admin.email, { tenantId: e.id, userId: admin.id }),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    { Put: { TableName: tableName(), Item: entrepriseItem(e), ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: tableName(), Item: userPutItem(admin) } },
    { Put: { TableName: tableName(), Item: subscriptionItem(e.id, sub) } },
    counterPut(e.id, 'USER', admin.id),
    // The first shop's dial code is the business's country's (+225 in Côte d'Ivoire).
    ...firstBoutiqueItems(e.id, e.nom, e.createdAt, phoneIndicatif(null, businessPhoneCountry(e.pays, e.telephone))),
  ];
}

/**
 * Creates the business, its admin user, its trial and its first shop in one transaction; the e-mail
 * lock is the first write so a used address cancels everything. Returns false when the address is taken.
 */
/**
 * Writes a new business with its admin, subscription and first shop; false when the admin's address
 * was taken meanwhile. `idClaim`, the business id's claim, goes first: lost to another sign-up, it is
 * a StaleRead, and the caller claims again.
 */
export async function createBusiness(e: Entreprise, admin: UserItem, sub: Subscription, idClaim?: TxItem): Promise<boolean> {
  const [lock, ...rest] = businessItems(e, admin, sub);
  return transactIfAllowed([...(idClaim ? [refuseWith(staleRead(), idClaim)] : []), mayRefuse(lock), ...rest]);
}

export type IssueResult = 'issued' | 'exhausted';

/**
 * Stores a new code for `email`. While a code is live its tries are kept: the new code replaces
 * the old one with the tries already used (a request never resets them); a live code whose tries
 * are all used cannot be replaced until it expires ('exhausted'). Otherwise a fresh code starts
 * with no try used. Each step is one conditional write, so concurrent requests cannot reset tries.
 */
export async function issueOtp(email: string, codeHash: string, expiresAt: number, maxAttempts: number, now = Date.now()): Promise<IssueResult> {
  const nowSeconds = Math.floor(now / 1000);
  for (let i = 0; i < 4; i++) {
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: otpKey(email),
          UpdateExpression: 'SET code_hash = :h, expiresAt = :e REMOVE codeHash',
          ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now AND attempts < :max',
          ExpressionAttributeValues: { ':h': codeHash, ':e': expiresAt, ':now': nowSeconds, ':max': maxAttempts },
        }),
      );
      return 'issued';
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    try {
      await ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...otpKey(email), entity: 'OTP', code_hash: codeHash, attempts: 0, expiresAt },
          ConditionExpression: 'attribute_not_exists(PK) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return 'issued';
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    // Neither: a live code whose tries are used, unless a concurrent request just changed it.
    const live = await getOtp(email);
    if (live && live.expiresAt > nowSeconds && live.attempts >= maxAttempts) return 'exhausted';
  }
  return 'exhausted';
}

async function getOtp(email: string): Promise<OtpItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: otpKey(email), ConsistentRead: true }));
  if (!out.Item) return null;
  return { codeHash: storedCodeHash(out.Item), attempts: Number(out.Item.attempts), expiresAt: Number(out.Item.expiresAt) };
}

export type OtpTry = { kind: 'try'; codeHash: string } | { kind: 'none' } | { kind: 'exhausted' };

/**
 * Takes one try of the live code BEFORE the guess is compared (conditional ADD), so parallel
 * guesses can never get more than `maxAttempts` compared. 'none': no live code; 'exhausted':
 * the live code has no try left.
 */
export async function reserveOtpTry(email: string, maxAttempts: number, now = Date.now()): Promise<OtpTry> {
  const nowSeconds = Math.floor(now / 1000);
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: otpKey(email),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':max': maxAttempts },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { kind: 'try', codeHash: storedCodeHash(out.Attributes!) };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  const otp = await getOtp(email);
  return otp && otp.expiresAt > nowSeconds ? { kind: 'exhausted' } : { kind: 'none' };
}

/** Gives the try back: the guess was right (only wrong guesses use up a code). */
export async function refundOtpTry(email: string): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: otpKey(email),
        UpdateExpression: 'ADD attempts :minus',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * Sets the new password and consumes the code in one transaction: the code must still be the one
 * checked and still live, so a code is used at most once; every session of the user ends.
 */
export async function resetPasswordWithOtp(user: Pick<UserItem, 'tenantId' | 'id'>, email: string, codeHash: string, passwordHash: string): Promise<boolean> {
  return transactIfAllowed([
    mayRefuse({
      Delete: {
        TableName: tableName(),
        Key: otpKey(email),
        ConditionExpression: '(code_hash = :h OR codeHash = :h) AND expiresAt > :now',
        ExpressionAttributeValues: { ':h': codeHash, ':now': Math.floor(Date.now() / 1000) },
      },
    }),
    mayRefuse(setPasswordUpdate(user, passwordHash)),
  ]);
}
