// Clients of a business and the phone lock that keeps a phone number unique within the business.
// Owns the CLIENT# and CLIENT_TEL# keys; other shop domains move the creance through the
// transaction items exported here.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_MONTANT } from '@shared/schemas/common';
import { LIMIT_MSG } from '@shared/messages/limits';
import { badRequest, notFound, type AppError } from '../lib/errors';
import { ddb, tableName } from '../lib/ddb';
import { padId, tenantPk } from '../lib/repo/keys';
import type { Client } from '@shared/schemas/clients';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { queryPrefix, type TxItem } from '../lib/store';
import { signe, type MouvementCreance } from '@shared/formulas/releve';
import type { DerniereRelance } from '@shared/schemas/releve';

const clientKey = (tenantId: number, id: number) => ({ PK: tenantPk(tenantId), SK: `CLIENT#${id}` });
const phoneKey = (tenantId: number, telephone: string) => ({ PK: tenantPk(tenantId), SK: `CLIENT_TEL#${telephone}` });

export function formatNumeroCompte(id: number): string {
  return `CLI-${String(id).padStart(6, '0')}`;
}

function toClient(item: Record<string, unknown>): Client {
  return {
    id: Number(item.id),
    prenom: String(item.prenom),
    nom: String(item.nom),
    telephone: (item.telephone as string) || null,
    email: (item.email as string) || null,
    indicatif: String(item.indicatif ?? '+221'),
    numero_compte: String(item.numero_compte),
    creance: Number(item.creance ?? 0),
    created_at: String(item.created_at),
    ...(item.archive_at ? { archive: true as const } : {}),
    ...(item.derniere_relance ? { derniere_relance: item.derniere_relance as DerniereRelance } : {}),
  };
}

export async function getClient(tenantId: number, id: number): Promise<Client | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: clientKey(tenantId, id), ConsistentRead: true }));
  return out.Item ? toClient(out.Item) : null;
}

/** All clients of the business: one Query on the tenant partition (prefix CLIENT#). */
export async function listClients(tenantId: number): Promise<Client[]> {
  const items = await queryPrefix(tenantId, 'CLIENT#');
  return items.map(toClient).sort((a, b) => a.id - b.id);
}

/** Which client holds a phone number (its lock), if any. */
export async function phoneOwner(tenantId: number, telephone: string): Promise<number | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: phoneKey(tenantId, telephone), ConsistentRead: true }));
  // client_id, or clientId on a lock stored before 2026-12-stored-names.
  return out.Item ? Number(out.Item.client_id ?? out.Item.clientId) : null;
}

/**
 * Archives a client who owes nothing (a hidden debt would be forgotten; the condition holds it against a credit sale landing
 * at the same time), or restores one. The first archive date is kept.
 */
export function clientArchiveUpdate(tenantId: number, id: number, archive: boolean, at: string): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: clientKey(tenantId, id),
      UpdateExpression: archive ? 'SET archive_at = if_not_exists(archive_at, :at)' : 'REMOVE archive_at',
      ConditionExpression: archive ? 'attribute_exists(PK) AND (attribute_not_exists(creance) OR creance <= :zero)' : 'attribute_exists(PK)',
      ...(archive ? { ExpressionAttributeValues: { ':at': at, ':zero': 0 } } : {}),
    },
  };
}

/** The Put of a new client, and of its phone lock when it has a phone (the lock fails on a duplicate). */
export function newClientItems(tenantId: number, c: Client): { phoneLock: TxItem | null; client: TxItem } {
  return {
    /** Refused when another client holds the phone. */
    phoneLock: c.telephone ? phoneLockPut(tenantId, c.telephone, c.id) : null,
    client: {
      Put: {
        TableName: tableName(),
        Item: { ...clientKey(tenantId, c.id), entity: 'CLIENT', ...c },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  };
}

/** The phone lock is free or this client's, whichever name its owner was stored under (2026-12-stored-names). */
const PHONE_LOCK_OURS = 'attribute_not_exists(PK) OR client_id = :id OR clientId = :id';

export function phoneLockPut(tenantId: number, telephone: string, clientId: number): TxItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...phoneKey(tenantId, telephone), entity: 'CLIENT_TEL', client_id: clientId },
      ConditionExpression: PHONE_LOCK_OURS,
      ExpressionAttributeValues: { ':id': clientId },
    },
  };
}

export function phoneLockDelete(tenantId: number, telephone: string, clientId: number): TxItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: phoneKey(tenantId, telephone),
      ConditionExpression: PHONE_LOCK_OURS,
      ExpressionAttributeValues: { ':id': clientId },
    },
  };
}

/** Updates the identity fields only: the creance is never written from a form. */
export function clientIdentityUpdate(tenantId: number, c: Pick<Client, 'id' | 'prenom' | 'nom' | 'telephone' | 'email' | 'indicatif'>): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: clientKey(tenantId, c.id),
      UpdateExpression: 'SET prenom = :p, nom = :n, telephone = :t, email = :e, indicatif = :i',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':p': c.prenom, ':n': c.nom, ':t': c.telephone, ':e': c.email, ':i': c.indicatif },
    },
  };
}

/**
 * A movement of the debt is two items that cannot be written apart: the counter and its line of
 * the creance journal (docs/releve.md: the journal is the statement's truth and its
 * replay equals the counter on every date). The callers put both in the same transaction; the
 * journal line never refuses (its key is unique by construction), so only the counter carries a refusal.
 */
export type CreanceMove = readonly [counter: TxItem, journal: TxItem];

/** A movement handed to the wrong side (a repayment added, a sale taken) or not a whole positive amount is a defect of ours: a 500, never a wrong debt. */
function checkMove(m: MouvementCreance, sign: 1 | -1): void {
  if (signe(m.type) !== sign) throw new Error(`creance movement ${m.type} moved the wrong way`);
  if (!Number.isSafeInteger(m.montant) || m.montant <= 0) throw new Error(`creance movement ${m.ref} of ${m.montant} FCFA`);
}

/**
 * Adds to the creance (EMPRUNT sale, order delivery, cancelled repayment) and writes its journal
 * line. The creance stays ≤ MAX_MONTANT whatever runs concurrently (callers check it first with a
 * clear message), and an archived client gets no debt: it would be out of the list and of its debt total.
 */
export function creanceAdd(tenantId: number, clientId: number, m: MouvementCreance): CreanceMove {
  checkMove(m, 1);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: clientKey(tenantId, clientId),
        UpdateExpression: 'SET creance = if_not_exists(creance, :zero) + :m',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(archive_at) AND (attribute_not_exists(creance) OR creance <= :lim)',
        ExpressionAttributeValues: { ':m': m.montant, ':zero': 0, ':lim': MAX_MONTANT - m.montant },
      },
    },
    creanceJournalPut(tenantId, clientId, m),
  ];
}

/** Why a creanceAdd failed: the client is gone (404), archived (400), or its creance would pass the limit (400). */
export async function creanceAddRefusal(tenantId: number, clientId: number, notFoundMessage: string): Promise<AppError> {
  const c = await getClient(tenantId, clientId);
  if (!c) return notFound(notFoundMessage);
  return badRequest(c.archive ? ARCHIVE_MSG.clientArchive : LIMIT_MSG.creance);
}

/**
 * Takes from the creance (a repayment, a cancelled credit sale) and writes its journal line; the
 * condition keeps it ≥ 0 whatever runs concurrently — never floored: a take that does not fit is
 * refused by the caller.
 */
export function creanceTake(tenantId: number, clientId: number, m: MouvementCreance): CreanceMove {
  checkMove(m, -1);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: clientKey(tenantId, clientId),
        UpdateExpression: 'SET creance = creance - :m',
        ConditionExpression: 'attribute_exists(PK) AND creance >= :m',
        ExpressionAttributeValues: { ':m': m.montant },
      },
    },
    creanceJournalPut(tenantId, clientId, m),
  ];
}

export const clientSummary = (c: Client | null | undefined) =>
  c ? { id: c.id, prenom: c.prenom, nom: c.nom, telephone: c.telephone, indicatif: c.indicatif, email: c.email, numero_compte: c.numero_compte } : null;

// ── The creance journal (docs/releve.md) ──
// One item per movement of a client's debt, written in the same transaction as the creance itself:
// replaying them (shared/formulas/releve.ts) gives the debt on any date, the client's statement and
// the balance a receipt prints. Key: PK ENT#<t>, SK CREANCE#<pad10 client>#<at>#<ref>#<type> (a
// client's movements in write order; the whole business's under CREANCE# for the follow-up list).
const journalKey = (tenantId: number, clientId: number, m: MouvementCreance) => ({
  PK: tenantPk(tenantId),
  SK: `CREANCE#${padId(clientId)}#${m.at}#${m.ref}#${m.type}`,
});

/** The journal line of one movement; refused if the same movement was already written. */
export function creanceJournalPut(tenantId: number, clientId: number, m: MouvementCreance): TxItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...journalKey(tenantId, clientId, m), entity: 'CREANCE_MVT', id_client: clientId, ...m },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

const toMouvement = (i: Record<string, unknown>): MouvementCreance => ({
  type: i.type as MouvementCreance['type'],
  date: String(i.date),
  at: String(i.at),
  montant: Number(i.montant),
  ref: String(i.ref),
  libelle: String(i.libelle),
});

/** One client's movements (one Query). */
export async function mouvementsCreance(tenantId: number, clientId: number): Promise<MouvementCreance[]> {
  return (await queryPrefix(tenantId, `CREANCE#${padId(clientId)}#`)).map(toMouvement);
}

/** Every client's movements, by client id (one Query of the business's journal). */
export async function mouvementsCreanceParClient(tenantId: number): Promise<Map<number, MouvementCreance[]>> {
  const out = new Map<number, MouvementCreance[]>();
  for (const i of await queryPrefix(tenantId, 'CREANCE#')) {
    const id = Number(i.id_client);
    const list = out.get(id) ?? [];
    list.push(toMouvement(i));
    out.set(id, list);
  }
  return out;
}

/** Records on the client that a reminder was sent: when and by whom. */
export function relanceUpdate(tenantId: number, clientId: number, relance: DerniereRelance): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: clientKey(tenantId, clientId),
      UpdateExpression: 'SET derniere_relance = :r',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':r': relance },
    },
  };
}
