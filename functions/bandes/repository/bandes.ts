// The BANDE item: a batch with its running totals (nb_perte, chiffre_affaire, depense, nb_vendu,
// nb_abattu, nb_reforme: absent on items written before réforme sales existed, read as 0), changed in the same transaction as each entry, so the list and the dashboard never
// read an entry. Reads here; writes in ./bande-writes.ts.
import { BatchGetCommand, GetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { BandeStatut, BandeSummary, BandeType } from '@shared/schemas/bandes';
import type { AttentesBande } from '@shared/formulas/sante';
import { ddb, tableName } from '../../lib/ddb';
import { queryAll } from '../../lib/store';
import { k } from './keys';

export type BandeItem = BandeSummary;

export function toBande(i: Record<string, any>): BandeItem {
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
    nb_reforme: Number(i.nb_reforme ?? 0),
    created_at: String(i.created_at),
    ...(i.race ? { race: String(i.race) } : {}),
    ...(i.age_demarrage !== undefined ? { age_demarrage: Number(i.age_demarrage) } : {}),
    ...(i.closed_at ? { closed_at: String(i.closed_at) } : {}),
    ...(i.archive_at ? { archive: true as const } : {}),
  };
}

/**
 * The batch's withdrawal periods as its BANDE item carries them: `attentes` (one per
 * treatment with a withdrawal, written by functions/sante with the treatment) and `sante_rev`,
 * the revision a guarded sale or slaughter conditions on (./guard.ts; 0: never moved).
 */
export interface SanteDeBande {
  santeRev: number;
  attentes: AttentesBande;
}

export const santeOf = (i: Record<string, any>): SanteDeBande => ({
  santeRev: Number(i.sante_rev ?? 0),
  attentes: (i.attentes ?? {}) as AttentesBande,
});

/** The BANDE item read for a treatment's write: the batch, its revision and its withdrawals (null: no such batch). */
export async function getBandeSante(t: number, id: number): Promise<(SanteDeBande & { bande: BandeItem; rev: number }) | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.bande(t, id), ConsistentRead: true }));
  return out.Item ? { bande: toBande(out.Item), rev: Number(out.Item.rev ?? 0), ...santeOf(out.Item) } : null;
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

/**
 * Batches active at some point of [debut, fin] (the period dashboard, GSI2): not closed before
 * debut (key condition, so the read does not grow with older batches), started by fin.
 */
export async function bandesActiveBetween(t: number, debut: string, fin: string): Promise<BandeItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK >= :s',
    ExpressionAttributeValues: { ':pk': k.byEndPk(t), ':s': `${debut}#` },
  });
  return items.map(toBande).filter((b) => b.date_demarage.slice(0, 10) <= fin);
}

/** Birds in the business's active batches (the plan's bird quota). */
export async function activeBirds(t: number): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.quota(t), ConsistentRead: true }));
  return Number(out.Item?.n ?? 0);
}

/** BatchGetItem takes at most this many keys per call. */
const BATCH_GET_MAX = 100;

/**
 * Several batches by id, in BatchGetItems of 100 keys (one call for a farm's batches; keys the
 * table did not process are asked again). Ids the business does not hold are absent from the map.
 */
export async function bandesParIds(t: number, ids: readonly number[]): Promise<Map<number, BandeItem>> {
  const out = new Map<number, BandeItem>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BATCH_GET_MAX) {
    let keys: Record<string, any>[] | undefined = unique.slice(i, i + BATCH_GET_MAX).map((id) => k.bande(t, id));
    for (let attempt = 0; keys?.length; attempt++) {
      // Throttled past a few backoffs: a 5xx the client retries, never a partial answer.
      if (attempt >= 8) throw new Error('BatchGetItem: keys still unprocessed');
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(500, 20 * 2 ** attempt)));
      const res: BatchGetCommandOutput = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } } }));
      for (const item of res.Responses?.[tableName()] ?? []) out.set(Number(item.id), toBande(item));
      keys = res.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return out;
}
