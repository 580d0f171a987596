// Reads and writes of a batch's health calendar (the calendar item, its step pointers and due
// index are built by functions/bandes/repository/sante.ts, which the batch's creation shares) and
// the batch's treatments as GET api/sante/bande/{id} shows them.
import type { Traitement } from '@shared/schemas/sante';
import { tableName } from '../../lib/ddb';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse, type Step } from '../../lib/refusal';
import { queryAll, type TxItem } from '../../lib/store';
import {
  bandeOuverte,
  calendrierPut,
  getBande,
  GUARDED_CONFLICT_ATTEMPTS,
  toCalendrier,
  type BandeItem,
  type Calendrier,
  type EtapeStockee,
} from '../../bandes/public';
import { k } from './keys';

/** A treatment item as answered (helper h2's routes write it with the fields of `Traitement`). */
export function toTraitement(i: Record<string, any>): Traitement {
  return {
    id: Number(i.id),
    id_bande: Number(i.id_bande),
    produit: String(i.produit),
    molecule: String(i.molecule),
    motif: String(i.motif),
    debut: String(i.debut),
    fin: String(i.fin),
    attente_viande_jours: Number(i.attente_viande_jours ?? 0),
    attente_oeufs_jours: Number(i.attente_oeufs_jours ?? 0),
    ...(i.viande_jusqu_au ? { viande_jusqu_au: String(i.viande_jusqu_au) } : {}),
    ...(i.oeufs_jusqu_au ? { oeufs_jusqu_au: String(i.oeufs_jusqu_au) } : {}),
    ...(i.cout ? { cout: Number(i.cout) } : {}),
    ...(i.id_depense ? { id_depense: Number(i.id_depense) } : {}),
    etat: i.etat === 'DELETED' ? 'DELETED' : 'ACTIVE',
  };
}

/**
 * A batch with its calendar and treatments: the BANDE item and ONE Query of the collection's range
 * from the calendar (SK SANTE) to the treatments (TRT#…), which holds nothing else (DEP#, PES#,
 * PRT# sort before it, VTE# after). Null: no such batch for this business.
 */
export async function santeDeBande(t: number, bandeId: number): Promise<{ bande: BandeItem; calendrier: Calendrier; traitements: Traitement[] } | null> {
  const cal = k.calendrier(t, bandeId);
  const [bande, items] = await Promise.all([
    getBande(t, bandeId),
    queryAll({
      TableName: tableName(),
      ConsistentRead: true,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :s AND :e',
      ExpressionAttributeValues: { ':pk': cal.PK, ':s': cal.SK, ':e': `${k.traitementPrefix}~` },
    }),
  ]);
  if (!bande) return null;
  const head = items.find((i) => i.SK === cal.SK);
  const traitements = items.filter((i) => String(i.SK).startsWith(k.traitementPrefix)).map(toTraitement);
  return { bande, calendrier: toCalendrier(head, bandeId), traitements };
}

/**
 * Writes a calendar read at `c.version` with its new steps (`etapes`), and with it `also`: the new
 * steps' pointers, the expense a cost becomes or its cancellation. The batch must be active and
 * not archived: `also` moving its totals carries that condition; otherwise a ConditionCheck does.
 * Any failed condition is a lost race (StaleRead): the route reads again and refuses or writes.
 */
export async function ecrireCalendrier(
  t: number,
  c: Calendrier,
  next: { id_plan: number | null; nom_plan: string | null; etapes: EtapeStockee[] },
  also: { items: TxItem[]; touchesBande: boolean },
): Promise<void> {
  const steps: Step[] = [
    refuseWith(staleRead, calendrierPut(t, { id_bande: c.id_bande, ...next }, c.version)),
    ...refuseEachWith(staleRead, also.items),
    ...(also.touchesBande ? [] : [refuseWith(staleRead, bandeOuverte(t, c.id_bande))]),
  ];
  await transactOrRefuse(steps, GUARDED_CONFLICT_ATTEMPTS);
}
