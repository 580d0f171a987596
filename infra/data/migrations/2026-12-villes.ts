// Online products' towns to the fixed list (shared/villes.ts): a town typed before the list is
// written as the list spells it when it is one of them whatever its case, accents, hyphens or
// apostrophes (`thies`, `SAINT LOUIS`, `St-Louis`), and a published product's storefront key moves
// with it. A town the list does not hold is kept as it is and reported: the product stays
// published (on the marketplace without a town filter, found by no town), and its seller must pick
// a town of the list at its next edit (the form starts it empty, the server refuses another).
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { normalizeVille } from '@shared/ecommerce';
import { villeDeLaListe } from '@shared/villes';
import { businessIds, isConditionFailure, queryAll, type Migration, type MigrationResult } from './support';

const pad = (id: number) => String(id).padStart(10, '0');

/** One business's online products. Each write is conditioned on the town and state read. */
export async function migrateBusinessVilles(doc: DynamoDBDocumentClient, table: string, t: number): Promise<MigrationResult> {
  const out: MigrationResult = { changed: 0, kept: [] };
  const items = await queryAll(doc, {
    TableName: table,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': `ENT#${t}`, ':p': 'ECOMP#' },
    ConsistentRead: true,
  });
  for (const p of items) {
    const old = typeof p.ville === 'string' ? p.ville : '';
    const ville = villeDeLaListe(old);
    if (!ville) {
      out.kept!.push(`entreprise ${t}, produit en ligne ${String(p.id)} : ville « ${old} » gardée telle quelle (hors de la liste)`);
      continue;
    }
    if (ville === old) continue;
    // The storefront key follows the town only while the product is published (it has one then).
    const listed = typeof p.GSI1SK === 'string';
    try {
      await doc.send(
        new UpdateCommand({
          TableName: table,
          Key: { PK: p.PK, SK: p.SK },
          UpdateExpression: listed ? 'SET ville = :v, GSI1SK = :sk' : 'SET ville = :v',
          ConditionExpression: listed ? 'ville = :old AND GSI1SK = :oldSk' : 'ville = :old AND attribute_not_exists(GSI1SK)',
          ExpressionAttributeValues: {
            ':v': ville,
            ':old': old,
            ...(listed ? { ':sk': `${normalizeVille(ville)}#${String(p.type_produit)}#${pad(t)}#${pad(Number(p.id))}`, ':oldSk': p.GSI1SK } : {}),
          },
        }),
      );
      out.changed++;
    } catch (err) {
      // Edited meanwhile: the edit went through the list already.
      if (!isConditionFailure(err)) throw err;
    }
  }
  return out;
}

export async function migrateVilles(doc: DynamoDBDocumentClient, table: string, only?: number[]): Promise<MigrationResult> {
  const total: MigrationResult = { changed: 0, kept: [] };
  for (const t of await businessIds(doc, table)) {
    if (only && !only.includes(t)) continue;
    const r = await migrateBusinessVilles(doc, table, t);
    total.changed += r.changed;
    total.kept!.push(...(r.kept ?? []));
  }
  return total;
}

export const villes: Migration = {
  name: '2026-12-villes',
  async run(doc, table) {
    return migrateVilles(doc, table);
  },
};
