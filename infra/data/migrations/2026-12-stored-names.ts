// One attribute for an item's kind and one casing for stored names (docs/decisions/0187-stored-names.md):
// an item's kind moves from `type` to `entity`, a sale line's type from `type_vente` back to `type`,
// and camelCase attributes to their snake_case names (STORED_RENAMES). The code already writes only
// the new names and reads the new name first, the old one as a fallback, so this migration can run
// while the application serves, before or after a deploy.
//
// Each item is rewritten by ONE UpdateItem conditioned on what was read: the old attribute still
// holding the value copied, the new one still missing (or, when the application already wrote the
// new one, only the old one is removed). A concurrent write makes the condition fail: the item is
// read again and planned again, so no value is ever lost and a re-run changes nothing.
//
// Items are found by key, never by Scan: every business through the operator's index (plus the
// operator's own tenant 0), each business's partition, the e-mail partitions of its users, and the
// operator's partitions. Items with a TTL that no key leads to (revoked tokens, rate-limit and
// attempt windows, provider events, idempotency records) are not rewritten: the code reads both
// names and they expire (30 days at most).
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { businessIds, isConditionFailure, queryAll, type Migration, type MigrationResult } from './support';

/**
 * Every kind ever stored in `type` (UPPER_SNAKE). A `type` holding anything else is a record's own
 * field (a batch's chair/pondeuse, a sale line's DIRECT/EMPRUNT/DON) and stays.
 */
export const KINDS: ReadonlySet<string> = new Set([
  'ABATAGE',
  'ATTEMPTS',
  'BOUTIQUE',
  'BOUTIQUE_COUNT',
  'CLIENT',
  'CLIENT_TEL',
  'COMMANDE',
  'COMMANDE_ECOM',
  'ECOM_ACTIVE_COUNT',
  'EMAIL_LOCK',
  'ENTREPRISE',
  'JOURNAL',
  'OTP',
  'PAIEMENT',
  'PAYEVT',
  'PRODUIT',
  'PRODUIT_ECOM',
  'RATE',
  'REAPPRO',
  'RECU',
  'REVENU',
  'REVOKED',
  'SUBSCRIPTION',
  'USER',
  'VENTE',
  'VERSEMENT',
]);

/**
 * camelCase attribute names once stored, and their snake_case names. `expiresAt` is not here: it is
 * the table's TTL attribute (shared/table.ts, CDK), renamed only with a migration of every TTL item.
 * Nor are the key attributes (PK, SK, GSI1PK…).
 */
export const STORED_RENAMES: Readonly<Record<string, string>> = {
  bandeId: 'id_bande',
  callbackAt: 'callback_at',
  clientId: 'client_id',
  codeHash: 'code_hash',
  createdAt: 'created_at',
  idBoutique: 'id_boutique',
  keptCount: 'kept_count',
  keptJti: 'kept_jti',
  lastSeenAt: 'last_seen_at',
  mailedAt: 'mailed_at',
  nbMois: 'nb_mois',
  passwordHash: 'password_hash',
  paymentId: 'payment_id',
  paymentLink: 'payment_link',
  periodeDebut: 'periode_debut',
  periodeFin: 'periode_fin',
  providerRef: 'provider_ref',
  receivedAt: 'received_at',
  taskToken: 'task_token',
  tenantId: 'tenant_id',
  tokenVersion: 'token_version',
  updatedAt: 'updated_at',
  userId: 'user_id',
  validUntil: 'valid_until',
  windowEnd: 'window_end',
};

/** Maps stored inside an item whose keys were camelCase too: an audit entry's periods before and after. */
const NESTED_MAPS = ['avant', 'apres'];

/** A map with its camelCase keys renamed, or null when none is. */
function renamedMap(map: unknown): Record<string, unknown> | null {
  if (!map || typeof map !== 'object' || Array.isArray(map)) return null;
  const entries = Object.entries(map as Record<string, unknown>);
  if (!entries.some(([k]) => STORED_RENAMES[k])) return null;
  const out: Record<string, unknown> = {};
  // A key present under both names keeps the snake_case one (written later).
  for (const [k, v] of entries) if (!STORED_RENAMES[k]) out[k] = v;
  for (const [k, v] of entries) if (STORED_RENAMES[k] && !(STORED_RENAMES[k] in out)) out[STORED_RENAMES[k]] = v;
  return out;
}

/** What one UpdateItem must do to an item, or null when it already has the new names. */
export function storedNamesUpdate(item: Record<string, unknown>): {
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
} | null {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  const conds: string[] = [];
  const name = (attr: string) => {
    const ref = `#n${Object.keys(names).length}`;
    names[ref] = attr;
    return ref;
  };
  const value = (v: unknown) => {
    const ref = `:v${Object.keys(values).length}`;
    values[ref] = v;
    return ref;
  };
  const has = (attr: string) => item[attr] !== undefined;

  const kind = typeof item.type === 'string' && KINDS.has(item.type) ? item.type : null;
  if (kind) {
    const [type, entity, k] = [name('type'), name('entity'), value(kind)];
    if (has('entity')) {
      // The application already wrote the kind as `entity` (an update of an old item).
      removes.push(type);
      conds.push(`${type} = ${k}`, `attribute_exists(${entity})`);
    } else if (has('type_vente')) {
      const [tv, v] = [name('type_vente'), value(item.type_vente)];
      sets.push(`${entity} = ${k}`, `${type} = ${v}`);
      removes.push(tv);
      conds.push(`${type} = ${k}`, `${tv} = ${v}`, `attribute_not_exists(${entity})`);
    } else {
      sets.push(`${entity} = ${k}`);
      removes.push(type);
      conds.push(`${type} = ${k}`, `attribute_not_exists(${entity})`);
    }
  }
  for (const [old, next] of Object.entries(STORED_RENAMES)) {
    if (!has(old)) continue;
    const [o, n] = [name(old), name(next)];
    if (has(next)) {
      // The application wrote the new name since: it holds the newer value.
      removes.push(o);
      conds.push(`attribute_exists(${n})`);
    } else {
      const v = value(item[old]);
      sets.push(`${n} = ${v}`);
      removes.push(o);
      conds.push(`${o} = ${v}`, `attribute_not_exists(${n})`);
    }
  }
  if ((item.entity ?? item.type) === 'JOURNAL') {
    for (const field of NESTED_MAPS) {
      const next = renamedMap(item[field]);
      if (!next) continue;
      const [f, was, now] = [name(field), value(item[field]), value(next)];
      sets.push(`${f} = ${now}`);
      conds.push(`${f} = ${was}`);
    }
  }
  if (!removes.length && !sets.length) return null;
  return {
    UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' '),
    ConditionExpression: conds.join(' AND '),
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  } as ReturnType<typeof storedNamesUpdate>;
}

/** Rewrites one item; a concurrent write makes it read the item again and plan again. */
export async function renameItem(doc: DynamoDBDocumentClient, table: string, found: Record<string, unknown>): Promise<boolean> {
  let item: Record<string, unknown> | undefined = found;
  for (let attempt = 1; item && attempt <= 5; attempt++) {
    const update = storedNamesUpdate(item);
    if (!update) return false;
    try {
      await doc.send(new UpdateCommand({ TableName: table, Key: { PK: item.PK, SK: item.SK }, ...update }));
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    item = (await doc.send(new GetCommand({ TableName: table, Key: { PK: found.PK, SK: found.SK }, ConsistentRead: true }))).Item;
  }
  if (item && storedNamesUpdate(item))
    throw new Error(`Migration des noms stockés : ${String(found.PK)} / ${String(found.SK)} modifié sans cesse, relancez-la.`);
  return false;
}

async function renamePartition(doc: DynamoDBDocumentClient, table: string, pk: string): Promise<{ changed: number; items: Record<string, unknown>[] }> {
  const items = await queryAll(doc, { TableName: table, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true });
  let changed = 0;
  for (const item of items) if (await renameItem(doc, table, item)) changed++;
  return { changed, items };
}

/** One business's items: its partition, then the e-mail partitions (lock, recovery code) of its users. */
export async function migrateBusinessStoredNames(doc: DynamoDBDocumentClient, table: string, t: number): Promise<number> {
  const own = await renamePartition(doc, table, `ENT#${t}`);
  let changed = own.changed;
  const emails = own.items.filter((i) => String(i.SK).startsWith('USER#') && typeof i.email === 'string').map((i) => String(i.email));
  for (const email of new Set(emails)) changed += (await renamePartition(doc, table, `EMAIL#${email}`)).changed;
  return changed;
}

/** The operator's partitions: revenue by month, the audit log, the migration markers. */
const OPERATOR_PARTITIONS = ['OPS#REVENUS', 'OPS#JOURNAL', 'MIGRATION'];

/** The whole migration; `only` restricts the businesses to some (tests share one table with other files). */
export async function migrateStoredNames(doc: DynamoDBDocumentClient, table: string, only?: number[]): Promise<MigrationResult> {
  let changed = 0;
  // Tenant 0 is the operator's own account (users, no subscription), not in the index.
  for (const t of [0, ...(await businessIds(doc, table))]) {
    if (only && !only.includes(t)) continue;
    changed += await migrateBusinessStoredNames(doc, table, t);
  }
  if (!only) changed += await migrateOperatorStoredNames(doc, table);
  return { changed };
}

/** The operator's partitions alone. */
export async function migrateOperatorStoredNames(doc: DynamoDBDocumentClient, table: string): Promise<number> {
  let changed = 0;
  for (const pk of OPERATOR_PARTITIONS) changed += (await renamePartition(doc, table, pk)).changed;
  return changed;
}

export const storedNames: Migration = {
  name: '2026-12-stored-names',
  run: (doc, table) => migrateStoredNames(doc, table),
};
