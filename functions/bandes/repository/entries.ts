// A batch's entries (expenses DEP, sales VTE, losses PRT, weighings PES, egg collections COL): each
// written with its id → batch pointer and the batch's running totals in one transaction, and dated
// in GSI2 for the period dashboard.
import { MAX_MONTANT } from '@shared/schemas/common';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../lib/ddb';
import { mayRefuse, refuseEachWith, staleRead, transactIfAllowed, transactOrRefuse } from '../../lib/refusal';
import { queryAll, type TxItem } from '../../lib/store';
import { GUARDED_CONFLICT_ATTEMPTS, guardParts, OPEN, type Guard } from './guard';
import { entryDay, entryDayIndex, k, type EntryKind } from './keys';
import type { AttentesBande } from '@shared/formulas/sante';

export interface Totals {
  nb_perte?: number;
  chiffre_affaire?: number;
  depense?: number;
  nb_vendu?: number;
  /** Layer batches: hens sold at the end of lay. */
  nb_reforme?: number;
}

/**
 * A treatment's change to the BANDE item: the whole `attentes` map as it must now be
 * (read at the `sante_rev` the guard conditions on, so no nested path on a possibly missing map)
 * and `sante_rev` moved, in the same Update as the totals (a transaction touches an item once).
 */
export interface SanteSet {
  attentes: AttentesBande;
  /** `sante_rev` as read with `attentes` (0: absent): the update commits only if it is unchanged. */
  santeRev: number;
}

/** Money totals that only grow by bounded steps: capped at MAX_MONTANT so every read stays exact. */
const CAPPED_TOTALS = new Set(['chiffre_affaire', 'depense']);

/**
 * The batch's running totals move with the entry; the batch must be active (and exist), and the
 * write is serialised with the others by its `guard`. A money total that grows must stay ≤
 * MAX_MONTANT (the routes check it first with a clear message; this condition is what holds under
 * concurrency).
 */
export function totalsUpdate(t: number, bandeId: number, d: Totals, guard?: Guard, sante?: SanteSet): TxItem {
  const adds: string[] = [];
  const sets: string[] = [];
  const caps: string[] = [];
  const values: Record<string, unknown> = { ':active': 'ACTIVE' };
  for (const [name, v] of Object.entries(d)) {
    if (!v) continue;
    adds.push(`${name} :${name}`);
    values[`:${name}`] = v;
    if (v > 0 && CAPPED_TOTALS.has(name)) {
      caps.push(`(attribute_not_exists(${name}) OR ${name} <= :cap_${name})`);
      values[`:cap_${name}`] = MAX_MONTANT - v;
    }
  }
  const g = guardParts(guard);
  if (g.bump) {
    adds.push('rev :one');
    values[':one'] = 1;
  }
  Object.assign(values, g.values);
  const santeCond: string[] = [];
  if (sante) {
    sets.push('attentes = :s_attentes');
    values[':s_attentes'] = sante.attentes;
    adds.push('sante_rev :s_one');
    values[':s_one'] = 1;
    if (sante.santeRev) {
      santeCond.push('sante_rev = :s_rev');
      values[':s_rev'] = sante.santeRev;
    } else santeCond.push('attribute_not_exists(sante_rev)');
  }
  const conditions = [OPEN, ...caps, ...g.cond, ...santeCond];
  const update = [...(sets.length ? [`SET ${sets.join(', ')}`] : []), ...(adds.length ? [`ADD ${adds.join(', ')}`] : [])];
  return {
    Update: {
      TableName: tableName(),
      Key: k.bande(t, bandeId),
      UpdateExpression: update.length ? update.join(' ') : 'SET statut = :active',
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
      ...(g.names ? { ExpressionAttributeNames: g.names } : {}),
    },
  };
}

/** An entry's Put (a new one, or its next version) with its day index. */
export function entryPut(
  t: number,
  bandeId: number,
  kind: EntryKind,
  entry: Record<string, unknown> & { id: number },
  version: number,
): TxItem['Put'] & object {
  return {
    TableName: tableName(),
    Item: { ...k.entry(t, bandeId, kind, entry.id), ...entryDayIndex(t, kind, entry), entity: `BANDE_${kind}`, version, ...entry },
  };
}

/** The id → batch pointer of an entry (the GET deletions carry only the entry id). */
export function entryRefPut(t: number, bandeId: number, kind: EntryKind, id: number): TxItem {
  return { Put: { TableName: tableName(), Item: { ...k.ref(t, kind, id), entity: 'BANDE_REF', id_bande: bandeId } } };
}

/**
 * New entry: the entry, its pointer and the batch totals, all or nothing, with `claims`: the id
 * counter's move (lib/repo/counters `idClaims`), so a refused entry takes no id. A failed condition
 * (the batch moved past its guard, closed, a total would pass its cap, or another writer took an
 * id meanwhile) throws StaleRead: the route reads, checks and writes again.
 */
export async function addEntry(
  t: number,
  bandeId: number,
  kind: EntryKind,
  entry: Record<string, unknown> & { id: number },
  totals: Totals,
  guard: Guard | undefined,
  claims: readonly TxItem[],
): Promise<void> {
  const items = [
    ...claims,
    { Put: { ...entryPut(t, bandeId, kind, entry, 1), ConditionExpression: 'attribute_not_exists(PK)' } },
    entryRefPut(t, bandeId, kind, entry.id),
    totalsUpdate(t, bandeId, totals, guard),
  ];
  await transactOrRefuse(refuseEachWith(staleRead, items), guard ? GUARDED_CONFLICT_ATTEMPTS : undefined);
}

export async function getEntry(t: number, bandeId: number, kind: EntryKind, id: number): Promise<Record<string, any> | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.entry(t, bandeId, kind, id), ConsistentRead: true }));
  return out.Item ?? null;
}

/** Which batch an entry belongs to (the GET deletions only carry the entry id). */
export async function entryBande(t: number, kind: EntryKind, id: number): Promise<number | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.ref(t, kind, id), ConsistentRead: true }));
  // id_bande, or bandeId on a pointer stored before 2026-12-stored-names.
  return out.Item ? Number(out.Item.id_bande ?? out.Item.bandeId) : null;
}

/** Replaces an entry read at `version`; the batch totals move by the difference. StaleRead as `addEntry`. */
export async function replaceEntry(
  t: number,
  bandeId: number,
  kind: EntryKind,
  version: number,
  entry: Record<string, unknown> & { id: number },
  totals: Totals,
  guard?: Guard,
): Promise<void> {
  const items = [
    {
      Put: {
        ...entryPut(t, bandeId, kind, entry, version + 1),
        ConditionExpression: 'version = :v AND (attribute_not_exists(etat) OR etat <> :del)',
        ExpressionAttributeValues: { ':v': version, ':del': 'DELETED' },
      },
    },
    totalsUpdate(t, bandeId, totals, guard),
  ];
  await transactOrRefuse(refuseEachWith(staleRead, items), guard ? GUARDED_CONFLICT_ATTEMPTS : undefined);
}

/** An entry's cancellation (not cancelled yet): it keeps its data with etat DELETED. */
export function entryCancelUpdate(t: number, bandeId: number, kind: EntryKind, id: number): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: k.entry(t, bandeId, kind, id),
      UpdateExpression: 'SET etat = :del, deleted_at = :now ADD version :one',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(etat) OR etat <> :del)',
      ExpressionAttributeValues: { ':del': 'DELETED', ':now': new Date().toISOString(), ':one': 1 },
    },
  };
}

/**
 * A cancel checked against the batch as read (a collection's: its eggs leave the egg
 * stock): the entry (not cancelled yet) and the batch (active, `guard` still true, revision moved).
 * Any failed condition throws StaleRead: the route reads again and says why (cancelled meanwhile,
 * batch closed) or checks again.
 */
export async function cancelEntryGuarded(t: number, bandeId: number, kind: EntryKind, id: number, guard: Guard): Promise<void> {
  await transactOrRefuse(refuseEachWith(staleRead, [entryCancelUpdate(t, bandeId, kind, id), totalsUpdate(t, bandeId, {}, guard)]), GUARDED_CONFLICT_ATTEMPTS);
}

/** Soft delete: the entry leaves every total; false when it was cancelled meanwhile or the batch closed. */
export async function cancelEntry(t: number, bandeId: number, kind: EntryKind, id: number, totals: Totals): Promise<boolean> {
  return transactIfAllowed([mayRefuse(entryCancelUpdate(t, bandeId, kind, id)), mayRefuse(totalsUpdate(t, bandeId, totals))]);
}

/** The stored attributes that are keys, not fields of the entry. */
const isKeyAttribute = (name: string) => name === 'PK' || name === 'SK' || name === 'entity' || name === 'version' || name === 'GSI2PK' || name === 'GSI2SK';

/**
 * An item's fields without its keys, in the item's order. One loop rather than a rest
 * destructuring: the batch detail copies hundreds of entries per request, and V8 copies a rest
 * object with excluded names on its slow path (half the time of the loop, measured on 500 entries).
 */
function entryFields(i: Record<string, any>): Record<string, any> {
  const out: Record<string, any> = {};
  for (const name of Object.keys(i)) if (!isKeyAttribute(name)) out[name] = i[name];
  return out;
}

/** An entry as answered: its fields and the day it counts on (`date`, computed for entries recorded before entries were dated). */
export function entryView<T>(kind: EntryKind, i: Record<string, any>): T {
  const out = entryFields(i);
  // Assigned after the copy: an entry's own `date` keeps its place in the answer, as a spread kept it.
  out.date = entryDay(kind, i);
  return out as T;
}

// ── period dashboard (GSI2: by business and date) ──
// A range is read by key condition only: its size follows the range, not the history.

export interface DayEntry {
  /** ACH: a feed purchase of the farm's store (functions/aliment): no batch (`bandeId` NaN). */
  kind: EntryKind | 'ACH';
  day: string;
  bandeId: number;
  item: Record<string, any>;
}

/** Every entry (cancelled ones included: the caller decides) dated in [debut, fin], whole days. */
export async function entriesBetween(t: number, debut: string, fin: string): Promise<DayEntry[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :s AND :e',
    ExpressionAttributeValues: { ':pk': k.byDayPk(t), ':s': `${debut}#`, ':e': `${fin}#~` },
  });
  return items.map((i) => {
    const sk = String(i.GSI2SK);
    return { kind: sk.slice(11, 14) as DayEntry['kind'], day: sk.slice(0, 10), bandeId: Number(i.id_bande), item: entryFields(i) };
  });
}

// ── expenses of flock health (functions/sante) ──

/**
 * The « Vaccins et médicaments » expense (type 3) a step's or a treatment's cost becomes, as
 * transaction items the sante domain runs with its own write: the entry (linked back by
 * `id_etape` or `id_traitement`, so that it is cancelled with its source and never on its own),
 * its id → batch pointer and the batch's expenses total (the batch must be active; `guard` as any
 * entry).
 */
export function santeDepenseItems(
  t: number,
  bandeId: number,
  d: { id: number; date: string; designation: string; cout: number; created_at: string; id_etape?: number; id_traitement?: number },
  guard?: Guard,
  sante?: SanteSet,
): TxItem[] {
  const entry = {
    id: d.id,
    id_bande: bandeId,
    id_type_depense: 3,
    designation: d.designation,
    prix_unitaire: d.cout,
    quantite: 1,
    prix_total: d.cout,
    created_at: d.created_at,
    date: d.date,
    ...(d.id_etape ? { id_etape: d.id_etape } : {}),
    ...(d.id_traitement ? { id_traitement: d.id_traitement } : {}),
  };
  return [
    { Put: { ...entryPut(t, bandeId, 'DEP', entry, 1), ConditionExpression: 'attribute_not_exists(PK)' } },
    entryRefPut(t, bandeId, 'DEP', d.id),
    totalsUpdate(t, bandeId, { depense: d.cout }, guard, sante),
  ];
}

/**
 * Cancels such an expense with its source: the entry (not cancelled yet) and the batch's total.
 * A treatment's cancel passes its `guard` and `sante` change, merged into the same BANDE update.
 */
export function santeDepenseCancelItems(t: number, bandeId: number, d: { id: number; prix_total: number }, guard?: Guard, sante?: SanteSet): TxItem[] {
  return [entryCancelUpdate(t, bandeId, 'DEP', d.id), totalsUpdate(t, bandeId, { depense: -d.prix_total }, guard, sante)];
}

/** A treatment's change to the BANDE item when it moves no money (no cost): the batch must be active, `guard` as read. */
export function santeBandeUpdate(t: number, bandeId: number, sante: SanteSet, guard?: Guard): TxItem {
  return totalsUpdate(t, bandeId, {}, guard, sante);
}

/**
 * The BANDE item's part in a write that moves none of its totals (a feed consumption from the
 * farm's store, functions/aliment): the batch must be active and not archived, and
 * `guard` holds (a `{ start }` guard: its day still on or after the start); the revision moves, so
 * a batch edit moving the start or closing it reads the write again.
 */
export function bandeGuardUpdate(t: number, bandeId: number, guard: Guard): TxItem {
  return totalsUpdate(t, bandeId, {}, guard);
}
