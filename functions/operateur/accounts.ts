// The SaaS operator's accounts: role super_admin in tenant 0, which is never a business. Created
// only by the `npm run operator:create` command (infra/ops/create-operator.ts), never by sign-up;
// the operator then signs in on the usual login screen and lands on the console.
import { createHash } from 'node:crypto';
import { tableName } from '../lib/ddb';
import { mayRefuse, transactIfAllowed } from '../lib/refusal';
import { hashPassword } from '../lib/password';
import { nextTenantId } from '../lib/repo/counters';
import { OPERATOR_TENANT_ID } from '../lib/repo/keys';
import { emailLockItem, userPutItem, type UserItem } from '../lib/repo/utilisateurs';

/** Creates an operator account; false when the address already has an account (any kind). */
export async function createOperator(email: string, password: string, names = { prenom: 'Opérateur', nom: 'Ganaar' }): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const id = await nextTenantId(OPERATOR_TENANT_ID, 'USER');
  const user: UserItem = {
    id,
    tenantId: OPERATOR_TENANT_ID,
    prenom: names.prenom,
    nom: names.nom,
    email: address,
    role: 'super_admin',
    droits: {},
    // What the login screen sends is the SHA-256 of the password (spec); that is what is hashed.
    passwordHash: await hashPassword(createHash('sha256').update(password).digest('hex')),
    entreprise: 'Ganaar',
    idBoutique: null,
    actif: true,
    createdAt: new Date().toISOString(),
  };
  return transactIfAllowed([
    mayRefuse({
      Put: {
        TableName: tableName(),
        Item: emailLockItem(address, { tenantId: OPERATOR_TENANT_ID, userId: id }),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    }),
    { Put: { TableName: tableName(), Item: userPutItem(user), ConditionExpression: 'attribute_not_exists(PK)' } },
  ]);
}
