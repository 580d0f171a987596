// Users of a business as staff management writes them: the creation transaction (user, e-mail
// lock, user counter = the plan's user limit) and the update transaction (user, e-mail lock moved,
// last-admin guard). The user keys themselves live in functions/lib/repo/keys.ts (shared with
// authentication, which reads the stored user on every request).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/ddb';
import { keys } from '../lib/repo/keys';
import { emailLockItem, emailLockOwnedBy, NEXT_TOKEN_VERSION, userPutItem, type UserItem } from '../lib/repo/utilisateurs';
import type { TxItem } from '../lib/store';
import type { Rights, Role } from '@shared/rights';

/**
 * Users are never deleted, so the id counter `COUNTER#USER` is also the business's user count
 * (sign-up sets it to 1 with the admin). Read first so a creation over the plan's limit is
 * refused before anything is written.
 */
export async function userCount(tenantId: number): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.tenantCounter(tenantId, 'USER'), ConsistentRead: true }));
  return Number(out.Item?.n ?? 0);
}

/**
 * A new user: the counter moves from the count read to the new id (condition: unchanged, so two
 * creations racing for the last place cannot both pass), the e-mail lock (condition: free → 412),
 * the user.
 */
export function newUserItems(u: UserItem, countRead: number): { counter: TxItem; emailLock: TxItem; user: TxItem } {
  return {
    counter: {
      Update: {
        TableName: tableName(),
        Key: keys.tenantCounter(u.tenantId, 'USER'),
        UpdateExpression: 'SET n = :new',
        ConditionExpression: countRead === 0 ? 'attribute_not_exists(n)' : 'n = :old',
        ExpressionAttributeValues: { ':new': u.id, ...(countRead === 0 ? {} : { ':old': countRead }) },
      },
    },
    emailLock: {
      Put: { TableName: tableName(), Item: emailLockItem(u.email, { tenantId: u.tenantId, userId: u.id }), ConditionExpression: 'attribute_not_exists(PK)' },
    },
    user: { Put: { TableName: tableName(), Item: userPutItem(u), ConditionExpression: 'attribute_not_exists(PK)' } },
  };
}

export interface UserChanges {
  prenom: string;
  nom: string;
  telephone: string;
  email: string;
  role: Role;
  droits: Rights;
  idBoutique: number | null;
  actif: boolean;
  /**
   * Ends the user's sessions (an e-mail change, a disabling): the token version moves on, and only
   * `keptJti` — the session making the change, when users edit themselves — survives.
   */
  endSessions?: { keptJti: string | null };
}

/**
 * An edit: the user (condition: its role and e-mail as read, so the checks made on them hold),
 * the e-mail lock moved when the address changes (new lock free → 412; old lock ours), and,
 * when an admin stops being one, a check that another admin still is (`keepAdmin`): two admins
 * demoting each other at once cannot leave the business without one.
 */
export interface UserUpdateItems {
  user: TxItem;
  /** The address moved: the new lock (free) and the old one (ours) removed. */
  emailMove: { lock: TxItem; unlock: TxItem } | null;
  /** Another admin still is one. */
  keepAdmin: TxItem | null;
}

export function updateUserItems(before: UserItem, next: UserChanges, keepAdmin: UserItem | null): UserUpdateItems {
  const user: TxItem = {
    Update: {
      TableName: tableName(),
      Key: keys.user(before.tenantId, before.id),
      UpdateExpression:
        // The camelCase names of a user stored before 2026-12-stored-names go as the new ones are set.
        'SET prenom = :p, nom = :n, telephone = :t, email = :e, #role = :r, droits = :d, id_boutique = :b, actif = :actif' +
        (next.endSessions
          ? `, ${NEXT_TOKEN_VERSION}${next.endSessions.keptJti ? ', kept_jti = :kept REMOVE idBoutique, tokenVersion, keptJti' : ' REMOVE idBoutique, tokenVersion, kept_jti, keptJti'}`
          : ' REMOVE idBoutique'),
      ConditionExpression: 'attribute_exists(PK) AND #role = :oldRole AND email = :oldEmail',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: {
        ':actif': next.actif,
        ...(next.endSessions ? { ':zero': 0, ':one': 1, ...(next.endSessions.keptJti ? { ':kept': next.endSessions.keptJti } : {}) } : {}),
        ':p': next.prenom,
        ':n': next.nom,
        ':t': next.telephone,
        ':e': next.email,
        ':r': next.role,
        ':d': next.droits,
        ':b': next.idBoutique,
        ':oldRole': before.role,
        ':oldEmail': before.email,
      },
    },
  };
  const emailMove =
    next.email === before.email
      ? null
      : {
          lock: {
            Put: {
              TableName: tableName(),
              Item: emailLockItem(next.email, { tenantId: before.tenantId, userId: before.id }),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          unlock: {
            Delete: {
              TableName: tableName(),
              Key: keys.emailLock(before.email),
              ...emailLockOwnedBy(before.tenantId, before.id),
            },
          },
        };
  const adminCheck: TxItem | null = keepAdmin && {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.user(keepAdmin.tenantId, keepAdmin.id),
      ConditionExpression: '#role = :admin AND actif <> :false',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':admin': 'admin', ':false': false },
    },
  };
  return { user, emailMove, keepAdmin: adminCheck };
}
