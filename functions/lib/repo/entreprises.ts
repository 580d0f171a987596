// The business (tenant) record.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../ddb';
import { keys } from './keys';

export interface Entreprise {
  id: number;
  nom: string;
  pays: string;
  telephone: string;
  createdAt: string;
}

export function entrepriseItem(e: Entreprise) {
  return { ...keys.entreprise(e.id), type: 'ENTREPRISE', ...e };
}

/** The business's profile (receipts and invoices print its name and phone). */
export async function getEntreprise(tenantId: number): Promise<Entreprise | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.entreprise(tenantId) }));
  return out.Item
    ? {
        id: Number(out.Item.id),
        nom: String(out.Item.nom ?? ''),
        pays: String(out.Item.pays ?? ''),
        telephone: String(out.Item.telephone ?? ''),
        createdAt: String(out.Item.createdAt ?? ''),
      }
    : null;
}
