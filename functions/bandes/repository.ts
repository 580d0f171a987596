// Batches (bandes) and their entries. Owns every key of the domain (docs/data-model.md):
//   batch collection  PK ENT#<t>#BANDE#<id>   SK BANDE | DEP#<id> | VTE#<id> | PRT#<id> | PES#<id> | COL#<id>
//   batches by start  GSI1PK ENT#<t>#BANDES   GSI1SK <yyyy-mm-dd>#<id>   (on the BANDE item only)
//   entry → batch     PK ENT#<t>              SK BANDEREF#<kind>#<id>    (the GET deletions carry only the entry id)
//   bird quota        PK ENT#<t>              SK BANDES#SUJETS_ACTIFS    n = birds in active batches
//   entries by day    GSI2PK ENT#<t>#JOUR     GSI2SK <yyyy-mm-dd>#<kind>#<id>   (every entry item: period dashboard)
//   batches by end    GSI2PK ENT#<t>#BANDES_FIN GSI2SK <closing day or 9999-12-31>#<id> (BANDE items: batches active in a period)
// The BANDE item carries running totals (nb_perte, chiffre_affaire, depense, nb_vendu) changed in
// the same transaction as each entry, so the list and the dashboard never read an entry.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { sujetsVivants } from '../../shared/formulas';
import { MAX_MONTANT } from '../../shared/schemas/common';
import type { BandeStatut, BandeSummary, BandeType, Collecte, Depense, Perte, Pesage, Vente } from '../../shared/schemas/bandes';
import { cancelledIndex, ddb, tableName } from '../lib/ddb';
import { queryAll, transact as runTransaction, type TxItem } from '../lib/store';
import { tenantPk } from '../lib/repo/keys';

const pad = (id: number) => String(id).padStart(10, '0');

export type EntryKind = 'DEP' | 'VTE' | 'PRT' | 'PES' | 'COL';

const k = {
  bandePk: (t: number, id: number) => `${tenantPk(t)}#BANDE#${id}`,
  bande: (t: number, id: number) => ({ PK: k.bandePk(t, id), SK: 'BANDE' }),
  entry: (t: number, bandeId: number, kind: EntryKind, id: number) => ({ PK: k.bandePk(t, bandeId), SK: `${kind}#${pad(id)}` }),
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

/** The day an entry counts on: weighings and collections carry their own date, the rest their creation day. */
export function entryDay(kind: EntryKind, entry: Record<string, unknown>): string {
  const raw = kind === 'PES' ? entry.date_prise : kind === 'COL' ? entry.date_collecte : entry.created_at;
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

/** Runs a transaction (conflicts retried in lib/store); a failed condition becomes TxRefused. */
async function transact(items: TxItem[]): Promise<void> {
  try {
    await runTransaction(items);
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
  };
}

// ── live birds (slaughter, issue 8; losses and batch edits) ──

/** An extra condition on the batch item in an entry's transaction. */
export interface BatchCondition {
  expr: string;
  values: Record<string, unknown>;
  names?: Record<string, string>;
}

/** A batch with its counts exactly as stored, for a conditional update on them. */
export interface BandeCounts {
  bande: BandeItem;
  raw: { nb_sujet: number; nb_perte: number; nb_vendu: number; nb_abattu: number | null };
  /** Birds still alive (shared/formulas.ts `sujetsVivants`). */
  live: number;
}

export async function bandeCounts(t: number, id: number): Promise<BandeCounts | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.bande(t, id), ConsistentRead: true }));
  if (!out.Item) return null;
  const i = out.Item;
  const raw = { nb_sujet: Number(i.nb_sujet), nb_perte: Number(i.nb_perte ?? 0), nb_vendu: Number(i.nb_vendu ?? 0), nb_abattu: i.nb_abattu === undefined ? null : Number(i.nb_abattu) };
  const bande = toBande(i);
  return { bande, raw, live: sujetsVivants({ type: bande.type, ...raw }) };
}

/**
 * The condition "the batch's counts and type are still those read": birds leaving the batch (a
 * loss, a slaughter) were checked against the live count computed from them, so any loss, sale,
 * slaughter, edit of the placed birds or of the type in between makes the writer re-read and check
 * again, and the live count never goes below 0 under concurrency.
 */
export function countsCondition(c: BandeCounts): BatchCondition {
  const values: Record<string, unknown> = { ':c_ns': c.raw.nb_sujet, ':c_np': c.raw.nb_perte, ':c_nv': c.raw.nb_vendu, ':c_ty': c.bande.type };
  let expr = 'nb_sujet = :c_ns AND #ty = :c_ty AND (attribute_not_exists(nb_perte) OR nb_perte = :c_np) AND (attribute_not_exists(nb_vendu) OR nb_vendu = :c_nv)';
  if (c.raw.nb_abattu === null) expr += ' AND attribute_not_exists(nb_abattu)';
  else {
    expr += ' AND nb_abattu = :c_na';
    values[':c_na'] = c.raw.nb_abattu;
  }
  return { expr, values, names: { '#ty': 'type' } };
}

/**
 * Slaughtered birds leave (delta > 0) or come back to (delta < 0) a batch's live count, as a
 * transaction item: the batch must be active, and when birds leave, its counts must still be those
 * read (`countsCondition`; the caller checked `delta <= live` on them).
 */
export function abattusUpdate(t: number, c: BandeCounts, delta: number): TxItem {
  const cond = delta > 0 ? countsCondition(c) : null;
  return {
    Update: {
      TableName: tableName(),
      Key: k.bande(t, c.bande.id),
      UpdateExpression: 'ADD nb_abattu :d',
      ConditionExpression: ['statut = :active', ...(cond ? [cond.expr] : [])].join(' AND '),
      ExpressionAttributeValues: { ':active': 'ACTIVE', ':d': delta, ...cond?.values },
      ...(cond ? { ExpressionAttributeNames: cond.names } : {}),
    },
  };
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
}

function entryFields(i: Record<string, any>) {
  const { PK: _pk, SK: _sk, entity: _e, version: _v, GSI2PK: _g1, GSI2SK: _g2, ...rest } = i;
  return rest;
}

/** The batch and all its entries: one Query on the collection (paged past 1 MB). */
export async function getCollection(t: number, id: number, only?: EntryKind): Promise<BandeCollection | null> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: only ? 'PK = :pk AND begins_with(SK, :sk)' : 'PK = :pk',
    ExpressionAttributeValues: only ? { ':pk': k.bandePk(t, id), ':sk': `${only}#` } : { ':pk': k.bandePk(t, id) },
    ConsistentRead: true,
  });
  const out: BandeCollection = { bande: null as unknown as BandeItem, depenses: [], ventes: [], pertes: [], pesages: [], collectes: [] };
  for (const i of items) {
    const sk = String(i.SK);
    if (sk === 'BANDE') out.bande = toBande(i);
    else if (i.etat === 'DELETED' && !sk.startsWith('VTE#')) continue; // cancelled expenses/losses leave the lists
    else if (sk.startsWith('DEP#')) out.depenses.push(entryFields(i) as Depense);
    else if (sk.startsWith('VTE#')) out.ventes.push(entryFields(i) as Vente);
    else if (sk.startsWith('PRT#')) out.pertes.push(entryFields(i) as Perte);
    else if (sk.startsWith('PES#')) out.pesages.push(entryFields(i) as Pesage);
    else if (sk.startsWith('COL#')) out.collectes.push(entryFields(i) as Collecte);
  }
  if (!only && !out.bande) return null;
  return out;
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
  // The counts read in the condition: a concurrent edit cannot slip past the quota, nor a loss,
  // sale or slaughter past the check that the birds gone still fit in the new count.
  const counts = countsCondition(old);
  const items: TxItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: k.bande(t, old.bande.id),
        UpdateExpression: 'SET nom = :nom, #type = :type, nb_sujet = :ns, date_demarage = :dd, GSI1SK = :sk, race = :race, age_demarrage = :age',
        ConditionExpression: `statut = :active AND ${counts.expr}`,
        ExpressionAttributeNames: { '#type': 'type', ...counts.names },
        ExpressionAttributeValues: {
          ':nom': b.nom,
          ':type': b.type,
          ':ns': b.nb_sujet,
          ':dd': b.date_demarage,
          ':sk': k.byStartSk(b.date_demarage, old.bande.id),
          ':race': b.race ?? null,
          ':age': b.age_demarrage ?? 0,
          ':active': 'ACTIVE',
          ...counts.values,
        },
      },
    },
  ];
  if (delta !== 0) items.push(quotaAdd(t, delta, max));
  try {
    await transact(items);
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
          ConditionExpression: 'statut = :active AND nb_sujet = :ns',
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
 * The batch's running totals move with the entry; the batch must be active (and exist). A money
 * total that grows must stay ≤ MAX_MONTANT (the routes check it first with a clear message; this
 * condition is what holds under concurrency).
 */
function totalsUpdate(t: number, bandeId: number, d: Totals, extraCondition?: BatchCondition): TxItem {
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
  Object.assign(values, extraCondition?.values ?? {});
  const conditions = ['statut = :active', ...caps, ...(extraCondition ? [extraCondition.expr] : [])];
  return {
    Update: {
      TableName: tableName(),
      Key: k.bande(t, bandeId),
      UpdateExpression: adds.length ? `ADD ${adds.join(', ')}` : 'SET statut = :active',
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
      ...(extraCondition?.names ? { ExpressionAttributeNames: extraCondition.names } : {}),
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
  batchCondition?: BatchCondition,
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
      totalsUpdate(t, bandeId, totals, batchCondition),
    ]);
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
      totalsUpdate(t, bandeId, totals),
    ]);
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

/** Entries (one per shop line), their id → batch pointers and ONE totals update; the batch must be active. */
export function shopSaleEntryItems(
  t: number,
  bandeId: number,
  entries: (Record<string, unknown> & { id: number; quantite: number; prix_total: number })[],
): TxItem[] {
  const items: TxItem[] = [];
  for (const entry of entries) {
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
  items.push(totalsUpdate(t, bandeId, { chiffre_affaire: chiffre, nb_vendu: vendus }));
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
