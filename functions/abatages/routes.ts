// Slaughter records (spec part 2 §2, §5, §7, §8): create or edit with weight categories, list,
// one record. The birds slaughtered leave the batch's live count in the same transaction; they can
// never exceed the birds still alive (placed − losses − slaughtered − broilers sold: a layer
// batch's sales are eggs; shared/formulas.ts `sujetsVivants`).
import type { z } from '../../shared/schemas/common';
import type { Abatage, abatageSchema, Categorie, SaveAbatageResponse } from '../../shared/schemas/abatages';
import { ABATAGE_MSG } from '../../shared/messages-users';
import { badRequest, notFound, refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { nextTenantId } from '../lib/repo/counters';
import { failedConditionIndex, nowIso, transact, type TxItem } from '../lib/store';
import { abattusUpdate, bandeCounts, type BandeCounts } from '../bandes/repository';
import { abatagePut, getAbatage as readAbatage, listAbatages as readAbatages, toAbatage, type AbatageItem } from './repository';

type Body = z.output<typeof abatageSchema>;

export async function listAbatages(ctx: RouteContext): Promise<Abatage[]> {
  return (await readAbatages(ctx.auth.tenantId)).map(toAbatage);
}

export async function getAbatage(ctx: RouteContext<unknown, { id: number }>): Promise<Abatage> {
  const a = await readAbatage(ctx.auth.tenantId, ctx.params.id);
  if (!a) throw notFound(ABATAGE_MSG.notFound);
  return toAbatage(a);
}

async function countsOf(t: number, id: number): Promise<BandeCounts> {
  const c = await bandeCounts(t, id);
  if (!c) throw notFound(ABATAGE_MSG.bandeNotFound);
  if (c.bande.statut !== 'ACTIVE') throw badRequest(ABATAGE_MSG.bandeClosed);
  return c;
}

export async function saveAbatage(ctx: RouteContext<Body>): Promise<SaveAbatageResponse> {
  const t = ctx.auth.tenantId;
  const body = ctx.body;
  const before = body.id > 0 ? await readAbatage(t, body.id) : null;
  if (body.id > 0 && !before) throw notFound(ABATAGE_MSG.notFound);

  // Categories: kept ones keep their id (it must be one of the record's), new ones get one; the
  // deleted ones must be the record's.
  const ownIds = new Set(before?.categories.map((c) => c.id) ?? []);
  for (const id of body.deleted_categories_id) if (!ownIds.has(id)) throw badRequest(ABATAGE_MSG.notFound.replace('Abatage', 'Catégorie'));
  const kept = body.category.filter((c) => c.id && c.id > 0);
  for (const c of kept) if (!ownIds.has(c.id!) || body.deleted_categories_id.includes(c.id!)) throw badRequest(ABATAGE_MSG.notFound.replace('Abatage', 'Catégorie'));
  const fresh = body.category.filter((c) => !c.id || c.id <= 0);
  let categories: Categorie[] | null = null;
  const numberCategories = async (): Promise<Categorie[]> => {
    const firstId = fresh.length ? await nextTenantId(t, 'ABATAGE_CATEGORIE', fresh.length) : 0;
    let n = 0;
    return body.category.map((c) => ({ id: c.id && c.id > 0 ? c.id : firstId + n++, quantite: c.quantite, poids_min: c.poids_min, poids_max: c.poids_max }));
  };

  // Taken once, after the first checks passed (a refused request takes no id).
  let newId: number | null = null;
  for (let attempt = 0; ; attempt++) {
    const target = await countsOf(t, body.id_bande);
    // Birds this record already took from the target batch come back before counting.
    const already = before && before.id_bande === body.id_bande ? before.quantite : 0;
    if (body.quantite - already > target.live) throw badRequest(ABATAGE_MSG.tooMany(target.live + already));
    const record: AbatageItem = {
      id: before?.id ?? (newId ??= await nextTenantId(t, 'ABATAGE')),
      quantite: body.quantite,
      id_bande: target.bande.id,
      bande_nom: target.bande.nom,
      date: body.date ?? before?.date ?? nowIso().slice(0, 10),
      created_at: before?.created_at ?? nowIso(),
      categories: (categories ??= await numberCategories()),
      version: before?.version ?? 0,
    };
    const items: TxItem[] = [abatagePut(t, record, before ? before.version : null)];
    if (before && before.id_bande !== body.id_bande) {
      // Moved to another batch: the birds go back to the first one.
      const previous = await bandeCounts(t, before.id_bande);
      if (previous) items.push(abattusUpdate(t, previous, -before.quantite));
      items.push(abattusUpdate(t, target, body.quantite));
    } else if (body.quantite - already !== 0) {
      items.push(abattusUpdate(t, target, body.quantite - already));
    }
    try {
      await transact(items);
      return { code: 200, message: ABATAGE_MSG.saved, abatage: toAbatage(record) };
    } catch (err) {
      const i = failedConditionIndex(err);
      if (i === 0) throw refused(409, ABATAGE_MSG.failed);
      // A batch's counts moved (a loss, a sale, another slaughter) or it was closed: check again.
      if (i > 0 && attempt < 5) continue;
      if (i > 0) throw refused(409, ABATAGE_MSG.failed);
      throw err;
    }
  }
}
