// Auth-only items: the password-recovery code of an e-mail address, and the sign-up transaction.
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName, cancelledIndex } from '../lib/ddb';
import { emailLockItem, setPasswordUpdate, userPutItem, type UserItem } from '../lib/repo/users';
import { entrepriseItem, type Entreprise } from '../lib/repo/entreprises';
import { subscriptionItem, type Subscription } from '../lib/repo/subscriptions';
import { counterPut } from '../lib/repo/counters';

const otpKey = (email: string) => ({ PK: `EMAIL#${email}`, SK: 'OTP' });

export interface OtpItem {
  codeHash: string;
  attempts: number;
  /** seconds since epoch (TTL attribute) */
  expiresAt: number;
}

/**
 * Creates the business, its admin user and its trial in one transaction; the e-mail lock is the
 * first write so a used address cancels everything. Returns false when the address is taken.
 */
export async function createBusiness(e: Entreprise, admin: UserItem, sub: Subscription): Promise<boolean> {
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
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
        ],
      }),
    );
    return true;
  } catch (err) {
    if (cancelledIndex(err) === 0) return false;
    throw err;
  }
}

export async function putOtp(email: string, otp: OtpItem): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...otpKey(email), type: 'OTP', ...otp } }));
}

export async function getOtp(email: string): Promise<OtpItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: otpKey(email), ConsistentRead: true }));
  if (!out.Item) return null;
  return { codeHash: String(out.Item.codeHash), attempts: Number(out.Item.attempts), expiresAt: Number(out.Item.expiresAt) };
}

/** Counts a wrong guess; the condition keeps concurrent guesses from exceeding the limit. */
export async function countOtpAttempt(email: string, maxAttempts: number): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: otpKey(email),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(PK) AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
  }
}

export async function deleteOtp(email: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: otpKey(email) }));
}

/**
 * Sets the new password and consumes the code in one transaction: the code must still be the one
 * checked and still have tries left, so a code is used at most once.
 */
export async function resetPasswordWithOtp(
  user: Pick<UserItem, 'tenantId' | 'id'>,
  email: string,
  codeHash: string,
  maxAttempts: number,
  passwordHash: string,
): Promise<boolean> {
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: otpKey(email),
              ConditionExpression: 'codeHash = :h AND attempts < :max',
              ExpressionAttributeValues: { ':h': codeHash, ':max': maxAttempts },
            },
          },
          setPasswordUpdate(user, passwordHash),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (cancelledIndex(err) >= 0) return false;
    throw err;
  }
}
