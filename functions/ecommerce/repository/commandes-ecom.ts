// Online orders (`ENT#<t> / ECOMC#<id>`): the storefront's order, then the seller's cancel, edit,
// paid and delivered.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../lib/ddb';
import { queryPrefix, type TxItem } from '../../lib/store';
import type { CommandeEcom, EtatCommandeEcom } from '@shared/schemas/ecommerce';
import { commandeKey } from './keys';

function toCommande(item: Record<string, unknown>): CommandeEcom {
  return {
    id: Number(item.id),
    numero_commande: String(item.numero_commande),
    info_client: String(item.info_client),
    id_produit_ecom: Number(item.id_produit_ecom),
    id_produit: Number(item.id_produit),
    nom_produit: String(item.nom_produit),
    quantite: Number(item.quantite),
    prix_unitaire: Number(item.prix_unitaire),
    montant_total: Number(item.montant_total),
    etat: item.etat as EtatCommandeEcom,
    etat_paiement: item.etat_paiement === 'PAYED' ? 'PAYED' : 'PENDING',
    etat_livraison: item.etat_livraison === 'DELIVERED' ? 'DELIVERED' : 'PENDING',
    created_at: String(item.created_at),
  };
}

export async function getCommande(t: number, id: number): Promise<CommandeEcom | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: commandeKey(t, id), ConsistentRead: true }));
  return out.Item ? toCommande(out.Item) : null;
}

/** Every online order of the business, newest first. */
export async function listCommandes(t: number): Promise<CommandeEcom[]> {
  return (await queryPrefix(t, 'ECOMC#')).map(toCommande).sort((a, b) => b.id - a.id);
}

export function newCommandePut(t: number, c: CommandeEcom): TxItem {
  return {
    Put: { TableName: tableName(), Item: { ...commandeKey(t, c.id), entity: 'COMMANDE_ECOM', ...c }, ConditionExpression: 'attribute_not_exists(PK)' },
  };
}

/** Combined state from the two halves (spec §4). */
export function etatOf(paiement: 'PENDING' | 'PAYED', livraison: 'PENDING' | 'DELIVERED'): EtatCommandeEcom {
  if (paiement === 'PAYED' && livraison === 'DELIVERED') return 'FINISHED';
  if (paiement === 'PAYED') return 'PAYED';
  if (livraison === 'DELIVERED') return 'DELIVERED';
  return 'PENDING';
}

/** Cancels a still pending order (neither paid nor delivered). */
export function commandeCancelUpdate(t: number, id: number): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: commandeKey(t, id),
      UpdateExpression: 'SET etat = :c, canceled_at = :at',
      ConditionExpression: 'etat = :p',
      ExpressionAttributeValues: { ':c': 'CANCELED', ':p': 'PENDING', ':at': new Date().toISOString() },
    },
  };
}

/** Quantity and price of a pending order (server-computed total). */
export function commandeEditUpdate(t: number, id: number, quantite: number, prix: number, total: number): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: commandeKey(t, id),
      UpdateExpression: 'SET quantite = :q, prix_unitaire = :p, montant_total = :m',
      ConditionExpression: 'etat = :pending',
      ExpressionAttributeValues: { ':q': quantite, ':p': prix, ':m': total, ':pending': 'PENDING' },
    },
  };
}

/** Marks paid / delivered from the state read (`from`), so a concurrent change fails the condition. */
export function commandeStateUpdate(t: number, c: CommandeEcom, next: { etat_paiement: 'PENDING' | 'PAYED'; etat_livraison: 'PENDING' | 'DELIVERED' }): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: commandeKey(t, c.id),
      UpdateExpression: 'SET etat_paiement = :ep, etat_livraison = :el, etat = :e, updated_at = :at',
      // Quantity and total as read: the ledger line written beside it holds these figures.
      ConditionExpression: 'etat = :from AND quantite = :q AND montant_total = :m',
      ExpressionAttributeValues: {
        ':ep': next.etat_paiement,
        ':el': next.etat_livraison,
        ':e': etatOf(next.etat_paiement, next.etat_livraison),
        ':from': c.etat,
        ':q': c.quantite,
        ':m': c.montant_total,
        ':at': new Date().toISOString(),
      },
    },
  };
}

/**
 * Online orders still waiting for the shop (not delivered, not cancelled: PENDING or PAYED), for
 * the morning push summary. One Query of the business's online orders.
 */
export async function commandesEcomEnAttente(t: number): Promise<number> {
  return (await listCommandes(t)).filter((c) => c.etat === 'PENDING' || c.etat === 'PAYED').length;
}
