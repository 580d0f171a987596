// The marketplace's town index (docs/decisions/0405-marketplace-town-index.md): one item per town
// (`VITRINE#<ville normalisée> / INDEX`) holding, per seller, its published offers with what cutting
// the pages needs (offer, type, linked product) and what deciding « in force » needs (the
// subscription's end date, or its suspension, evaluated at read time), so that a page is cut from
// one GetItem whatever the town's size. Kept true in the transactions that change it: publishing,
// unpublishing and editing an offer (functions/ecommerce/routes.ts), and every change of a
// subscription (the payment's activation, the operator's actions: `vendeurIndexSteps`). Offers of a
// town off the list (kept by the migration 2026-12-villes) sit in one bucket, `VITRINE#*`, read only
// by the search without a town.
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { NOMS_VILLES, villeDeLaListe } from '@shared/villes';
import { normalizeVille, type TypeProduit } from '@shared/schemas/ecommerce';
import { ddb, isConditionFailure, tableName } from '../../lib/ddb';
import { keys } from '../../lib/repo/keys';
import { isValid, parseSubscription, subscriptionUnchanged, type Subscription } from '../../lib/repo/subscriptions';
import { batchGetAll, queryPrefix, type TxItem } from '../../lib/store';
import { refuseWith, StaleRead, staleRead, transactOrRefuse, type Refusable } from '../../lib/refusal';
import { countKey, produitEcomKey, VITRINE_PK } from './keys';
import { toProduitEcom, type ProduitEcomItem } from './produits-ecom';
import { parseEntreprise, type Entreprise } from '../../lib/repo/entreprises';
import { log } from '../../lib/log';

/** The bucket of the offers whose town is off the list: no town search finds them, the search without a town does. */
export const HORS_LISTE = '*';

/** The index a town's offers go to: the list's town normalised (as the GSI1 sort key spells it), or the off-list bucket. */
export function indexVille(ville: string): string {
  const listed = villeDeLaListe(ville);
  return listed ? normalizeVille(listed) : HORS_LISTE;
}

const indexKey = (v: string) => ({ PK: `VITRINE#${v}`, SK: 'INDEX' });

/** Every index the search without a town reads: the list's towns and the off-list bucket (104 keys, 2 BatchGets). */
export const TOUTES_VILLES: readonly string[] = [...new Set(NOMS_VILLES.map(normalizeVille)), HORS_LISTE];

/**
 * A seller as a town index holds it, what `isValid` reads of its subscription: its end date, or
 * `suspendu` (no subscription: `''`). A plain string, not a map: a town of 100 sellers reads
 * a third faster from DynamoDB Local than with `{ fin, suspendu }` maps (0.36 ms against 0.53 ms
 * over an index of 10 sellers, measured).
 */
const SUSPENDU = 'suspendu';
const vendeurEntry = (sub: Subscription | null): string => (!sub ? '' : sub.suspendu ? SUSPENDU : sub.validUntil);
/** In force at `now`: not suspended, end date still ahead (`isValid`'s rule, on the index's copy). */
const enVigueur = (entry: string | undefined, now: Date): boolean =>
  !!entry && entry !== SUSPENDU && isValid({ plan: '', trial: false, validUntil: entry, suspendu: false }, now);

/** A published offer as an index lists it. */
export interface OffreIndexee {
  tenantId: number;
  id: number;
  type_produit: TypeProduit;
  id_produit: number;
}

/**
 * A seller's offers in one town as its index holds them, one string per seller (`offres.<t>`):
 * `<id>.<type>.<id_produit>` by id, joined by `,`. One map entry per seller rather than per offer:
 * the index of a town of 100 sellers reads from DynamoDB Local in 0.84 ms against 1.16 ms with an
 * entry per offer (10 sellers: 0.63–0.71 ms and 0.74–0.84 ms; p50 of 400 GetItems, load 3), and it
 * is half the size. A seller's writes in a town read its string and write it back on the condition
 * that it did not change: only that seller's own concurrent writes in that town can collide (and
 * run again); other sellers' entries are other map keys.
 */
type OffresVendeur = Map<number, string>;
const decodeOffres = (s: string | undefined): OffresVendeur =>
  new Map(
    (s ? s.split(',') : []).map((e) => {
      const dot = e.indexOf('.');
      return [Number(e.slice(0, dot)), e.slice(dot + 1)] as const;
    }),
  );
const encodeOffres = (m: OffresVendeur): string =>
  [...m]
    .sort((a, b) => a[0] - b[0])
    .map(([id, v]) => `${id}.${v}`)
    .join(',');
const offreValue = (p: { type_produit: TypeProduit; id_produit: number }) => `${p.type_produit}.${p.id_produit}`;

function parseIndex(item: Record<string, unknown> | undefined, into: OffreIndexee[], now: Date): void {
  if (!item) return;
  const vendeurs = (item.vendeurs ?? {}) as Record<string, string>;
  for (const [t, offres] of Object.entries((item.offres ?? {}) as Record<string, string>)) {
    // In force at this instant: a lapse by date needs no write, the end date is read here.
    if (!enVigueur(vendeurs[t], now)) continue;
    const tenantId = Number(t);
    for (const e of offres.split(',')) {
      const a = e.indexOf('.');
      const b = e.indexOf('.', a + 1);
      into.push({ tenantId, id: Number(e.slice(0, a)), type_produit: e.slice(a + 1, b) as TypeProduit, id_produit: Number(e.slice(b + 1)) });
    }
  }
}

/**
 * The offers of sellers in force of a search: one town (one GetItem), or every town (the 104
 * indexes, 2 BatchGets); a type filter applied here. The cost does not follow the town's size.
 */
export async function readIndex(opts: { ville?: string; type?: TypeProduit }, now = new Date()): Promise<OffreIndexee[]> {
  const found: OffreIndexee[] = [];
  if (opts.ville) {
    const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: indexKey(indexVille(opts.ville)) }));
    parseIndex(out.Item, found, now);
  } else {
    // 104 keys: two BatchGets, sent together.
    const reads = await Promise.all([TOUTES_VILLES.slice(0, 100), TOUTES_VILLES.slice(100)].map((vs) => batchGetAll(vs.map(indexKey))));
    for (const item of reads.flat()) parseIndex(item, found, now);
  }
  return opts.type ? found.filter((p) => p.type_produit === opts.type) : found;
}

/** A town index missing (first offer of the town, or lost): created empty, then the caller's write is tried again. */
async function ensureIndex(v: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: indexKey(v),
      UpdateExpression: 'SET offres = if_not_exists(offres, :empty), vendeurs = if_not_exists(vendeurs, :empty), entity = :e, ville = :v ADD rev :zero',
      ExpressionAttributeValues: { ':empty': {}, ':e': 'VITRINE_INDEX', ':v': v, ':zero': 0 },
    }),
  );
}

/**
 * Refusal of a town index's update: the seller's entry changed since read (its own concurrent
 * write), or the index did not exist (created here, empty): the whole write is read and tried again.
 */
const missingOrChanged = (v: string) => async () => {
  await ensureIndex(v);
  return staleRead();
};

/**
 * The seller's offers in town `v` changed by `change`, for a transaction: written on the condition
 * that they are still as read (else the caller reads again: StaleRead). With `sub` (an offer
 * entering), the seller's entry is set to it too; a seller left with no offer in the town leaves it.
 */
async function offresVendeurStep(t: number, v: string, change: (m: OffresVendeur) => void, sub?: Subscription | null): Promise<Refusable> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: indexKey(v),
      ConsistentRead: true,
      ProjectionExpression: 'offres.#t',
      ExpressionAttributeNames: { '#t': String(t) },
    }),
  );
  const read = (out.Item?.offres as Record<string, string> | undefined)?.[String(t)];
  const m = decodeOffres(read);
  change(m);
  const next = encodeOffres(m);
  const values: Record<string, unknown> = { ':one': 1 };
  const set: string[] = [];
  const remove: string[] = [];
  if (next) {
    set.push('offres.#t = :o');
    values[':o'] = next;
  } else remove.push('offres.#t', 'vendeurs.#t');
  if (sub !== undefined && next) {
    set.push('vendeurs.#t = :s');
    values[':s'] = vendeurEntry(sub);
  }
  if (read !== undefined) values[':read'] = read;
  return refuseWith(missingOrChanged(v), {
    Update: {
      TableName: tableName(),
      Key: indexKey(v),
      UpdateExpression: `${set.length ? `SET ${set.join(', ')} ` : ''}${remove.length ? `REMOVE ${remove.join(', ')} ` : ''}ADD rev :one`,
      ConditionExpression: `attribute_exists(offres) AND attribute_exists(vendeurs) AND ${read === undefined ? 'attribute_not_exists(offres.#t)' : 'offres.#t = :read'}`,
      ExpressionAttributeNames: { '#t': String(t) },
      ExpressionAttributeValues: values,
    },
  });
}

/**
 * An offer entering its town's index (published, or edited while published), with its seller's
 * subscription as read. The subscription must still be that one when it lands (else StaleRead: the
 * caller reads again), so the copy is never older than the subscription.
 */
export async function offreEntreeSteps(
  t: number,
  p: { id: number; ville: string; type_produit: TypeProduit; id_produit: number },
  sub: Subscription | null,
): Promise<Refusable[]> {
  return [await offresVendeurStep(t, indexVille(p.ville), (m) => m.set(p.id, offreValue(p)), sub), refuseWith(staleRead, subscriptionUnchanged(t, sub))];
}

/** An offer leaving its town's index (unpublished, or moved to another town). */
export function offreSortieStep(t: number, p: { id: number; ville: string }): Promise<Refusable> {
  return offresVendeurStep(t, indexVille(p.ville), (m) => m.delete(p.id));
}

/**
 * Town indexes a subscription change writes in its own transaction (TransactWriteItems holds 100
 * items; the payment's activation takes 5 of them): a seller with offers in more towns (an
 * Entreprise plan may publish in all 103) has the others written just after (`apres`).
 */
const VILLES_PAR_TRANSACTION = 80;

/**
 * For a transaction that changes a subscription: the seller's entry in every town index where it
 * has a published offer, set to the new subscription; and a check that its published offers did
 * not change since they were read (the revision on `ECOM_ACTIVE_COUNT`, which every publication,
 * unpublication and move of an offer raises), else StaleRead: the caller reads and writes again.
 * Two consistent reads (that revision, then the seller's offers); a seller who never published: one
 * check and no index. `apres`, run once the change is written: the towns past
 * VILLES_PAR_TRANSACTION, 99 a transaction, each on the condition that the subscription is still
 * the one written (a newer change writes every town itself). Between the two, or if the process
 * stops there, those towns show the seller as before the change (the next change or
 * `npm run vitrine:reindex` mends them).
 */
export async function vendeurIndexSteps(t: number, next: Subscription): Promise<{ steps: Refusable[]; apres: () => Promise<void> }> {
  const count = await ddb().send(new GetCommand({ TableName: tableName(), Key: countKey(t), ConsistentRead: true, ProjectionExpression: 'rev' }));
  const rev = count.Item?.rev as number | undefined;
  const villes = new Set(
    (await queryPrefix(t, 'ECOMP#'))
      .map(toProduitEcom)
      .filter((p) => p.etat === 'ACTIVE')
      .map((p) => indexVille(p.ville)),
  );
  const updates = [...villes].map((v) =>
    refuseWith(missingOrChanged(v), {
      Update: {
        TableName: tableName(),
        Key: indexKey(v),
        UpdateExpression: 'SET vendeurs.#t = :s ADD rev :one',
        ConditionExpression: 'attribute_exists(vendeurs)',
        ExpressionAttributeNames: { '#t': String(t) },
        ExpressionAttributeValues: { ':s': vendeurEntry(next), ':one': 1 },
      },
    } satisfies TxItem),
  );
  const revCheck = refuseWith(staleRead, {
    ConditionCheck: {
      TableName: tableName(),
      Key: countKey(t),
      ConditionExpression: rev === undefined ? 'attribute_not_exists(rev)' : 'rev = :rev',
      ...(rev === undefined ? {} : { ExpressionAttributeValues: { ':rev': rev } }),
    },
  });
  const newer = new Error('a newer subscription change writes the towns');
  return {
    steps: [revCheck, ...updates.slice(0, VILLES_PAR_TRANSACTION)],
    // Never throws: the change is written, its caller must not run it again; a failure is logged
    // (those towns stale until the next change or a reindex).
    apres: async () => {
      try {
        for (let i = VILLES_PAR_TRANSACTION; i < updates.length; i += 99) {
          // A town index missing is created by the refusal (StaleRead): that chunk once more.
          for (let attempt = 1; ; attempt++) {
            try {
              await transactOrRefuse([refuseWith(newer, subscriptionUnchanged(t, next)), ...updates.slice(i, i + 99)]);
              break;
            } catch (err) {
              if (err === newer) return;
              if (!(err instanceof StaleRead) || attempt >= 3) throw err;
            }
          }
        }
      } catch (err) {
        log.error('marketplace town indexes past the transaction not written', { tenantId: t, error: (err as Error).message });
      }
    },
  };
}

/** Where the rebuild writes: the functions' table, or a migration's or an operator command's client. */
export interface Db {
  doc: DynamoDBDocumentClient;
  table: string;
}

/**
 * Rebuilds town indexes from what they summarise: the published offers of the VITRINE partition of
 * GSI1 (its pages followed, no cap) and their sellers' subscriptions (BatchGets of 100). `villes`:
 * the indexes to rebuild (`indexVille` spellings), every one when absent (one Query of the whole
 * partition). Each index is written only if no offer or subscription write touched it since it was
 * read (its `rev`), else read and built again. Used by the seeds of synthetic sellers
 * (tests/bench/scale-seed.ts), the migration 2026-12-vitrine-index and the operator's
 * `npm run vitrine:reindex`. Answers the number of indexes written.
 */
export async function rebuildIndexes(villes?: readonly string[], db: Db = { doc: ddb(), table: tableName() }): Promise<number> {
  const wanted = villes ? new Set(villes) : null;
  // One town of the list: its stretch of the index; several, the off-list bucket or all: the partition.
  const single = wanted && wanted.size === 1 && !wanted.has(HORS_LISTE) ? [...wanted][0] : null;
  for (let attempt = 1; ; attempt++) {
    const revs = new Map<string, number | undefined>();
    const targets = wanted ? [...wanted] : [...TOUTES_VILLES];
    for (const v of targets) {
      const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: indexKey(v), ConsistentRead: true, ProjectionExpression: 'rev' }));
      revs.set(v, out.Item ? Number(out.Item.rev ?? 0) : undefined);
    }
    const offres = new Map<string, Map<number, OffresVendeur>>(targets.map((v) => [v, new Map()]));
    const sellersOf = new Map<string, Set<number>>(targets.map((v) => [v, new Set()]));
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.doc.send(
        new QueryCommand({
          TableName: db.table,
          IndexName: 'GSI1',
          KeyConditionExpression: single ? 'GSI1PK = :pk AND begins_with(GSI1SK, :v)' : 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': VITRINE_PK, ...(single ? { ':v': `${single}#` } : {}) },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        const p = toProduitEcom(item);
        const v = indexVille(p.ville);
        // Only the indexes asked (every one of them when none is named: off-list towns go to `*`).
        if (p.etat !== 'ACTIVE' || !offres.has(v)) continue;
        const bySeller = offres.get(v)!;
        if (!bySeller.has(p.tenantId)) bySeller.set(p.tenantId, new Map());
        bySeller.get(p.tenantId)!.set(p.id, offreValue(p));
        sellersOf.get(v)!.add(p.tenantId);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    const sellers = [...new Set([...sellersOf.values()].flatMap((s) => [...s]))];
    const subs = new Map<number, Subscription>();
    for (let i = 0; i < sellers.length; i += 100) {
      let request: Record<string, unknown>[] = sellers.slice(i, i + 100).map((t) => keys.subscription(t));
      while (request.length) {
        const out = await db.doc.send(new BatchGetCommand({ RequestItems: { [db.table]: { Keys: request, ConsistentRead: true } } }));
        for (const item of out.Responses?.[db.table] ?? []) subs.set(Number(String(item.PK).slice('ENT#'.length)), parseSubscription(item));
        request = (out.UnprocessedKeys?.[db.table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
      }
    }
    let written = 0;
    let stale = false;
    for (const [v, o] of offres) {
      const rev = revs.get(v);
      const vendeurs = Object.fromEntries([...sellersOf.get(v)!].map((t) => [String(t), vendeurEntry(subs.get(t) ?? null)]));
      const strings = Object.fromEntries([...o].map(([t, m]) => [String(t), encodeOffres(m)]));
      try {
        await db.doc.send(
          new PutCommand({
            TableName: db.table,
            Item: { ...indexKey(v), entity: 'VITRINE_INDEX', ville: v, offres: strings, vendeurs, rev: (rev ?? 0) + 1 },
            ConditionExpression: rev === undefined ? 'attribute_not_exists(PK)' : 'rev = :rev',
            ...(rev === undefined ? {} : { ExpressionAttributeValues: { ':rev': rev } }),
          }),
        );
        written++;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        stale = true;
      }
    }
    if (!stale) return written;
    // A write landed in between: those towns are read and built again (the others are written).
    if (attempt >= 5) throw new Error('vitrine index rebuild: the towns kept changing during 5 rebuilds');
  }
}

/**
 * What a page shows of its offers: the offers themselves and their sellers' profiles, in BatchGets
 * of 100 keys sent together (a page of 100 offers from 25 sellers or more: 2 requests, side by side).
 */
export async function readOffresPage(
  page: readonly { tenantId: number; id: number }[],
): Promise<{ offres: Map<string, ProduitEcomItem>; profils: Map<number, Entreprise> }> {
  const sellers = [...new Set(page.map((p) => p.tenantId))];
  const keyList = [...page.map((p) => produitEcomKey(p.tenantId, p.id)), ...sellers.map((t) => keys.entreprise(t))];
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < keyList.length; i += 100) chunks.push(keyList.slice(i, i + 100));
  const offres = new Map<string, ProduitEcomItem>();
  const profils = new Map<number, Entreprise>();
  for (const item of (await Promise.all(chunks.map((c) => batchGetAll(c)))).flat()) {
    if (item.SK === 'PROFILE') profils.set(Number(String(item.PK).slice('ENT#'.length)), parseEntreprise(item));
    else {
      const p = toProduitEcom(item);
      offres.set(`${p.tenantId}.${p.id}`, p);
    }
  }
  return { offres, profils };
}
