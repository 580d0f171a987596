// Slaughter records (spec part 2 §2, §5, §7, §8): create or edit with weight categories, list,
// one record, cancel. Each category may name the shop product its birds become: the
// product's stock rises in the slaughter's transaction (./stock.ts, decision 0246). The birds slaughtered leave the batch's live count in the same transaction; they can
// never exceed the birds still alive (placed − losses − slaughtered − broilers sold: a layer
// batch's sales are eggs; shared/formulas/birds.ts `sujetsVivants`).
import type { z } from '@shared/schemas/common';
import type { Abattage, abattageSchema, CancelAbattageResponse, Categorie, SaveAbattageResponse } from '@shared/schemas/abattages';
import { ABATTAGE_MSG } from '@shared/messages/abattages';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { hasRight } from '@shared/rights';
import type { RouteContext } from '../lib/http';
import { idClaims } from '../lib/repo/counters';
import { nowIso } from '../lib/store';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse, type Step } from '../lib/refusal';
import { abattageItems, bandeState, GUARDED_CONFLICT_ATTEMPTS, revGuard, withSante, type BandeState } from '../bandes/public';
import { checkAttente, checkDay, checkSortie, lotOf, today, untilWritten } from '../bandes/public';
import { abattagePut, getAbattage as readAbattage, lignesOf, listAbattages as readAbattages, toAbattage, type AbattageItem } from './repository';
import { checkProduits, lignesNouvelles, mouvementsProduits } from './stock';

type Body = z.output<typeof abattageSchema>;

export async function listAbattages(ctx: RouteContext): Promise<Abattage[]> {
  return (await readAbattages(ctx.auth.tenantId)).map(toAbattage);
}

export async function getAbattage(ctx: RouteContext<unknown, { id: number }>): Promise<Abattage> {
  const a = await readAbattage(ctx.auth.tenantId, ctx.params.id);
  if (!a) throw notFound(ABATTAGE_MSG.notFound);
  return toAbattage(a);
}

async function stateOf(t: number, id: number): Promise<BandeState> {
  const c = await bandeState(t, id);
  if (!c) throw notFound(ABATTAGE_MSG.bandeNotFound);
  if (c.bande.statut !== 'ACTIVE') throw badRequest(ABATTAGE_MSG.bandeClosed);
  if (c.bande.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
  return c;
}

/** A record that moves the shop's stock (names products now, or did before) needs the products' right too. */
function needsProduits(ctx: RouteContext, ...names: boolean[]): void {
  if (names.some(Boolean) && !hasRight(ctx.auth.role, ctx.auth.rights, 'prav')) throw forbidden(ABATTAGE_MSG.droitProduits);
}

export async function saveAbattage(ctx: RouteContext<Body>): Promise<SaveAbattageResponse> {
  const t = ctx.auth.tenantId;
  const body = ctx.body;
  const first = body.id > 0 ? await readAbattage(t, body.id) : null;
  if (body.id > 0 && !first) throw notFound(ABATTAGE_MSG.notFound);
  if (first?.etat === 'DELETED') throw badRequest(ABATTAGE_MSG.annuleNonModifiable);
  needsProduits(
    ctx,
    body.category.some((c) => !!c.id_produit),
    !!first && lignesOf(first).length > 0,
  );

  // Categories: kept ones keep their id (it must be one of the record's), new ones get one; the
  // deleted ones must be the record's.
  const ownIds = new Set(first?.categories.map((c) => c.id) ?? []);
  for (const id of body.deleted_categories_id) if (!ownIds.has(id)) throw badRequest(ABATTAGE_MSG.categoryNotFound);
  const kept = body.category.filter((c) => c.id && c.id > 0);
  for (const c of kept) if (!ownIds.has(c.id!) || body.deleted_categories_id.includes(c.id!)) throw badRequest(ABATTAGE_MSG.categoryNotFound);
  // One category sent twice would claim its restock line twice.
  if (new Set(kept.map((c) => c.id)).size !== kept.length) throw badRequest(ABATTAGE_MSG.categoryNotFound);
  const fresh = body.category.filter((c) => !c.id || c.id <= 0);
  // The products named: in the business (404), a meat product, not archived unless the record
  // already fed it (the edit of an old slaughter keeps working once its product is archived).
  const produits = await checkProduits(
    t,
    body.category.flatMap((c) => (c.id_produit ? [c.id_produit] : [])),
    new Set(first ? lignesOf(first).map((l) => l.id_produit) : []),
  );
  const createdAt = nowIso();
  return untilWritten(async () => {
    // Read again on every attempt: a concurrent edit of the same record moves its version.
    const before = body.id > 0 ? await readAbattage(t, body.id) : null;
    if (body.id > 0 && !before) throw notFound(ABATTAGE_MSG.notFound);
    if (before?.etat === 'DELETED') throw badRequest(ABATTAGE_MSG.annuleNonModifiable);
    const target = await stateOf(t, body.id_bande);
    const date = body.date ?? before?.date ?? today();
    const day = date.slice(0, 10);
    checkDay(day, target.bande);
    // Slaughtered birds are meat: none inside a withdrawal of the batch.
    checkAttente(target.attentes, day, 'viande');
    const lot = await lotOf(t, target);
    // The birds this record already took from the target batch come back before counting.
    const sameBatch = !!before && before.id_bande === body.id_bande;
    const others = lot.abatages.filter((a) => !(sameBatch && a.id === before!.id));
    // Its own day, every later departure, collection and weighing of the batch must keep their birds.
    const ancienne = sameBatch ? { quantite: before!.quantite, day: before!.date.slice(0, 10) } : null;
    checkSortie({ ...lot, abatages: others }, { kind: 'abattage', quantite: body.quantite, day, ancienne });
    // The shop's side: which lines stay, which go back, which are new, and whether each product's
    // stock can take the difference (checked on the stock as it now is, before any id is taken;
    // the transaction's conditions hold it against the sales landing in between).
    const numbered = body.category.map((c, i) => ({ ...c, index: i }));
    const plan = lignesNouvelles(before, numbered, { id_bande: target.bande.id, day }, produits);
    const moves = await mouvementsProduits(t, plan, produits);
    // Ids last, after every check, claimed in the transaction below: a refused slaughter (here or
    // by a condition of the transaction) takes none, and a lost race claims them again.
    const claims = idClaims(t);
    const id = before?.id ?? (await claims.take('ABATAGE'));
    const firstCategory = await claims.take('ABATAGE_CATEGORIE', fresh.length);
    let n = 0;
    const base: Categorie[] = body.category.map((c) => ({
      id: c.id && c.id > 0 ? c.id : firstCategory + n++,
      quantite: c.quantite,
      poids_min: c.poids_min,
      poids_max: c.poids_max,
    }));
    const firstLine = await claims.take('REAPPRO', plan.nouvelles.length);
    const ids = plan.nouvelles.map((_, k) => firstLine + k);
    const source = { type: 'abattage' as const, id, id_bande: target.bande.id, bande_nom: target.bande.nom, date: day };
    const record: AbattageItem = {
      id,
      quantite: body.quantite,
      id_bande: target.bande.id,
      bande_nom: target.bande.nom,
      date,
      created_at: before?.created_at ?? createdAt,
      categories: base.map((c, i) => plan.categorie(c, i, ids)),
      version: before?.version ?? 0,
    };
    // The record was edited, or the target batch moved (a loss, a sale, another slaughter, a
    // collection…) or was closed: read and check again. Its birds and its copy of the record are
    // checked at the revision read.
    const into = abattageItems(
      t,
      target.bande.id,
      body.quantite - (sameBatch ? before!.quantite : 0),
      id,
      { quantite: body.quantite, date: day, produits: produitsDe(record.categories) },
      withSante(revGuard(target), target),
    );
    const steps: Step[] = [
      refuseWith(staleRead, abattagePut(t, record, before ? before.version : null)),
      ...refuseEachWith(staleRead, [into.bande, into.copy]),
    ];
    if (before && !sameBatch) {
      // Moved to another batch: the birds go back to the first one (nothing to check: it only
      // gains birds), unless it was closed (or archived) meanwhile: they can no longer come back.
      const back = abattageItems(t, before.id_bande, -before.quantite, id, null);
      const firstClosed = async () => badRequest((await bandeState(t, before.id_bande))?.bande.archive ? ARCHIVE_MSG.bandeArchivee : ABATTAGE_MSG.bandeClosed);
      steps.push(refuseWith(firstClosed, back.bande), refuseWith(staleRead, back.copy));
    }
    steps.push(...moves.steps(ids, source, createdAt), ...refuseEachWith(staleRead, claims.items));
    await transactOrRefuse(steps, GUARDED_CONFLICT_ATTEMPTS);
    return { code: 200 as const, message: ABATTAGE_MSG.saved, abatage: toAbattage(record) };
  });
}

/** The products a record's categories became, summed by product (the batch's copy keeps them for its report). */
function produitsDe(categories: Categorie[]): { id: number; nom: string; quantite: number }[] {
  const out = new Map<number, { id: number; nom: string; quantite: number }>();
  for (const c of categories) {
    if (!c.id_produit || !c.produit) continue;
    const p = out.get(c.id_produit) ?? { id: c.id_produit, nom: c.produit.nom, quantite: 0 };
    p.quantite += c.quantite;
    out.set(c.id_produit, p);
  }
  return [...out.values()];
}

/**
 * GET api/bande/abatage/delete/{id}: the record stays, marked DELETED (the list shows it;
 * it can no longer be edited or cancelled); its birds go back to its batch (which must still be
 * active: a closed batch's figures are final) and its copy leaves the batch; the products it fed
 * give their units back, refused (409) when the shop has already sold them. One transaction.
 */
export async function cancelAbattage(ctx: RouteContext<unknown, { id: number }>): Promise<CancelAbattageResponse> {
  const t = ctx.auth.tenantId;
  const first = await readAbattage(t, ctx.params.id);
  if (!first) throw notFound(ABATTAGE_MSG.notFound);
  if (first.etat === 'DELETED') throw badRequest(ABATTAGE_MSG.dejaAnnule);
  needsProduits(ctx, lignesOf(first).length > 0);
  const at = nowIso();
  return untilWritten(async () => {
    const a = await readAbattage(t, ctx.params.id);
    if (!a) throw notFound(ABATTAGE_MSG.notFound);
    if (a.etat === 'DELETED') throw badRequest(ABATTAGE_MSG.dejaAnnule);
    const moves = await mouvementsProduits(t, { gardees: [], reprises: lignesOf(a), nouvelles: [] }, new Map());
    const record: AbattageItem = { ...a, etat: 'DELETED' };
    // Birds back: the batch only gains birds, so no check of its days is needed; a batch closed or
    // archived meanwhile refuses them (its OPEN condition).
    const back = abattageItems(t, a.id_bande, -a.quantite, a.id, null);
    const closed = async () => {
      const s = await bandeState(t, a.id_bande);
      return badRequest(s?.bande.archive ? ARCHIVE_MSG.bandeArchivee : ABATTAGE_MSG.annulationBandeClose);
    };
    await transactOrRefuse(
      [refuseWith(staleRead, abattagePut(t, record, a.version)), refuseWith(closed, back.bande), back.copy, ...moves.steps([], null, at)],
      GUARDED_CONFLICT_ATTEMPTS,
    );
    return { code: 200 as const, message: ABATTAGE_MSG.annule, abatage: toAbattage(record) };
  });
}
