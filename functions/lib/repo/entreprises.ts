// The business (tenant) record.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../ddb';
import { keys } from './keys';
import { storedValue } from './stored-names';

export interface Entreprise {
  id: number;
  nom: string;
  pays: string;
  telephone: string;
  createdAt: string;
}

export function entrepriseItem(e: Entreprise) {
  return { ...keys.entreprise(e.id), entity: 'ENTREPRISE', id: e.id, nom: e.nom, pays: e.pays, telephone: e.telephone, created_at: e.createdAt };
}

/** The one reading of the profile; created_at falls back to createdAt (items written before 2026-12-stored-names). */
export function parseEntreprise(item: Record<string, unknown>): Entreprise {
  return {
    id: Number(item.id),
    nom: String(item.nom ?? ''),
    pays: String(item.pays ?? ''),
    telephone: String(item.telephone ?? ''),
    createdAt: String(storedValue(item, 'createdAt') ?? ''),
  };
}

/** The business's profile (receipts and invoices print its name and phone). */
export async function getEntreprise(tenantId: number): Promise<Entreprise | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.entreprise(tenantId) }));
  return out.Item ? parseEntreprise(out.Item) : null;
}

/**
 * The local stack's demo business (infra/local/seed.ts) marks itself seeded once every seeder ran:
 * another process finding the demo account (a test file, a second `npm start`) waits for the mark
 * instead of reading a business still being filled. Never set on a real business.
 */
export async function markDemoSeeded(tenantId: number): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entreprise(tenantId),
      UpdateExpression: 'SET demo_seeded_at = :at',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': new Date().toISOString() },
    }),
  );
}

/** Whether the demo business's seeders all ran (see markDemoSeeded), and when it was created. */
export async function demoSeedState(tenantId: number): Promise<{ seeded: boolean; createdAt: string | null }> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.entreprise(tenantId), ConsistentRead: true }));
  return { seeded: !!out.Item?.demo_seeded_at, createdAt: out.Item ? parseEntreprise(out.Item).createdAt : null };
}
