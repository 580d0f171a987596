// A batch's daily sheets (water, temperatures, humidity, a note), in the batch's
// collection so that the batch's Query reads them with its birds and its store consumptions.
// Keys (docs/data-model.md):
//   sheet            PK ENT#<t>#BANDE#<id>   SK FIC#<yyyy-mm-dd>     one per batch and day, replaced when saved again
//   sheets by day    GSI2PK ENT#<t>#FICHES   GSI2SK <yyyy-mm-dd>#<pad10 batch>   (the water alert: every batch's last days in one Query)
//   store consumption PK ENT#<t>#BANDE#<id>  SK CON#<pad10 id>       written by functions/aliment; read here with the sheets
import type { Fiche } from '@shared/schemas/aliment';
import { tableName } from '../../lib/ddb';
import { refuseEachWith, staleRead, transactOrRefuse } from '../../lib/refusal';
import { tenantPk } from '../../lib/repo/keys';
import { queryAll, type TxItem } from '../../lib/store';
import { GUARDED_CONFLICT_ATTEMPTS } from './guard';
import { k, pad } from './keys';
import { getCollection, type BandeCollection } from './state';

const FIC = 'FIC#';
const FIGURES = ['eau_litres', 'temp_min', 'temp_max', 'humidite'] as const;

export const ficheKeys = {
  fiche: (t: number, bandeId: number, day: string) => ({ PK: k.bandePk(t, bandeId), SK: `${FIC}${day}` }),
  byDayPk: (t: number) => `${tenantPk(t)}#FICHES`,
  byDay: (t: number, day: string, bandeId: number) => ({ GSI2PK: ficheKeys.byDayPk(t), GSI2SK: `${day}#${pad(bandeId)}` }),
};

export function toFiche(i: Record<string, any>): Fiche {
  const f: Fiche = { id_bande: Number(i.id_bande), date: String(i.date), updated_at: String(i.updated_at) };
  for (const name of FIGURES) if (i[name] !== undefined && i[name] !== null) f[name] = Number(i[name]);
  if (i.note) f.note = String(i.note);
  return f;
}

/**
 * Saves the batch's sheet of `fiche.date` with the birds alive that day as checked (`vivants`: the
 * water alert reads water per bird from the sheets alone, decision 0236), replacing the whole item
 * (a field left empty is removed), conditioned on the batch as read at revision `rev`: it still exists, is not archived,
 * and no other checked write landed since (a start moved, birds that died or were sold, which bound
 * the water). The revision moves, so that a batch edit read before this sheet reads again and sees
 * it (its start may not pass a sheet's day). A lost race throws StaleRead: the route reads again.
 */
export async function putFiche(t: number, fiche: Fiche, vivants: number, rev: number): Promise<void> {
  const items: TxItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...ficheKeys.fiche(t, fiche.id_bande, fiche.date),
          ...ficheKeys.byDay(t, fiche.date, fiche.id_bande),
          entity: 'BANDE_FICHE',
          ...fiche,
          vivants,
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: k.bande(t, fiche.id_bande),
        UpdateExpression: 'ADD rev :one',
        ConditionExpression: `attribute_exists(PK) AND attribute_not_exists(archive_at) AND ${rev ? 'rev = :rev' : 'attribute_not_exists(rev)'}`,
        ExpressionAttributeValues: { ':one': 1, ...(rev ? { ':rev': rev } : {}) },
      },
    },
  ];
  await transactOrRefuse(refuseEachWith(staleRead, items), GUARDED_CONFLICT_ATTEMPTS);
}

/** A batch read whole for its sheets: its entries (birds alive by day), its sheets and the kg it ate from the store by day. */
export interface FichesDeBande extends Omit<BandeCollection, 'fiches'> {
  fiches: Fiche[];
  /** kg from the store by day (CON# items not cancelled). */
  consoParJour: Record<string, number>;
}

/** The batch's collection in ONE Query (./state.ts getCollection; null: no such batch for this business). */
export async function fichesDeBande(t: number, bandeId: number): Promise<FichesDeBande | null> {
  const c = await getCollection(t, bandeId);
  if (!c) return null;
  const consoParJour: Record<string, number> = {};
  for (const i of c.consommations) {
    if (i.etat === 'DELETED') continue;
    const day = String(i.date).slice(0, 10);
    consoParJour[day] = (consoParJour[day] ?? 0) + Number(i.kg ?? 0);
  }
  return { ...c, fiches: c.fiches.map(toFiche), consoParJour };
}

/** Every batch's sheets dated in [debut, fin] with the birds alive as saved (ONE Query on the sheets-by-day index, pages followed). */
export async function fichesEntre(t: number, debut: string, fin: string): Promise<(Fiche & { vivants: number })[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :s AND :e',
    ExpressionAttributeValues: { ':pk': ficheKeys.byDayPk(t), ':s': `${debut}#`, ':e': `${fin}#~` },
  });
  return items.map((i) => ({ ...toFiche(i), vivants: Number(i.vivants ?? 0) }));
}
