// The store's ledger (decision 0232): one item per business holding every day's grams in, their
// price and grams out, and each batch's grams by day. Every store write (a purchase, a consumption,
// their cancels) rewrites `jours` and `bandes` as the route computed them from the ledger read at
// `version`, conditioned on that version and moving it, in the same transaction as its own item:
// two writes never both pass on one reading, so no interleaving can leave a day below zero (the
// loser reads again and is checked again). Imports nothing of another domain: the batches read it
// through ../public.ts without a cycle.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConsoBandes, Registre } from '@shared/formulas/aliment';
import { EAU_BAISSE_ALERTE_PCT } from '@shared/aliment/references';
import { SEUIL_JOURS_DEFAUT } from '@shared/schemas/aliment';
import { ddb, tableName } from '../../lib/ddb';
import type { TxItem } from '../../lib/store';
import { k } from './keys';

export interface RegistreLu {
  jours: Registre;
  bandes: ConsoBandes;
  /** 0: no ledger yet (the first write creates it). */
  version: number;
  seuil_jours: number;
  /** The share (%) of a drop in water per bird that raises the water alert (decision 0242). */
  baisse_eau_pct: number;
}

export const registreVide = (): RegistreLu => ({ jours: {}, bandes: {}, version: 0, seuil_jours: SEUIL_JOURS_DEFAUT, baisse_eau_pct: EAU_BAISSE_ALERTE_PCT });

/** The business's ledger (strongly consistent: a write is checked on it). */
export async function getRegistre(t: number): Promise<RegistreLu> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.registre(t), ConsistentRead: true }));
  const i = out.Item;
  if (!i) return registreVide();
  return {
    jours: (i.jours ?? {}) as Registre,
    bandes: (i.bandes ?? {}) as ConsoBandes,
    version: Number(i.version ?? 0),
    seuil_jours: Number(i.seuil_jours ?? SEUIL_JOURS_DEFAUT),
    baisse_eau_pct: Number(i.baisse_eau_pct ?? EAU_BAISSE_ALERTE_PCT),
  };
}

/**
 * The ledger's new days and batches, conditioned on the version read (absent when read as 0) and
 * moving it. An Update, not a Put: the threshold (`seuil_jours`, set apart) is never overwritten,
 * nor the water alert's share (`baisse_eau_pct`).
 */
export function registreUpdate(t: number, lu: { version: number }, jours: Registre, bandes: ConsoBandes): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: k.registre(t),
      UpdateExpression: 'SET jours = :j, bandes = :b, version = :next, entity = :e',
      ConditionExpression: lu.version ? 'version = :v' : 'attribute_not_exists(version)',
      ExpressionAttributeValues: { ':j': jours, ':b': bandes, ':next': lu.version + 1, ':e': 'ALIMENT_REGISTRE', ...(lu.version ? { ':v': lu.version } : {}) },
    },
  };
}

/**
 * The business's alert settings: the days of feed left under which « À faire » warns and the share
 * of a drop in water that raises the water alert. Sets only what is sent (a form that changes one
 * never resets the other to what it read); the ledger's days untouched.
 */
export async function setSeuil(t: number, r: { seuil_jours?: number; baisse_eau_pct?: number }): Promise<void> {
  const sets = ['entity = :e'];
  const values: Record<string, unknown> = { ':e': 'ALIMENT_REGISTRE' };
  if (r.seuil_jours !== undefined) {
    sets.push('seuil_jours = :s');
    values[':s'] = r.seuil_jours;
  }
  if (r.baisse_eau_pct !== undefined) {
    sets.push('baisse_eau_pct = :p');
    values[':p'] = r.baisse_eau_pct;
  }
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: k.registre(t),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeValues: values,
    }),
  );
}
