// Shared links. Owns the PARTAGE keys:
//   the link        PK PARTAGE#<id>  SK LINK
//                   outside every business's partition: the public page resolves a token with this
//                   one GetItem (consistent, so a revoke is seen at once); it holds the business,
//                   the document, its period, the expiry and the revoke.
//   by document     PK ENT#<t>  SK PARTAGEDOC#<type>#<pad10 document>#<created ISO>#<id>
//                   a copy of the link, so the document's links are one Query, oldest first.
// Both are written, and revoked, in one transaction. Each carries the table's TTL attribute at
// expiry + PARTAGE_GARDE_JOURS: DynamoDB deletes a dead link some days after it stopped opening
// anything (its page says « expiré » until then rather than « introuvable »).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/ddb';
import { padId, tenantPk } from '../lib/repo/keys';
import { queryPrefix, type TxItem } from '../lib/store';
import { TABLE } from '@shared/table';
import type { TypePartage } from '@shared/schemas/partage';

/** Days a link's items are kept after it expired, before DynamoDB's TTL deletes them. */
export const PARTAGE_GARDE_JOURS = 30;

/** A stored link: everything the public page needs, and who made and revoked it. */
export interface PartageRecord {
  id: string;
  tenantId: number;
  type: TypePartage;
  id_document: number;
  debut?: string;
  fin?: string;
  cree_le: string;
  expire_le: string;
  cree_par: { id: number; nom: string };
  revoque_le?: string | null;
  revoque_par?: { id: number; nom: string } | null;
}

const linkKey = (id: string) => ({ PK: `PARTAGE#${id}`, SK: 'LINK' });
const docPrefix = (type: TypePartage, idDocument: number) => `PARTAGEDOC#${type}#${padId(idDocument)}#`;
const docKey = (p: Pick<PartageRecord, 'tenantId' | 'type' | 'id_document' | 'cree_le' | 'id'>) => ({
  PK: tenantPk(p.tenantId),
  SK: `${docPrefix(p.type, p.id_document)}${p.cree_le}#${p.id}`,
});
const ttlOf = (expireLe: string) => Math.floor(Date.parse(expireLe) / 1000) + PARTAGE_GARDE_JOURS * 86_400;

function toRecord(i: Record<string, unknown>): PartageRecord {
  return {
    id: String(i.id),
    tenantId: Number(i.tenantId),
    type: i.type as TypePartage,
    id_document: Number(i.id_document),
    ...(i.debut ? { debut: String(i.debut), fin: String(i.fin) } : {}),
    cree_le: String(i.cree_le),
    expire_le: String(i.expire_le),
    cree_par: i.cree_par as PartageRecord['cree_par'],
    revoque_le: (i.revoque_le as string | undefined) ?? null,
    revoque_par: (i.revoque_par as PartageRecord['revoque_par']) ?? null,
  };
}

/** The two items of a new link (one transaction); the id is random, the condition guards a collision. */
export function partagePuts(p: PartageRecord): TxItem[] {
  const attrs = { entity: 'PARTAGE', ...p, [TABLE.ttlAttribute]: ttlOf(p.expire_le) };
  return [
    { Put: { TableName: tableName(), Item: { ...linkKey(p.id), ...attrs }, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: tableName(), Item: { ...docKey(p), ...attrs }, ConditionExpression: 'attribute_not_exists(PK)' } },
  ];
}

/** The link by its id: the public page's one read (consistent: a revoke is seen by the next request). */
export async function getPartage(id: string): Promise<PartageRecord | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: linkKey(id), ConsistentRead: true }));
  return out.Item ? toRecord(out.Item) : null;
}

/** One document's links, newest first (one Query on the business's partition). */
export async function partagesDuDocument(tenantId: number, type: TypePartage, idDocument: number): Promise<PartageRecord[]> {
  return (await queryPrefix(tenantId, docPrefix(type, idDocument))).map(toRecord).sort((a, b) => (a.cree_le < b.cree_le ? 1 : a.cree_le > b.cree_le ? -1 : 0));
}

/** Revokes both items of a link; refused (condition) when it is already revoked. */
export function partageRevokeUpdates(p: PartageRecord, at: string, par: { id: number; nom: string }): TxItem[] {
  const update = (Key: Record<string, string>): TxItem => ({
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression: 'SET revoque_le = :at, revoque_par = :par',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(revoque_le)',
      ExpressionAttributeValues: { ':at': at, ':par': par },
    },
  });
  return [update(linkKey(p.id)), update(docKey(p))];
}
