// Slaughter records of a business. Owns the ABATAGE# keys:
//   slaughter  PK ENT#<t>  SK ABATAGE#<id, 10 digits>   (categories embedded; version for edits)
// The birds leave the batch's live count through the batch's own transaction item
// (functions/bandes/repository.ts `abattusUpdate`), in the same transaction as the record.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Abattage, Categorie } from '@shared/schemas/abattages';
import { ddb, tableName } from '../lib/ddb';
import { tenantPk } from '../lib/repo/keys';
import { queryPrefix, type TxItem } from '../lib/store';

const pad = (id: number) => String(id).padStart(10, '0');
const abattageKey = (t: number, id: number) => ({ PK: tenantPk(t), SK: `ABATAGE#${pad(id)}` });

export interface AbattageItem extends Omit<Abattage, 'bande'> {
  bande_nom: string;
  version: number;
}

function toItem(i: Record<string, any>): AbattageItem {
  return {
    id: Number(i.id),
    quantite: Number(i.quantite),
    id_bande: Number(i.id_bande),
    bande_nom: String(i.bande_nom ?? ''),
    date: String(i.date),
    created_at: String(i.created_at),
    categories: ((i.categories ?? []) as Record<string, any>[]).map((c) => ({
      id: Number(c.id),
      quantite: Number(c.quantite),
      poids_min: Number(c.poids_min),
      poids_max: Number(c.poids_max),
      // The product its birds became and the restock line that carried them.
      ...(c.id_produit ? { id_produit: Number(c.id_produit), produit: { id: Number(c.id_produit), nom: String(c.produit?.nom ?? '') } } : {}),
      ...(c.id_reappro ? { id_reappro: Number(c.id_reappro) } : {}),
    })),
    ...(i.etat === 'DELETED' ? { etat: 'DELETED' as const } : {}),
    version: Number(i.version ?? 0),
  };
}

export const toAbattage = ({ bande_nom, version: _v, ...a }: AbattageItem): Abattage => ({ ...a, bande: { id: a.id_bande, nom: bande_nom } });

export async function getAbattage(t: number, id: number): Promise<AbattageItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: abattageKey(t, id), ConsistentRead: true }));
  return out.Item ? toItem(out.Item) : null;
}

/** The shop lines a record's categories wrote: one restock of origin « Production » each. */
export interface LigneProduction {
  id_reappro: number;
  id_produit: number;
  produit_nom: string;
  quantite: number;
}

export const lignesOf = (a: Pick<AbattageItem, 'categories'>): LigneProduction[] =>
  a.categories.flatMap((c) =>
    c.id_produit && c.id_reappro ? [{ id_reappro: c.id_reappro, id_produit: c.id_produit, produit_nom: c.produit?.nom ?? '', quantite: c.quantite }] : [],
  );

/** All slaughters: one Query on the tenant partition (prefix ABATAGE#), newest first. */
export async function listAbattages(t: number): Promise<AbattageItem[]> {
  return (await queryPrefix(t, 'ABATAGE#')).map(toItem).sort((a, b) => b.id - a.id);
}

/** A new record (condition: the id is new) or an edit (condition: the version read). */
export function abattagePut(t: number, a: AbattageItem, readVersion: number | null): TxItem {
  const categories: Categorie[] = a.categories;
  return {
    Put: {
      TableName: tableName(),
      Item: { ...abattageKey(t, a.id), entity: 'ABATAGE', ...a, categories, version: (readVersion ?? 0) + 1 },
      ConditionExpression: readVersion === null ? 'attribute_not_exists(PK)' : 'version = :v',
      ...(readVersion === null ? {} : { ExpressionAttributeValues: { ':v': readVersion } }),
    },
  };
}
