// Customer orders. Owns the COMMANDE# keys. An order's lines live on the order item (an order is
// read and written whole); `version` guards every read-modify-write against a concurrent change.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/ddb';
import { tenantPk } from '../lib/repo/keys';
import type { Commande, CommandeLigne, EtatLivraison, EtatPaiement, Reglement } from '@shared/schemas/commandes';
import { queryPrefix, type TxItem } from '../lib/store';

const commandeKey = (tenantId: number, id: number) => ({ PK: tenantPk(tenantId), SK: `COMMANDE#${id}` });

/** A stored order: the order as answered (shared/schemas/commandes.ts) without the client read
 * at answer time and the computed balance, plus the optimistic-lock version. */
export type CommandeRecord = Omit<Commande, 'client' | 'reste_a_payer'> & { version: number };

/** What remains to be paid on an order (never below 0). */
export const resteAPayer = (c: Pick<CommandeRecord, 'montant_total' | 'accompte' | 'montant_regle'>) =>
  Math.max(0, c.montant_total - c.accompte - c.montant_regle);

function toRecord(item: Record<string, unknown>): CommandeRecord {
  return {
    id: Number(item.id),
    numero_commande: String(item.numero_commande),
    id_client: Number(item.id_client),
    produits: (item.produits as CommandeLigne[]) ?? [],
    montant_total: Number(item.montant_total),
    accompte: Number(item.accompte),
    etat_paiement: item.etat_paiement as EtatPaiement,
    etat_livraison: item.etat_livraison as EtatLivraison,
    date_livraison: String(item.date_livraison),
    created_at: String(item.created_at),
    delivered_at: (item.delivered_at as string) ?? null,
    // Orders stored before repayments were allocated carry neither: nothing was allocated to them.
    montant_regle: Number(item.montant_regle ?? 0),
    reglements: (item.reglements as Reglement[]) ?? [],
    version: Number(item.version ?? 0),
  };
}

export async function getCommande(tenantId: number, id: number): Promise<CommandeRecord | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: commandeKey(tenantId, id), ConsistentRead: true }));
  return out.Item ? toRecord(out.Item) : null;
}

/** All orders: one Query on the tenant partition (prefix COMMANDE#), newest first. */
export async function listCommandes(tenantId: number): Promise<CommandeRecord[]> {
  return (await queryPrefix(tenantId, 'COMMANDE#')).map(toRecord).sort((a, b) => b.id - a.id);
}

/**
 * Writes the whole order. A new order must not exist yet; an existing one must still be PENDING
 * delivery at the version that was read (optimistic lock).
 */
export function commandePut(tenantId: number, c: CommandeRecord, expectedVersion: number | null): TxItem {
  const Item = { ...commandeKey(tenantId, c.id), entity: 'COMMANDE', ...c };
  if (expectedVersion === null) return { Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' } };
  return {
    Put: {
      TableName: tableName(),
      Item,
      ConditionExpression: 'version = :v AND etat_livraison = :p',
      ExpressionAttributeValues: { ':v': expectedVersion, ':p': 'PENDING' },
    },
  };
}

export function commandeDeliverUpdate(tenantId: number, id: number, expectedVersion: number, at: string): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: commandeKey(tenantId, id),
      UpdateExpression: 'SET etat_livraison = :d, delivered_at = :at, version = version + :one',
      ConditionExpression: 'version = :v AND etat_livraison = :p',
      ExpressionAttributeValues: { ':d': 'DELIVERED', ':at': at, ':one': 1, ':v': expectedVersion, ':p': 'PENDING' },
    },
  };
}

/**
 * The client's delivered orders with an unpaid balance, oldest delivery first: what a repayment
 * pays first. One Query of the business's orders (the list screen's own read), filtered
 * in memory; a per-client index is the next step for a business with many thousands of orders.
 */
export async function commandesDues(tenantId: number, clientId: number): Promise<CommandeRecord[]> {
  return (await listCommandes(tenantId))
    .filter((c) => c.id_client === clientId && c.etat_livraison === 'DELIVERED' && resteAPayer(c) > 0)
    .sort((a, b) => (a.delivered_at ?? '').localeCompare(b.delivered_at ?? '') || a.id - b.id);
}

/**
 * Money allocated to (or taken back from) a delivered order by a repayment: the new total
 * received, the list of repayments and the payment state, conditioned on the version read so two
 * repayments never allocate the same balance twice (the loser re-reads and allocates again).
 */
export function reglementUpdate(tenantId: number, c: CommandeRecord, next: Pick<CommandeRecord, 'montant_regle' | 'reglements' | 'etat_paiement'>): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: commandeKey(tenantId, c.id),
      UpdateExpression: 'SET montant_regle = :m, reglements = :r, etat_paiement = :e, version = version + :one',
      ConditionExpression: 'version = :v AND etat_livraison = :d',
      ExpressionAttributeValues: { ':m': next.montant_regle, ':r': next.reglements, ':e': next.etat_paiement, ':one': 1, ':v': c.version, ':d': 'DELIVERED' },
    },
  };
}

/**
 * Customer orders to deliver on `day` or late (still PENDING delivery, delivery date ≤ day), for
 * the morning push summary: their count, and how many are late. One Query.
 */
export async function commandesALivrer(tenantId: number, day: string): Promise<{ total: number; en_retard: number }> {
  let total = 0;
  let en_retard = 0;
  for (const c of await listCommandes(tenantId)) {
    const d = c.date_livraison.slice(0, 10);
    if (c.etat_livraison !== 'PENDING' || d > day) continue;
    total++;
    if (d < day) en_retard++;
  }
  return { total, en_retard };
}
