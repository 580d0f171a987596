// Batches (bandes) and their entries. Owns every key of the domain (docs/data-model.md):
//   batch collection  PK ENT#<t>#BANDE#<id>   SK BANDE | DEP#<id> | VTE#<id> | PRT#<id> | PES#<id> | COL#<id> | ABT#<id>
//                     (ABT#: the batch's copy of a slaughter record's quantity and day, issue 17)
//   batches by start  GSI1PK ENT#<t>#BANDES   GSI1SK <yyyy-mm-dd>#<id>   (on the BANDE item only)
//   entry → batch     PK ENT#<t>              SK BANDEREF#<kind>#<id>    (the GET deletions carry only the entry id)
//   bird quota        PK ENT#<t>              SK BANDES#SUJETS_ACTIFS    n = birds in active batches
//   entries by day    GSI2PK ENT#<t>#JOUR     GSI2SK <yyyy-mm-dd>#<kind>#<id>   (every entry item: period dashboard)
//   batches by end    GSI2PK ENT#<t>#BANDES_FIN GSI2SK <closing day or 9999-12-31>#<id> (BANDE items: batches active in a period)
// The BANDE item carries running totals (nb_perte, chiffre_affaire, depense, nb_vendu) changed in
// the same transaction as each entry, so the list and the dashboard never read an entry, and a
// revision `rev` that every write checked against the batch's limits conditions on and moves
// (issue 17: `Guard` below), so two such writes on one batch never both pass on the same reading.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { sujetsVivants } from '../../shared/formulas';
import { addDays } from '../../shared/dates';
import { MAX_MONTANT } from '../../shared/schemas/common';
import type { AbatageDuLot, BandeStatut, BandeSummary, BandeType, Collecte, Depense, Perte, Pesage, Vente } from '../../shared/schemas/bandes';
import { cancelledIndex, ddb, tableName } from '../lib/ddb';
import { queryAll, transact as runTransaction, type TxItem } from '../lib/store';
import { tenantPk } from '../lib/repo/keys';

const pad = (id: number) => String(id).padStart(10, '0');

export type EntryKind = 'DEP' | 'VTE' | 'PRT' | 'PES' | 'COL';

const k = {
  bandePk: (t: number, id: number) => `${tenantPk(t)}#BANDE#${id}`,
  bande: (t: number, id: number) => ({ PK: k.bandePk(t, id), SK: 'BANDE' }),
  entry: (t: number, bandeId: number, kind: EntryKind, id: number) => ({ PK: k.bandePk(t, bandeId), SK: `${kind}#${pad(id)}` }),
  abatage: (t: number, bandeId: number, id: number) => ({ PK: k.bandePk(t, bandeId), SK: `ABT#${pad(id)}` }),
  byStartPk: (t: number) => `${tenantPk(t)}#BANDES`,
  byStartSk: (date: string, id: number) => `${date.slice(0, 10)}#${pad(id)}`,
  ref: (t: number, kind: EntryKind, id: number) => ({ PK: tenantPk(t), SK: `BANDEREF#${kind}#${pad(id)}` }),
  quota: (t: number) => ({ PK: tenantPk(t), SK: 'BANDES#SUJETS_ACTIFS' }),
  byDayPk: (t: number) => `${tenantPk(t)}#JOUR`,
  byEndPk: (t: number) => `${tenantPk(t)}#BANDES_FIN`,
  byEndSk: (closedDay: string | null, id: number) => `${closedDay ? closedDay.slice(0, 10) : OPEN_END}#${pad(id)}`,
};

/** GSI2 sort-key day of a batch that is not closed: after every real day. */
const OPEN_END = '9999-12-31';

/**
 * The day an entry counts on: weighings and collections carry their own date; expenses, sales and
 * losses their `date` (issue 17), or — recorded before it existed — the day they were created.
 */
export function entryDay(kind: EntryKind, entry: Record<string, unknown>): string {
  const raw = kind === 'PES' ? entry.date_prise : kind === 'COL' ? entry.date_collecte : entry.date;
  return String(raw ?? entry.created_at ?? '').slice(0, 10);
}

/** GSI2 attributes of an entry (written with every Put of an entry; the migration backfills older ones). */
export function entryDayIndex(t: number, kind: EntryKind, entry: Record<string, unknown> & { id: number }) {
  return { GSI2PK: k.byDayPk(t), GSI2SK: `${entryDay(kind, entry)}#${kind}#${pad(entry.id)}` };
}

/** GSI2 attributes of a BANDE item: its closing day, or the open end while active. */
export function bandeEndIndex(t: number, id: number, closedAt: string | null) {
  return { GSI2PK: k.byEndPk(t), GSI2SK: k.byEndSk(closedAt, id) };
}

/** The bird-quota item: the operator's console reads it as the business's usage. */
export const quotaKey = k.quota;

/** A transaction refused by one of its conditions: which item (index) refused. */
export class TxRefused extends Error {
  constructor(readonly index: number) {
    super(`transaction condition ${index} failed`);
  }
}

/**
 * Conflicts retried in lib/store, for a write whose route retries a lost race itself
 * (functions/bandes/limits.ts `untilWritten`): two writes to one batch conflict when they touch its
 * item at once, and the loser's condition (the batch's revision) fails anyway once the winner
 * commits, so re-reading and re-checking soon beats a long backoff on a write already stale.
 */
export const GUARDED_CONFLICT_ATTEMPTS = 3;

/** Runs a transaction (conflicts retried in lib/store); a failed condition becomes TxRefused. */
async function transact(items: TxItem[], attempts?: number): Promise<void> {
  try {
    await runTransaction(items, attempts);
  } catch (err) {
    const failed = cancelledIndex(err);
    if (failed >= 0) throw new TxRefused(failed);
    throw err;
  }
}

// ── batches ──

export type BandeItem = BandeSummary;

function toBande(i: Record<string, any>): BandeItem {
  return {
    id: Number(i.id),
    nom: String(i.nom),
    type: i.type as BandeType,
    nb_sujet: Number(i.nb_sujet),
    date_demarage: String(i.date_demarage),
    statut: (i.statut ?? 'ACTIVE') as BandeStatut,
    nb_perte: Number(i.nb_perte ?? 0),
    chiffre_affaire: Number(i.chiffre_affaire ?? 0),
    depense: Number(i.depense ?? 0),
    nb_vendu: Math.round(Number(i.nb_vendu ?? 0) * 100) / 100,
    nb_abattu: Number(i.nb_abattu ?? 0),
    created_at: String(i.created_at),
    ...(i.race ? { race: String(i.race) } : {}),
    ...(i.age_demarrage !== undefined ? { age_demarrage: Number(i.age_demarrage) } : {}),
    ...(i.closed_at ? { closed_at: String(i.closed_at) } : {}),
    ...(i.archive_at ? { archive: true as const } : {}),
  };
}

/**
 * The condition every write on a batch's figures carries: the batch is active and not archived
 * (issue 18: an archived batch takes nothing until restored, like a closed one; `:active` is bound
 * by the caller).
 */
const OPEN = 'statut = :active AND attribute_not_exists(archive_at)';

// ── the batch's state for its limits (issue 17) ──

/** A batch with its counts exactly as stored, its revision, and the live count they give. */
export interface BandeCounts {
  bande: BandeItem;
  raw: { nb_sujet: number; nb_perte: number; nb_vendu: number; nb_abattu: number | null };
  /** Birds still alive (shared/formulas.ts `sujetsVivants`). */
  live: number;
  /** The batch's revision as read (0 on a batch never guarded yet). */
  rev: number;
}

function countsOf(i: Record<string, any>): BandeCounts {
  const raw = { nb_sujet: Number(i.nb_sujet), nb_perte: Number(i.nb_perte ?? 0), nb_vendu: Number(i.nb_vendu ?? 0), nb_abattu: i.nb_abattu === undefined ? null : Number(i.nb_abattu) };
  const bande = toBande(i);
  return { bande, raw, live: sujetsVivants({ type: bande.type, ...raw }), rev: Number(i.rev ?? 0) };
}

/**
 * Everything a write checked against the batch's limits reads: the counts and revision, the losses,
 * sales, weighings, collections (cancelled ones left out, sales kept with their etat) and the
 * slaughters' copies; the expenses only when asked (a batch edit: its earliest dated entry).
 */
export interface BandeState extends BandeCounts {
  pertes: Perte[];
  ventes: Vente[];
  pesages: Pesage[];
  collectes: Collecte[];
  depenses: Depense[];
  /** The batch's copies of its slaughter records (ABT# items). */
  abatages: AbatageDuLot[];
  /** True when the copies account for every slaughtered bird (records made before the copies existed do not). */
  abatagesComplets: boolean;
}

export async function bandeState(t: number, id: number, withDepenses = false): Promise<BandeState | null> {
  const pk = k.bandePk(t, id);
  // Two key ranges around DEP# (ABT#, BANDE, COL# | PES#, PRT#, VTE#): the expenses, the biggest
  // part of a batch, are not read by the checks that do not need them.
  const ranges = withDepenses
    ? [{ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } }]
    : [
        { KeyConditionExpression: 'PK = :pk AND SK < :dep', ExpressionAttributeValues: { ':pk': pk, ':dep': 'DEP#' } },
        { KeyConditionExpression: 'PK = :pk AND SK > :dep', ExpressionAttributeValues: { ':pk': pk, ':dep': 'DEP#~' } },
      ];
  const items = (await Promise.all(ranges.map((r) => queryAll({ TableName: tableName(), ConsistentRead: true, ...r })))).flat();
  const head = items.find((i) => i.SK === 'BANDE');
  if (!head) return null;
  const c = collectionOf(items);
  const abattus = c.abatages.reduce((s, a) => s + a.quantite, 0);
  const counts = countsOf(head);
  return { ...counts, pertes: c.pertes, ventes: c.ventes, pesages: c.pesages, collectes: c.collectes, depenses: c.depenses, abatages: c.abatages, abatagesComplets: abattus === (counts.raw.nb_abattu ?? 0) };
}

/**
 * How a write on a batch's entries is serialised with the others (issue 17):
 * - `rev`: the write was checked against the batch as read at revision `rev` (birds alive, eggs of
 *   a day, a weighing's sample, the start date…): it commits only if no other guarded write landed
 *   since, and moves the revision. A loser re-reads, re-checks and writes again (routes).
 * - `start`: the write only needs its day to stay on or after the batch's start (an expense, a
 *   layer batch's egg sale): it commits while the start is before the day after its day, and moves
 *   the revision, so that a batch edit moving the start re-checks the entries.
 * No guard (cancellations): the write only gives birds back or removes a record; nothing to check.
 */
export type Guard = { rev: number } | { start: string };

export const revGuard = (c: { rev: number }): Guard => ({ rev: c.rev });

function guardParts(guard: Guard | undefined): { cond: string[]; values: Record<string, unknown>; bump: boolean } {
  if (!guard) return { cond: [], values: {}, bump: false };
  if ('rev' in guard) return guard.rev ? { cond: ['rev = :g_rev'], values: { ':g_rev': guard.rev }, bump: true } : { cond: ['attribute_not_exists(rev)'], values: {}, bump: true };
  // `date_demarage` may carry a time: "before the next day" is "on or before the day".
  return { cond: ['date_demarage < :g_next'], values: { ':g_next': addDays(guard.start, 1) }, bump: true };
}

/**
 * Slaughtered birds leave (delta > 0) or come back to (delta < 0) a batch, as transaction items:
 * the batch's count (the batch must be active; `guard` when checked), and its copy of the record
 * (`copy`: its quantity and day; null removes it, the record left the batch).
 */
export function abatageItems(t: number, bandeId: number, delta: number, id: number, copy: { quantite: number; date: string } | null, guard?: Guard): TxItem[] {
  const g = guardParts(guard);
  const adds = [...(delta !== 0 ? ['nb_abattu :d'] : []), ...(g.bump ? ['rev :one'] : [])];
  return [
    {
      Update: {
        TableName: tableName(),
        Key: k.bande(t, bandeId),
        UpdateExpression: adds.length ? `ADD ${adds.join(', ')}` : 'SET statut = :active',
        ConditionExpression: [OPEN, ...g.cond].join(' AND '),
        ExpressionAttributeValues: { ':active': 'ACTIVE', ...(delta !== 0 ? { ':d': delta } : {}), ...(g.bump ? { ':one': 1 } : {}), ...g.values },
      },
    },
    copy
      ? { Put: { TableName: tableName(), Item: { ...k.abatage(t, bandeId, id), entity: 'BANDE_ABT', id, quantite: copy.quantite, date: copy.date.slice(0, 10) } } }
      : { Delete: { TableName: tableName(), Key: k.abatage(t, bandeId, id) } },
  ];
}

export async function getBande(t: number, id: number): Promise<BandeItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.bande(t, id), ConsistentRead: true }));
  return out.Item ? toBande(out.Item) : null;
}

/** Every batch of the business, newest start first (GSI1, key condition on the tenant). */
export async function listBandes(t: number): Promise<BandeItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': k.byStartPk(t) },
    ScanIndexForward: false,
  });
  return items.map(toBande);
}

/** Batches whose start date lies in [start, end] (inclusive; null = open bound). */
export async function bandesByStart(t: number, start: string | null, end: string | null): Promise<BandeItem[]> {
  const values: Record<string, string> = { ':pk': k.byStartPk(t) };
  let range = '';
  // '#' sorts before digits and '~' after them: the bounds take whole days.
  if (start && end) {
    range = ' AND GSI1SK BETWEEN :s AND :e';
    values[':s'] = `${start}#`;
    values[':e'] = `${end}#~`;
  } else if (start) {
    range = ' AND GSI1SK >= :s';
    values[':s'] = `${start}#`;
  } else if (end) {
    range = ' AND GSI1SK <= :e';
    values[':e'] = `${end}#~`;
  }
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: `GSI1PK = :pk${range}`,
    ExpressionAttributeValues: values,
  });
  return items.map(toBande);
}

export interface BandeCollection {
  bande: BandeItem;
  depenses: Depense[];
  ventes: Vente[];
  pertes: Perte[];
  pesages: Pesage[];
  collectes: Collecte[];
  abatages: AbatageDuLot[];
}

function entryFields(i: Record<string, any>) {
  const { PK: _pk, SK: _sk, entity: _e, version: _v, GSI2PK: _g1, GSI2SK: _g2, ...rest } = i;
  return rest;
}

const KINDS: readonly EntryKind[] = ['DEP', 'VTE', 'PRT', 'PES', 'COL'];

/** An entry as answered: its fields and the day it counts on (`date`, computed for entries recorded before issue 17). */
export function entryView<T>(kind: EntryKind, i: Record<string, any>): T {
  return { ...entryFields(i), date: entryDay(kind, i) } as T;
}

/** The entries of a batch's items: cancelled ones leave the lists, except sales (kept with etat DELETED, spec). */
function collectionOf(items: Record<string, any>[]): Omit<BandeCollection, 'bande'> & { bande: BandeItem | null } {
  const out: Omit<BandeCollection, 'bande'> & { bande: BandeItem | null } = { bande: null, depenses: [], ventes: [], pertes: [], pesages: [], collectes: [], abatages: [] };
  for (const i of items) {
    const sk = String(i.SK);
    if (sk === 'BANDE') {
      out.bande = toBande(i);
      continue;
    }
    if (sk.startsWith('ABT#')) {
      out.abatages.push({ id: Number(i.id), quantite: Number(i.quantite), date: String(i.date).slice(0, 10) });
      continue;
    }
    const kind = KINDS.find((kd) => sk.startsWith(`${kd}#`));
    if (!kind || (i.etat === 'DELETED' && kind !== 'VTE')) continue;
    const list = { DEP: out.depenses, VTE: out.ventes, PRT: out.pertes, PES: out.pesages, COL: out.collectes }[kind] as unknown[];
    list.push(entryView(kind, i));
  }
  return out;
}

/** The batch and all its entries: one Query on the collection (paged past 1 MB). */
export async function getCollection(t: number, id: number, only?: EntryKind): Promise<BandeCollection | null> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: only ? 'PK = :pk AND begins_with(SK, :sk)' : 'PK = :pk',
    ExpressionAttributeValues: only ? { ':pk': k.bandePk(t, id), ':sk': `${only}#` } : { ':pk': k.bandePk(t, id) },
    ConsistentRead: true,
  });
  const out = collectionOf(items);
  if (!only && !out.bande) return null;
  return out as BandeCollection;
}

/** Quota: null max = unlimited. The counter is the sum of nb_sujet over ACTIVE batches. */
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

export async function activeBirds(t: number): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.quota(t), ConsistentRead: true }));
  return Number(out.Item?.n ?? 0);
}

export type QuotaResult = 'ok' | 'quota' | 'conflict';

export async function createBande(
  t: number,
  b: Pick<BandeItem, 'id' | 'nom' | 'type' | 'nb_sujet' | 'date_demarage' | 'race' | 'age_demarrage'>,
  max: number | null,
): Promise<{ result: QuotaResult; bande?: BandeItem }> {
  const item = {
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
    created_at: new Date().toISOString(),
  };
  try {
    await transact([
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
      quotaAdd(t, b.nb_sujet, max),
    ]);
  } catch (err) {
    if (err instanceof TxRefused) return { result: err.index === 1 ? 'quota' : 'conflict' };
    throw err;
  }
  return { result: 'ok', bande: toBande(item) };
}

export async function updateBande(
  t: number,
  old: BandeCounts,
  b: Pick<BandeItem, 'nom' | 'type' | 'nb_sujet' | 'date_demarage' | 'race' | 'age_demarrage'>,
  max: number | null,
): Promise<QuotaResult> {
  const delta = b.nb_sujet - old.raw.nb_sujet;
  // The revision read in the condition: a concurrent edit cannot slip past the quota, nor a loss,
  // sale, slaughter, collection or weighing past the checks made on the batch as read, nor an
  // entry dated before the new start (every entry write moves the revision).
  const g = guardParts(revGuard(old));
  const items: TxItem[] = [
    {
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
    },
  ];
  if (delta !== 0) items.push(quotaAdd(t, delta, max));
  try {
    await transact(items, GUARDED_CONFLICT_ATTEMPTS);
    return 'ok';
  } catch (err) {
    if (err instanceof TxRefused) return err.index === 1 ? 'quota' : 'conflict';
    throw err;
  }
}

/** Closes an active batch and frees its birds from the quota. */
export async function closeBande(t: number, b: BandeItem): Promise<boolean> {
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: k.bande(t, b.id),
          UpdateExpression: 'SET statut = :closed, closed_at = :now, GSI2PK = :endPk, GSI2SK = :endSk',
          ConditionExpression: `${OPEN} AND nb_sujet = :ns`,
          ExpressionAttributeValues: (() => {
            const now = new Date().toISOString();
            const end = bandeEndIndex(t, b.id, now);
            return { ':closed': 'CLOTUREE', ':active': 'ACTIVE', ':ns': b.nb_sujet, ':now': now, ':endPk': end.GSI2PK, ':endSk': end.GSI2SK };
          })(),
        },
      },
      quotaAdd(t, -b.nb_sujet, null),
    ]);
    return true;
  } catch (err) {
    if (err instanceof TxRefused) return false;
    throw err;
  }
}

/**
 * Archives or restores a batch (issue 18), as read (`b`: its status and birds must not have moved
 * since). The revision moves, so a write checked on the batch before it re-reads and meets the
 * archive. An active batch's birds leave the plan's count while archived (the batch takes no entry
 * then) and come back on restore within the plan's limit (`max`; 'quota' when it is reached).
 */
export async function archiveBande(t: number, b: BandeItem, archive: boolean, max: number | null): Promise<QuotaResult> {
  const items: TxItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: k.bande(t, b.id),
        UpdateExpression: archive ? 'SET archive_at = :now ADD rev :one' : 'REMOVE archive_at ADD rev :one',
        ConditionExpression: `statut = :st AND nb_sujet = :ns AND ${archive ? 'attribute_not_exists(archive_at)' : 'attribute_exists(archive_at)'}`,
        ExpressionAttributeValues: { ':st': b.statut, ':ns': b.nb_sujet, ':one': 1, ...(archive ? { ':now': new Date().toISOString() } : {}) },
      },
    },
  ];
  if (b.statut === 'ACTIVE') items.push(quotaAdd(t, archive ? -b.nb_sujet : b.nb_sujet, archive ? null : max));
  try {
    await transact(items);
    return 'ok';
  } catch (err) {
    if (err instanceof TxRefused) return err.index === 1 ? 'quota' : 'conflict';
    throw err;
  }
}

// ── entries ──

export interface Totals {
  nb_perte?: number;
  chiffre_affaire?: number;
  depense?: number;
  nb_vendu?: number;
}

/** Money totals that only grow by bounded steps: capped at MAX_MONTANT so every read stays exact. */
const CAPPED_TOTALS = new Set(['chiffre_affaire', 'depense']);

/**
 * The batch's running totals move with the entry; the batch must be active (and exist), and the
 * write is serialised with the others by its `guard`. A money total that grows must stay ≤
 * MAX_MONTANT (the routes check it first with a clear message; this condition is what holds under
 * concurrency).
 */
function totalsUpdate(t: number, bandeId: number, d: Totals, guard?: Guard): TxItem {
  const adds: string[] = [];
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
  const conditions = [OPEN, ...caps, ...g.cond];
  return {
    Update: {
      TableName: tableName(),
      Key: k.bande(t, bandeId),
      UpdateExpression: adds.length ? `ADD ${adds.join(', ')}` : 'SET statut = :active',
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
    },
  };
}

/** New entry: the entry, its id → batch pointer, and the batch totals, all or nothing. */
export async function addEntry(
  t: number,
  bandeId: number,
  kind: EntryKind,
  entry: Record<string, unknown> & { id: number },
  totals: Totals,
  guard?: Guard,
): Promise<boolean> {
  try {
    await transact([
      {
        Put: {
          TableName: tableName(),
          Item: { ...k.entry(t, bandeId, kind, entry.id), ...entryDayIndex(t, kind, entry), entity: `BANDE_${kind}`, version: 1, ...entry },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      { Put: { TableName: tableName(), Item: { ...k.ref(t, kind, entry.id), entity: 'BANDE_REF', bandeId } } },
      totalsUpdate(t, bandeId, totals, guard),
    ], guard ? GUARDED_CONFLICT_ATTEMPTS : undefined);
    return true;
  } catch (err) {
    if (err instanceof TxRefused) return false;
    throw err;
  }
}

export async function getEntry(t: number, bandeId: number, kind: EntryKind, id: number): Promise<Record<string, any> | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.entry(t, bandeId, kind, id), ConsistentRead: true }));
  return out.Item ?? null;
}

/** Which batch an entry belongs to (the GET deletions only carry the entry id). */
export async function entryBande(t: number, kind: EntryKind, id: number): Promise<number | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.ref(t, kind, id), ConsistentRead: true }));
  return out.Item ? Number(out.Item.bandeId) : null;
}

/** Replaces an entry read at `version`; the batch totals move by the difference. */
export async function replaceEntry(
  t: number,
  bandeId: number,
  kind: EntryKind,
  version: number,
  entry: Record<string, unknown> & { id: number },
  totals: Totals,
  guard?: Guard,
): Promise<boolean> {
  try {
    await transact([
      {
        Put: {
          TableName: tableName(),
          Item: { ...k.entry(t, bandeId, kind, entry.id), ...entryDayIndex(t, kind, entry), entity: `BANDE_${kind}`, version: version + 1, ...entry },
          ConditionExpression: 'version = :v AND (attribute_not_exists(etat) OR etat <> :del)',
          ExpressionAttributeValues: { ':v': version, ':del': 'DELETED' },
        },
      },
      totalsUpdate(t, bandeId, totals, guard),
    ], guard ? GUARDED_CONFLICT_ATTEMPTS : undefined);
    return true;
  } catch (err) {
    if (err instanceof TxRefused) return false;
    throw err;
  }
}

/** Soft delete: the entry keeps its data with etat DELETED and leaves every total. */
export async function cancelEntry(t: number, bandeId: number, kind: EntryKind, id: number, totals: Totals): Promise<boolean> {
  try {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: k.entry(t, bandeId, kind, id),
          UpdateExpression: 'SET etat = :del, deleted_at = :now ADD version :one',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(etat) OR etat <> :del)',
          ExpressionAttributeValues: { ':del': 'DELETED', ':now': new Date().toISOString(), ':one': 1 },
        },
      },
      totalsUpdate(t, bandeId, totals),
    ]);
    return true;
  } catch (err) {
    if (err instanceof TxRefused) return false;
    throw err;
  }
}

// ── shop sales naming a batch (functions/ventes) ──
// A shop sale that names a batch records batch sales in the SAME transaction as the shop sale
// (stock, creance), so the batch revenue can never disagree with the shop. These builders only
// return transaction items; the ventes domain runs the transaction. Added by the shop engineer.

/**
 * Entries (one per shop line, dated the line's day), their id → batch pointers and ONE totals
 * update; the batch must be active, and the write is serialised by `guard` (functions/bandes/limits.ts
 * `shopSaleGuard`: a broiler batch's birds alive).
 */
export function shopSaleEntryItems(
  t: number,
  bandeId: number,
  entries: (Record<string, unknown> & { id: number; quantite: number; prix_total: number; created_at: string })[],
  guard?: Guard,
): TxItem[] {
  const items: TxItem[] = [];
  for (const e of entries) {
    const entry = { ...e, date: e.created_at.slice(0, 10) };
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...k.entry(t, bandeId, 'VTE', entry.id), ...entryDayIndex(t, 'VTE', entry), entity: 'BANDE_VTE', version: 1, ...entry },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
    items.push({ Put: { TableName: tableName(), Item: { ...k.ref(t, 'VTE', entry.id), entity: 'BANDE_REF', bandeId } } });
  }
  const chiffre = entries.reduce((s, e) => s + e.prix_total, 0);
  const vendus = entries.reduce((s, e) => s + e.quantite, 0);
  items.push(totalsUpdate(t, bandeId, { chiffre_affaire: chiffre, nb_vendu: vendus }, guard));
  return items;
}

/** Cancels one such entry (not cancelled yet) and takes it out of the batch totals; the batch must be active. */
export function shopSaleCancelItems(t: number, bandeId: number, entry: { id: number; quantite: number; prix_total: number }): TxItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: k.entry(t, bandeId, 'VTE', entry.id),
        UpdateExpression: 'SET etat = :del, deleted_at = :now ADD version :one',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(etat) OR etat <> :del)',
        ExpressionAttributeValues: { ':del': 'DELETED', ':now': new Date().toISOString(), ':one': 1 },
      },
    },
    totalsUpdate(t, bandeId, { chiffre_affaire: -entry.prix_total, nb_vendu: -entry.quantite }),
  ];
}

// ── period dashboard (GSI2: by business and date) ──
// A range is read by key condition only: the entries dated in it, and the batches not closed
// before it. Neither read grows with the entries outside the range.

export interface DayEntry {
  kind: EntryKind;
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
    return { kind: sk.slice(11, 14) as EntryKind, day: sk.slice(0, 10), bandeId: Number(i.id_bande), item: entryFields(i) };
  });
}

/** Batches active at some point of [debut, fin]: not closed before debut (key condition), started by fin. */
export async function bandesActiveBetween(t: number, debut: string, fin: string): Promise<BandeItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK >= :s',
    ExpressionAttributeValues: { ':pk': k.byEndPk(t), ':s': `${debut}#` },
  });
  return items.map(toBande).filter((b) => b.date_demarage.slice(0, 10) <= fin);
}

// ── breed standards: a business's own targets (shared/breeds.ts) ──
//   PK ENT#<t>  SK RACE#<code>   poids, ic, ponte (replacing the published curves)

export async function racesOf(t: number): Promise<Record<string, any>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': tenantPk(t), ':sk': 'RACE#' },
    ConsistentRead: true,
  });
}

export async function saveRace(t: number, race: { code: string; poids: unknown[]; ic: unknown[]; ponte: unknown[] }): Promise<void> {
  await ddb().send(
    new PutCommand({ TableName: tableName(), Item: { PK: tenantPk(t), SK: `RACE#${race.code}`, entity: 'RACE', ...race, updated_at: new Date().toISOString() } }),
  );
}
