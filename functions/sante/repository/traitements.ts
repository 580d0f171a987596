// A batch's treatments: the TRT# item in the batch's collection, its id → batch pointer,
// its withdrawal index, and — in the same transaction — the BANDE item's `attentes` map with its
// `sante_rev`, and the « Vaccins et médicaments » expense its cost became (functions/bandes).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Traitement } from '@shared/schemas/sante';
import { attentesDesTraitements, type AttentesBande } from '@shared/formulas/sante';
import { ddb, tableName } from '../../lib/ddb';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse, type Step } from '../../lib/refusal';
import type { TxItem } from '../../lib/store';
import { GUARDED_CONFLICT_ATTEMPTS, santeBandeUpdate, santeDepenseCancelItems, santeDepenseItems, type SanteSet } from '../../bandes/public';
import { k } from './keys';

/** A treatment as stored: the answer's fields, when it was typed, its version. */
export type TraitementItem = Traitement & {
  created_at: string;
  deleted_at?: string;
  version: number;
  /**
   * The batch's revision the treatment was checked and written at: the guarded writes of the
   * batch (sales, slaughters, losses…) numbered up to it came before it, those after it were
   * checked against its windows (the order a late treatment is judged by, and the race test's).
   */
  rev_bande: number;
};

/** The batch's `attentes` with this treatment's windows (unchanged when it has none). */
export function avecAttente(attentes: AttentesBande, tr: Traitement): AttentesBande {
  return { ...attentes, ...attentesDesTraitements([tr]) };
}

/** The batch's `attentes` without this treatment's windows. */
export function sansAttente(attentes: AttentesBande, id: number): AttentesBande {
  const { [String(id)]: _gone, ...rest } = attentes;
  return rest;
}

function toTraitement(i: Record<string, any>): TraitementItem {
  const { PK: _pk, SK: _sk, GSI2PK: _g1, GSI2SK: _g2, entity: _e, ...rest } = i;
  return rest as TraitementItem;
}

/** Which batch a treatment belongs to (the cancel route carries only its id); null: none of this business. */
export async function traitementBande(t: number, id: number): Promise<number | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.ref(t, 'TRT', id), ConsistentRead: true }));
  return out.Item ? Number(out.Item.id_bande) : null;
}

export async function getTraitement(t: number, bandeId: number, id: number): Promise<TraitementItem | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: k.traitement(t, bandeId, id), ConsistentRead: true }));
  return out.Item ? toTraitement(out.Item) : null;
}

/** The withdrawal index of a treatment: its longest withdrawal's last day (none without a withdrawal). */
function indexOf(t: number, tr: Traitement) {
  const last = [tr.viande_jusqu_au, tr.oeufs_jusqu_au]
    .filter((d): d is string => !!d)
    .sort()
    .pop();
  return last ? k.attenteIndex(t, last, tr.id) : {};
}

/**
 * Records a treatment, all or nothing: its item (with its withdrawal index), its pointer, and the
 * BANDE item's `attentes` and `sante_rev` (conditioned on `sante_rev` as read, the batch active,
 * its start on or before the treatment's first day) merged with the expense's total when it has a
 * cost, and `claims`, its ids' counters moved (a refused treatment takes no id). A failed condition
 * on the batch or a counter throws StaleRead: the route reads, checks and writes again.
 */
export async function addTraitement(
  t: number,
  tr: TraitementItem,
  sante: SanteSet,
  depense: { id: number; designation: string } | null,
  claims: readonly TxItem[],
): Promise<void> {
  const item: TxItem = {
    Put: {
      TableName: tableName(),
      Item: { ...k.traitement(t, tr.id_bande, tr.id), ...indexOf(t, tr), entity: 'SANTE_TRT', ...tr },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  const ref: TxItem = { Put: { TableName: tableName(), Item: { ...k.ref(t, 'TRT', tr.id), entity: 'SANTE_REF', id_bande: tr.id_bande } } };
  // Written at the batch's revision it was checked at (its start then on or before the first
  // day; a batch edit moving it moves the revision), so `rev_bande` orders it among the batch's writes.
  const guard = { rev: tr.rev_bande };
  const bande: TxItem[] = depense
    ? santeDepenseItems(
        t,
        tr.id_bande,
        { id: depense.id, date: tr.debut, designation: depense.designation, cout: tr.cout!, created_at: tr.created_at, id_traitement: tr.id },
        guard,
        sante,
      )
    : [santeBandeUpdate(t, tr.id_bande, sante, guard)];
  // The claims first: a lost claim is what a refusal of the treatment's Put (same id) means.
  await transactOrRefuse([...refuseEachWith(staleRead, [...claims, ...bande]), item, ref], GUARDED_CONFLICT_ATTEMPTS);
}

/**
 * Cancels a treatment read at `tr.version`, all or nothing: the item (etat DELETED, out of the
 * withdrawal index), the BANDE item's `attentes` without it and `sante_rev` moved, and its expense
 * cancelled with the batch's total. StaleRead when the treatment or the batch moved since read.
 */
export async function cancelTraitement(t: number, tr: TraitementItem, sante: SanteSet, at: string): Promise<void> {
  const item: TxItem = {
    Update: {
      TableName: tableName(),
      Key: k.traitement(t, tr.id_bande, tr.id),
      UpdateExpression: 'SET etat = :del, deleted_at = :at, version = :next REMOVE GSI2PK, GSI2SK',
      ConditionExpression: 'version = :v AND etat = :active',
      ExpressionAttributeValues: { ':del': 'DELETED', ':at': at, ':next': tr.version + 1, ':v': tr.version, ':active': 'ACTIVE' },
    },
  };
  const bande: TxItem[] =
    tr.id_depense && tr.cout
      ? santeDepenseCancelItems(t, tr.id_bande, { id: tr.id_depense, prix_total: tr.cout }, undefined, sante)
      : [santeBandeUpdate(t, tr.id_bande, sante)];
  const steps: Step[] = [refuseWith(staleRead, item), ...refuseEachWith(staleRead, bande)];
  await transactOrRefuse(steps, GUARDED_CONFLICT_ATTEMPTS);
}
