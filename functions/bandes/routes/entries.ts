// A batch's money and bird entries: expenses, sales, losses (each with its GET deletion).
import type { z } from 'zod/mini';
import { oeufsDeVente, sujetsDeVente, totauxDeVente, uniteDeVente } from '@shared/formulas';
import { createdAtFrom } from '@shared/dates';
import { type Depense, type Perte, type Vente, type depenseSchema, type perteSchema, type venteSchema } from '@shared/schemas/bandes';
import { BANDE_MSG } from '@shared/messages/bandes';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import type { Calibre } from '@shared/formulas/oeufs';
import { SANTE_MSG } from '@shared/messages/sante';
import { badRequest, notFound } from '../../lib/errors';
import type { RouteContext } from '../../lib/http';
import { idClaims } from '../../lib/repo/counters';
import * as repo from '../repository';
import { activeState, checkAttente, checkDay, checkOeufs, checkSortie, defaultDay, lotOf, untilWritten } from '../limits';

import { activeBande, cancel, checkBatchTotal, checkedLineTotal } from './shared';

// ── expenses ──

export async function listDepenses(ctx: RouteContext<unknown, { idBande: number }>) {
  const t = ctx.auth.tenantId;
  const c = await repo.getCollection(t, ctx.params.idBande);
  if (!c) throw notFound(BANDE_MSG.bandeNotFound);
  return c.depenses;
}

export async function addDepense(ctx: RouteContext<z.infer<typeof depenseSchema>>): Promise<Depense> {
  const t = ctx.auth.tenantId;
  const { depense: d, id_bande, date } = ctx.body;
  const total = checkedLineTotal(d.prix_unitaire, d.quantite);
  const createdAt = createdAtFrom(ctx.body.saisi_le);
  const fields = {
    id_bande,
    id_type_depense: d.id_type_depense,
    designation: d.designation,
    prix_unitaire: d.prix_unitaire,
    quantite: d.quantite,
    prix_total: total,
    ...(d.unite ? { unite: d.unite } : {}),
  };
  return untilWritten(async () => {
    const bande = await activeBande(t, id_bande);
    if (d.id) {
      const old = await repo.getEntry(t, id_bande, 'DEP', d.id);
      if (!old || old.etat === 'DELETED') throw notFound(BANDE_MSG.entryNotFound);
      // A health cost's expense is edited through its step or treatment (cancelled and done again).
      if (old.id_etape || old.id_traitement) throw badRequest(SANTE_MSG.depenseSante);
      // An edit keeps when it was typed and may change the day it counts on.
      const day = date ?? repo.entryDay('DEP', old);
      checkDay(day, bande);
      checkBatchTotal(bande.depense, total - Number(old.prix_total));
      const entry = { id: d.id, ...fields, created_at: String(old.created_at), date: day };
      await repo.replaceEntry(t, id_bande, 'DEP', Number(old.version), entry, { depense: total - Number(old.prix_total) }, { start: day });
      return entry;
    }
    const day = date ?? defaultDay(createdAt);
    checkDay(day, bande);
    checkBatchTotal(bande.depense, total);
    // Claimed in the entry's transaction: a refused entry (here or by its conditions) takes no id.
    const claims = idClaims(t);
    const id = await claims.take('DEPENSE');
    const entry = { id, ...fields, created_at: createdAt, date: day };
    await repo.addEntry(t, id_bande, 'DEP', entry, { depense: total }, { start: day }, claims.items);
    return entry;
  });
}

export async function cancelDepense(ctx: RouteContext<unknown, { id: number }>) {
  return cancel(ctx.auth.tenantId, 'DEP', ctx.params.id, (e) => ({ depense: -Number(e.prix_total) }));
}

// ── sales ──

/**
 * A sale of a batch. A broiler batch sells birds; a layer batch sells eggs (one by one or in trays
 * of 30) or, at the end of lay, its hens (`unite: 'sujet'`, decision 0217). A sale of birds is whole
 * birds, never more than are alive, and never so many, on a past day, that an existing collection
 * or weighing becomes impossible. A sale of eggs is whole eggs: only the day and the money limits
 * are checked.
 */
export async function addVenteBande(ctx: RouteContext<z.infer<typeof venteSchema>>): Promise<Vente> {
  const t = ctx.auth.tenantId;
  const v = ctx.body;
  const total = checkedLineTotal(v.prix_unitaire, v.quantite);
  const createdAt = createdAtFrom(v.saisi_le);
  return untilWritten(async () => {
    const s = await activeState(t, v.id_bande);
    const bande = s.bande;
    const chair = bande.type === 'chair';
    if (chair && (v.unite === 'oeuf' || v.unite === 'plateau')) throw badRequest(BANDE_MSG.uniteChair);
    if (chair && !Number.isInteger(v.quantite)) throw badRequest(BANDE_MSG.wholeBirds);
    const old = v.id_vente > 0 ? await repo.getEntry(t, v.id_bande, 'VTE', v.id_vente) : null;
    if (v.id_vente > 0) {
      if (!old) throw notFound(BANDE_MSG.entryNotFound);
      if (old.etat === 'DELETED') throw badRequest(BANDE_MSG.saleCancelled);
      // A shop sale's batch entry moves with its shop line (stock, creance): never on its own.
      if (old.id_vente_boutique) throw badRequest(BANDE_MSG.shopSale);
    }
    // An edit sent without a unit keeps the sale's; a new layer sale without one is eggs.
    const unite = uniteDeVente(bande.type, { unite: v.unite ?? (old?.unite as string | undefined) });
    const birds = unite === 'sujet';
    if (!chair && birds && !Number.isInteger(v.quantite)) throw badRequest(BANDE_MSG.wholeHens);
    if (!birds && !Number.isInteger(oeufsDeVente(bande.type, { quantite: v.quantite, unite }))) throw badRequest(BANDE_MSG.wholeEggs);
    // The eggs' size: an edit sent without one keeps the sale's; birds have none.
    if (birds && v.calibre) throw badRequest(OEUFS_MSG.calibreSansOeufs);
    const calibre = birds ? null : v.calibre === undefined ? ((old?.calibre as Calibre | undefined) ?? null) : v.calibre;
    const fields = {
      id_bande: v.id_bande,
      prix_unitaire: v.prix_unitaire,
      quantite: v.quantite,
      prix_total: total,
      etat: 'ACTIVE' as const,
      // Stored on a layer batch's sales only: a broiler sale is birds, as it always was.
      ...(chair ? {} : { unite }),
      ...(calibre ? { calibre } : {}),
    };
    const day = v.date ?? (old ? repo.entryDay('VTE', old) : defaultDay(createdAt));
    checkDay(day, bande);
    // Birds (a broiler's, a layer's réforme hens) are meat, a layer batch's eggs are eggs: none
    // is sold inside a withdrawal of the batch, a new sale or an edit alike.
    checkAttente(s.attentes, day, birds ? 'viande' : 'oeufs');
    checkBatchTotal(bande.chiffre_affaire, total - Number(old?.prix_total ?? 0));
    if (birds) {
      const lot = await lotOf(t, s);
      const others = (lot.ventes ?? []).filter((x) => x.etat !== 'DELETED' && (x as { id?: number }).id !== old?.id);
      // Checked without the sale's old version: its birds come back before counting.
      const ancienne =
        old && sujetsDeVente(bande.type, { quantite: Number(old.quantite), unite: old.unite as string | undefined }) > 0
          ? { quantite: Number(old.quantite), day: repo.entryDay('VTE', old) }
          : null;
      checkSortie({ ...lot, ventes: others }, { kind: 'vente', quantite: v.quantite, day, ancienne });
    }
    if (!chair && !birds) {
      // A layer batch's eggs leave its egg stock (decision 0243): checked with the sale's
      // old version replaced by the new one, so an edit is refused only for what it adds.
      const avant = repo.mouvementsOeufs(s);
      const sans = avant.filter((m) => !(m.kind === 'vente' && m.id === old?.id));
      checkOeufs(avant, [...sans, { kind: 'vente', id: v.id_vente, day, oeufs: oeufsDeVente(bande.type, { quantite: v.quantite, unite }), calibre }]);
    }
    // Every sale is serialised with the batch's other writes by its revision: a sale of birds with
    // the bird writes, a sale of eggs with the egg stock's exits and the collections' edits (issue
    // 36). Either way checked against the withdrawals as read (`sante_rev`).
    const guard: repo.Guard = repo.withSante(repo.revGuard(s), s);
    const now = totauxDeVente(bande.type, { quantite: v.quantite, unite });
    if (old) {
      const before = totauxDeVente(bande.type, { quantite: Number(old.quantite), unite: old.unite as string | undefined });
      const entry = { id: v.id_vente, id_vente: v.id_vente, ...fields, created_at: String(old.created_at), date: day };
      await repo.replaceEntry(
        t,
        v.id_bande,
        'VTE',
        Number(old.version),
        entry,
        { chiffre_affaire: total - Number(old.prix_total), nb_vendu: now.nb_vendu - before.nb_vendu, nb_reforme: now.nb_reforme - before.nb_reforme },
        guard,
      );
      return entry;
    }
    // Claimed in the entry's transaction: a refused entry (here or by its conditions) takes no id.
    const claims = idClaims(t);
    const id = await claims.take('VENTE');
    const entry = { id, id_vente: id, ...fields, created_at: createdAt, date: day };
    await repo.addEntry(t, v.id_bande, 'VTE', entry, { chiffre_affaire: total, ...now }, guard, claims.items);
    return entry;
  });
}

export async function cancelVenteBande(ctx: RouteContext<unknown, { id: number }>) {
  // A layer sale stores its unit; a sale without one (a broiler's, or a layer's eggs recorded before
  // units) is all in nb_vendu whatever the batch's type, so the entry alone says what to take back.
  return cancel(ctx.auth.tenantId, 'VTE', ctx.params.id, (e) => {
    const t = totauxDeVente(e.unite ? 'pondeuse' : 'chair', { quantite: Number(e.quantite), unite: e.unite as string | undefined });
    return { chiffre_affaire: -Number(e.prix_total), nb_vendu: -t.nb_vendu, nb_reforme: -t.nb_reforme };
  });
}

// ── losses ──

/**
 * A loss never takes more birds than are alive (placed − dead − slaughtered − sold broilers), nor,
 * dated in the past, so many that an existing collection or weighing becomes impossible — even when
 * other entries are recorded on the batch at the same time: the write is conditioned on the batch's
 * revision as read, and a change in between makes it read and check again.
 */
export async function addPerte(ctx: RouteContext<z.infer<typeof perteSchema>>): Promise<Perte> {
  const t = ctx.auth.tenantId;
  const { nombre, id_bande, date } = ctx.body;
  const createdAt = createdAtFrom(ctx.body.saisi_le);
  return untilWritten(async () => {
    const s = await activeState(t, id_bande);
    const day = date ?? defaultDay(createdAt);
    checkDay(day, s.bande);
    checkSortie(await lotOf(t, s), { kind: 'perte', quantite: nombre, day });
    // Claimed in the entry's transaction: a refused entry (here or by its conditions) takes no id.
    const claims = idClaims(t);
    const id = await claims.take('PERTE');
    const entry = { id, id_bande, nombre, type: 'perte' as const, created_at: createdAt, date: day };
    await repo.addEntry(t, id_bande, 'PRT', entry, { nb_perte: nombre }, repo.revGuard(s), claims.items);
    return entry;
  });
}

export async function cancelPerte(ctx: RouteContext<unknown, { id: number }>) {
  return cancel(ctx.auth.tenantId, 'PRT', ctx.params.id, (e) => ({ nb_perte: -Number(e.nombre) }));
}
