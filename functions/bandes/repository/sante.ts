// A batch's health calendar (docs/decisions/0225-health-calendar-storage.md): ONE item
// per batch in the batch's collection (SK SANTE) holding its plan and its dated steps, with a
// `version` every write conditions on and moves; a pointer per step id (the step routes carry only
// that id); and the sparse due index (GSI2) the day's to-do reads. Its items live here, in the
// batches domain, because a batch's creation writes its calendar in its own transaction (bandes
// owns its collection's items, like ./abattages.ts); flock health (functions/sante) builds and
// moves them through functions/bandes/public.ts. The business's own plans are read here too, for
// the same reason (a batch created with `id_plan`).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { datePrevue } from '@shared/formulas/sante';
import type { EtapeBande } from '@shared/schemas/sante';
import { PLANS_DEFAUT, type PlanSante } from '@shared/sante/plans-defaut';
import { ddb, tableName } from '../../lib/ddb';
import { tenantPk } from '../../lib/repo/keys';
import type { TxItem } from '../../lib/store';
import { OPEN } from './guard';
import { k as bandeKeys, pad } from './keys';

/** Keys of flock health that the batch's own writes touch (functions/sante/repository/keys.ts lists them all). */
export const santeKeys = {
  plan: (t: number, id: number) => ({ PK: tenantPk(t), SK: `SANTE#PLAN#${pad(id)}` }),
  planPrefix: 'SANTE#PLAN#',
  calendrier: (t: number, bandeId: number) => ({ PK: bandeKeys.bandePk(t, bandeId), SK: 'SANTE' }),
  calendrierSk: 'SANTE',
  dueIndex: (t: number, day: string, bandeId: number) => ({ GSI2PK: `${tenantPk(t)}#SANTE_DUE`, GSI2SK: `${day}#${pad(bandeId)}` }),
  duePk: (t: number) => `${tenantPk(t)}#SANTE_DUE`,
  ref: (t: number, kind: 'ETP' | 'TRT', id: number) => ({ PK: tenantPk(t), SK: `SANTEREF#${kind}#${pad(id)}` }),
};

/** A step as stored: its plan step, its due day, and what was recorded (`etat` absent: pending). */
export type EtapeStockee = Omit<EtapeBande, 'statut'> & { etat?: 'fait' | 'saute'; saisi_le?: string };

export interface Calendrier {
  id_bande: number;
  id_plan: number | null;
  nom_plan: string | null;
  etapes: EtapeStockee[];
  /** Moved by every write; 0 when the batch has no calendar yet. */
  version: number;
}

/** A business's own plan as stored (never a built-in one). */
export function toPlanSante(i: Record<string, any>): PlanSante {
  return { id: Number(i.id), nom: String(i.nom), type: i.type, defaut: false, etapes: (i.etapes ?? []) as PlanSante['etapes'] };
}

/** A plan the business may use: a built-in one or its own (null: none with that id for this business). */
export async function planSante(t: number, id: number): Promise<PlanSante | null> {
  const builtin = PLANS_DEFAUT.find((p) => p.id === id);
  if (builtin) return builtin;
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: santeKeys.plan(t, id), ConsistentRead: true }));
  return out.Item ? toPlanSante(out.Item) : null;
}

export function toCalendrier(i: Record<string, any> | undefined, bandeId: number): Calendrier {
  if (!i) return { id_bande: bandeId, id_plan: null, nom_plan: null, etapes: [], version: 0 };
  return {
    id_bande: bandeId,
    id_plan: i.id_plan === undefined || i.id_plan === null ? null : Number(i.id_plan),
    nom_plan: i.nom_plan ? String(i.nom_plan) : null,
    etapes: (i.etapes ?? []) as EtapeStockee[],
    version: Number(i.version ?? 0),
  };
}

/** The batch's calendar (an empty one, version 0, when it has none). */
export async function getCalendrier(t: number, bandeId: number): Promise<Calendrier> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: santeKeys.calendrier(t, bandeId), ConsistentRead: true }));
  return toCalendrier(out.Item, bandeId);
}

/** Which batch a step belongs to (null: no such step for this business). */
export async function etapeBande(t: number, id: number): Promise<number | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: santeKeys.ref(t, 'ETP', id), ConsistentRead: true }));
  return out.Item ? Number(out.Item.id_bande) : null;
}

/** The steps a plan gives a batch placed on `dateDemarage` at `ageDemarrage` days: those before the placement age are not created. */
export function etapesDuPlan(plan: PlanSante, bande: { id: number; date_demarage: string; age_demarrage?: number | null }, ids: () => number): EtapeStockee[] {
  const out: EtapeStockee[] = [];
  for (const e of plan.etapes) {
    const date = datePrevue(bande.date_demarage, bande.age_demarrage, e.age);
    if (date === null) continue;
    out.push({
      id: ids(),
      id_bande: bande.id,
      id_plan: plan.id,
      age: e.age,
      date_prevue: date,
      intitule: e.intitule,
      voie: e.voie,
      ...(e.note ? { note: e.note } : {}),
    });
  }
  return out;
}

/** The steps of `plan` the batch would get: how many ids to take before building them. */
export function etapesACreer(plan: PlanSante, bande: { date_demarage: string; age_demarrage?: number | null }): number {
  return plan.etapes.filter((e) => datePrevue(bande.date_demarage, bande.age_demarrage, e.age) !== null).length;
}

/** Steps in calendar order: by due day, then age, then id (the order they were made in). */
export function ordreEtapes(a: EtapeStockee, b: EtapeStockee): number {
  if (a.date_prevue !== b.date_prevue) return a.date_prevue < b.date_prevue ? -1 : 1;
  return a.age - b.age || a.id - b.id;
}

/** The earliest due day of a step neither done nor skipped (null: nothing left to do). */
export function prochaineEcheance(etapes: readonly EtapeStockee[]): string | null {
  let min: string | null = null;
  for (const e of etapes) if (!e.etat && (min === null || e.date_prevue < min)) min = e.date_prevue;
  return min;
}

/**
 * The calendar's Put: its steps, the next version and the due index (absent when every step is
 * done or skipped, so GET api/sante/a-faire never reads it). `expected`: the version read (0: the
 * batch had no calendar), the condition that makes two writes on one calendar never both pass on
 * the same reading.
 */
export function calendrierPut(t: number, c: Omit<Calendrier, 'version'>, expected: number): TxItem {
  const etapes = [...c.etapes].sort(ordreEtapes);
  const due = prochaineEcheance(etapes);
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...santeKeys.calendrier(t, c.id_bande),
        ...(due ? santeKeys.dueIndex(t, due, c.id_bande) : {}),
        entity: 'BANDE_SANTE',
        id_bande: c.id_bande,
        id_plan: c.id_plan,
        nom_plan: c.nom_plan,
        etapes,
        version: expected + 1,
        updated_at: new Date().toISOString(),
      },
      ...(expected
        ? { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': expected } }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  };
}

/** The id → batch pointers of new steps. */
export function etapeRefPuts(t: number, bandeId: number, etapes: readonly { id: number }[]): TxItem[] {
  return etapes.map((e) => ({ Put: { TableName: tableName(), Item: { ...santeKeys.ref(t, 'ETP', e.id), entity: 'SANTE_REF', id_bande: bandeId } } }));
}

/** The batch must be active and not archived when its calendar moves without its totals moving. */
export function bandeOuverte(t: number, bandeId: number): TxItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: bandeKeys.bande(t, bandeId),
      ConditionExpression: OPEN,
      ExpressionAttributeValues: { ':active': 'ACTIVE' },
    },
  };
}

/** The batch has no calendar (a delete read it so). */
export function sansCalendrier(t: number, bandeId: number): TxItem {
  return { ConditionCheck: { TableName: tableName(), Key: santeKeys.calendrier(t, bandeId), ConditionExpression: 'attribute_not_exists(PK)' } };
}

/** Deletes a calendar read at `version` (a batch deleted with only pending steps) and its steps' pointers. */
export function calendrierDeleteItems(t: number, c: Calendrier): TxItem[] {
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: santeKeys.calendrier(t, c.id_bande),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': c.version },
      },
    },
    ...c.etapes.map((e) => ({ Delete: { TableName: tableName(), Key: santeKeys.ref(t, 'ETP', e.id) } })),
  ];
}

/** The tenant counter that numbers steps (ids taken once the checks passed, in one block per plan applied). */
export const ETAPE_COUNTER = 'SANTE_ETAPE';

/**
 * A batch's calendar after an edit of the batch (null: nothing to write). A new start or placement
 * age re-dates the pending steps (one now before the placement age leaves the calendar); a new type
 * leaves no plan (its steps were for the other type: only done or skipped ones, which a type change
 * never meets since they count as entries, would stay). Done and skipped steps stay as recorded.
 */
export function calendrierApresEdition(
  t: number,
  c: Calendrier | null,
  avant: { type: string; date_demarage: string; age_demarrage?: number | null },
  apres: { type: string; date_demarage: string; age_demarrage?: number | null },
): TxItem | null {
  if (!c) return null;
  const typeChange = avant.type !== apres.type;
  const redate = avant.date_demarage.slice(0, 10) !== apres.date_demarage.slice(0, 10) || (avant.age_demarrage ?? 0) !== (apres.age_demarrage ?? 0);
  if (!typeChange && !redate) return null;
  const etapes: EtapeStockee[] = [];
  for (const e of c.etapes) {
    if (e.etat) etapes.push(e);
    else if (!typeChange) {
      const d = datePrevue(apres.date_demarage, apres.age_demarrage, e.age);
      if (d !== null) etapes.push({ ...e, date_prevue: d });
    }
  }
  return calendrierPut(t, { id_bande: c.id_bande, id_plan: typeChange ? null : c.id_plan, nom_plan: typeChange ? null : c.nom_plan, etapes }, c.version);
}
