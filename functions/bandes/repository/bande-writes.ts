// Writes of the BANDE item itself: create, edit, close, archive, delete. Each moves the business's bird
// quota (the sum of nb_sujet over active batches) in the same transaction, whose condition is what
// holds the plan's limit under concurrency.
import { BANDE_MSG } from '@shared/messages/bandes';
import { refused } from '../../lib/errors';
import { tableName } from '../../lib/ddb';
import { mayRefuse, refuseEachWith, refuseWith, staleRead, transactIfAllowed, transactOrRefuse, type Step } from '../../lib/refusal';
import type { TxItem } from '../../lib/store';
import { toBande, type BandeItem } from './bandes';
import { GUARDED_CONFLICT_ATTEMPTS, guardParts, OPEN, revGuard } from './guard';
import { bandeEndIndex, k } from './keys';
import { calendrierDeleteItems, sansCalendrier, type Calendrier } from './sante';
import type { BandeCounts } from './state';

/** The bird quota moves by `delta`; growing, it must stay within `max` (null: unlimited). */
function quotaAdd(t: number, delta: number, max: number | null): TxItem {
  const limited = max !== null && delta > 0;
  return {
    Update: {
      TableName: tableName(),
      Key: k.quota(t),
      UpdateExpression: 'ADD n :d SET entity = :e',
      ...(limited ? { ConditionExpression: 'attribute_not_exists(n) OR n <= :lim' } : {}),
      ExpressionAttributeValues: { ':d': delta, ':e': 'BANDE_QUOTA', ...(limited ? { ':lim': max - delta } : {}) },
    },
  };
}

const quotaReached = () => refused(422, BANDE_MSG.quota);

type NewBande = Pick<BandeItem, 'id' | 'nom' | 'type' | 'nb_sujet' | 'date_demarage' | 'race' | 'age_demarrage'>;

/** The BANDE item of a new active batch, with its indexes by start and by end, totals at zero. */
export function newBandeItem(t: number, b: NewBande, createdAt: string) {
  return {
    ...k.bande(t, b.id),
    GSI1PK: k.byStartPk(t),
    GSI1SK: k.byStartSk(b.date_demarage, b.id),
    ...bandeEndIndex(t, b.id, null),
    entity: 'BANDE',
    ...b,
    statut: 'ACTIVE',
    nb_perte: 0,
    chiffre_affaire: 0,
    depense: 0,
    nb_vendu: 0,
    created_at: createdAt,
  };
}

/**
 * A new batch; refused (422) when its birds pass the plan's quota. `with`: items written in the
 * same transaction (its health calendar, ./sante.ts), so a batch never exists without them.
 * `claims`: its ids' counters moved (lib/repo/counters `idClaims`), so a refused batch takes no
 * id; another writer's claim landing first throws StaleRead (the route claims again).
 */
export async function createBande(t: number, b: NewBande, max: number | null, withItems: readonly TxItem[], claims: readonly TxItem[]): Promise<BandeItem> {
  const item = newBandeItem(t, b, new Date().toISOString());
  await transactOrRefuse([
    // The claims first: a lost claim is what a refusal of the batch's Put (same id) means.
    ...refuseEachWith(staleRead, claims),
    refuseWith(refused(409, BANDE_MSG.conflict), { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } }),
    refuseWith(quotaReached, quotaAdd(t, b.nb_sujet, max)),
    ...withItems,
  ]);
  return toBande(item);
}

/**
 * An edit of a batch read as `old`; refused (422) past the plan's quota. `withItems`: its health
 * calendar re-dated, in the same transaction. The revision read is in
 * the condition: a concurrent edit cannot slip past the quota, nor a loss, sale, slaughter,
 * collection or weighing past the checks made on the batch as read, nor an entry dated before the
 * new start (every entry write moves the revision) — such a loser throws StaleRead.
 */
export async function updateBande(
  t: number,
  old: BandeCounts,
  b: Pick<BandeItem, 'nom' | 'type' | 'nb_sujet' | 'date_demarage' | 'race' | 'age_demarrage'>,
  max: number | null,
  withItems: readonly TxItem[] = [],
): Promise<void> {
  const delta = b.nb_sujet - old.raw.nb_sujet;
  const g = guardParts(revGuard(old));
  const steps: Step[] = [
    refuseWith(staleRead, {
      Update: {
        TableName: tableName(),
        Key: k.bande(t, old.bande.id),
        UpdateExpression: 'SET nom = :nom, #type = :type, nb_sujet = :ns, date_demarage = :dd, GSI1SK = :sk, race = :race, age_demarrage = :age ADD rev :one',
        ConditionExpression: [OPEN, ...g.cond].join(' AND '),
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':nom': b.nom,
          ':type': b.type,
          ':ns': b.nb_sujet,
          ':dd': b.date_demarage,
          ':sk': k.byStartSk(b.date_demarage, old.bande.id),
          ':race': b.race ?? null,
          ':age': b.age_demarrage ?? 0,
          ':active': 'ACTIVE',
          ':one': 1,
          ...g.values,
        },
      },
    }),
  ];
  if (delta !== 0) steps.push(refuseWith(quotaReached, quotaAdd(t, delta, max)));
  // Its calendar re-dated (./sante.ts), conditioned on its version as read: a step done meanwhile is a lost race.
  steps.push(...refuseEachWith(staleRead, withItems));
  await transactOrRefuse(steps, GUARDED_CONFLICT_ATTEMPTS);
}

/** Closes an active batch and frees its birds from the quota; false when the batch moved since read. */
export async function closeBande(t: number, b: BandeItem): Promise<boolean> {
  const now = new Date().toISOString();
  const end = bandeEndIndex(t, b.id, now);
  return transactIfAllowed([
    mayRefuse({
      Update: {
        TableName: tableName(),
        Key: k.bande(t, b.id),
        UpdateExpression: 'SET statut = :closed, closed_at = :now, GSI2PK = :endPk, GSI2SK = :endSk',
        ConditionExpression: `${OPEN} AND nb_sujet = :ns`,
        ExpressionAttributeValues: { ':closed': 'CLOTUREE', ':active': 'ACTIVE', ':ns': b.nb_sujet, ':now': now, ':endPk': end.GSI2PK, ':endSk': end.GSI2SK },
      },
    }),
    mayRefuse(quotaAdd(t, -b.nb_sujet, null)),
  ]);
}

/**
 * Archives or restores a batch, as read (`b`: its status and birds must not have moved since, or
 * StaleRead). The revision moves, so a write checked on the batch before it re-reads and meets the
 * archive. An active batch's birds leave the plan's count while archived (the batch takes no entry
 * then) and come back on restore within the plan's limit (`max`; 422 when it is reached).
 */
export async function archiveBande(t: number, b: BandeItem, archive: boolean, max: number | null): Promise<void> {
  const steps: Step[] = [
    refuseWith(staleRead, {
      Update: {
        TableName: tableName(),
        Key: k.bande(t, b.id),
        UpdateExpression: archive ? 'SET archive_at = :now ADD rev :one' : 'REMOVE archive_at ADD rev :one',
        ConditionExpression: `statut = :st AND nb_sujet = :ns AND ${archive ? 'attribute_not_exists(archive_at)' : 'attribute_exists(archive_at)'}`,
        ExpressionAttributeValues: { ':st': b.statut, ':ns': b.nb_sujet, ':one': 1, ...(archive ? { ':now': new Date().toISOString() } : {}) },
      },
    }),
  ];
  if (b.statut === 'ACTIVE') steps.push(refuseWith(quotaReached, quotaAdd(t, archive ? -b.nb_sujet : b.nb_sujet, archive ? null : max)));
  await transactOrRefuse(steps);
}

/**
 * Deletes a batch read (`e`) with no entry. The condition is the revision read with the entries:
 * every write that adds an entry moves it (./guard.ts), so an entry landing between that read and
 * this write fails the delete (StaleRead: the route reads again and refuses with the reason), and
 * an entry landing after it meets no batch (every entry write conditions on the batch being
 * active, ./guard.ts OPEN) and is refused: no entry is ever left without its batch. An active
 * batch not archived gives its birds back to the plan's quota in the same transaction.
 */
export async function deleteBande(t: number, e: { bande: BandeItem; rev: number; calendrier: Calendrier | null }): Promise<void> {
  const b = e.bande;
  const steps: Step[] = [
    refuseWith(staleRead, {
      Delete: {
        TableName: tableName(),
        Key: k.bande(t, b.id),
        ConditionExpression: [
          e.rev ? 'rev = :rev' : 'attribute_not_exists(rev)',
          'statut = :st',
          'nb_sujet = :ns',
          b.archive ? 'attribute_exists(archive_at)' : 'attribute_not_exists(archive_at)',
        ].join(' AND '),
        ExpressionAttributeValues: { ':st': b.statut, ':ns': b.nb_sujet, ...(e.rev ? { ':rev': e.rev } : {}) },
      },
    }),
  ];
  if (b.statut === 'ACTIVE' && !b.archive) steps.push(refuseWith(staleRead, quotaAdd(t, -b.nb_sujet, null)));
  // A calendar with only pending steps leaves with its batch; conditioned on its version as read,
  // so a step done or skipped meanwhile (which does not move the batch's revision) fails the
  // delete, and the route reads again and refuses with it.
  // A batch read without one: none may have been given meanwhile (it would be left without its batch).
  if (e.calendrier) steps.push(...refuseEachWith(staleRead, calendrierDeleteItems(t, e.calendrier)));
  else steps.push(refuseWith(staleRead, sansCalendrier(t, b.id)));
  await transactOrRefuse(steps);
}
