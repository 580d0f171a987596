// Breed standards: a business's own targets (shared/breeds.ts), replacing the published curves.
//   PK ENT#<t>  SK RACE#<code>   poids, ic, ponte
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../lib/ddb';
import { queryPrefix } from '../../lib/store';
import { k } from './keys';

export async function racesOf(t: number): Promise<Record<string, any>[]> {
  return (await queryPrefix(t, k.racePrefix)) as Record<string, any>[];
}

export async function saveRace(t: number, race: { code: string; poids: unknown[]; ic: unknown[]; ponte: unknown[] }): Promise<void> {
  await ddb().send(
    new PutCommand({ TableName: tableName(), Item: { ...k.race(t, race.code), entity: 'RACE', ...race, updated_at: new Date().toISOString() } }),
  );
}
