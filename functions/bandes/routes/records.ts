// A batch's weighings and egg collections (each with its GET deletion).
import type { z } from 'zod/mini';
import { refusCollecte, refusPesage, weightG } from '@shared/formulas';
import { createdAtFrom } from '@shared/dates';
import { attenteSur, type AttentesBande } from '@shared/formulas/sante';
import { type Collecte, type Pesage, type collecteSchema, type pesageSchema } from '@shared/schemas/bandes';
import { BANDE_MSG } from '@shared/messages/bandes';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { badRequest, notFound } from '../../lib/errors';
import type { RouteContext } from '../../lib/http';
import { idClaims } from '../../lib/repo/counters';
import * as repo from '../repository';
import { activeState, checkDay, checkOeufs, defaultDay, lotOf, untilWritten } from '../limits';

import { cancel } from './shared';

/**
 * A weighing (new, or its correction when `pesage.id` > 0): dated within the batch's life, an
 * average weight under the type's hard maximum, a sample no larger than the birds alive that day.
 */
export async function addPesage(ctx: RouteContext<z.infer<typeof pesageSchema>>): Promise<Pesage> {
  const t = ctx.auth.tenantId;
  const { pesage: p, id_bande } = ctx.body;
  const createdAt = createdAtFrom(ctx.body.saisi_le);
  const day = p.date_prise.slice(0, 10);
  const editing = !!p.id && p.id > 0;
  return untilWritten(async () => {
    const s = await activeState(t, id_bande);
    const old = editing ? await repo.getEntry(t, id_bande, 'PES', p.id!) : null;
    if (editing && (!old || old.etat === 'DELETED')) throw notFound(BANDE_MSG.entryNotFound);
    checkDay(day, s.bande);
    // The same check as the weighing dialog's (shared/formulas/ruptures.ts).
    const refus = refusPesage(await lotOf(t, s), { poidsG: weightG(p), echantillon: p.echantillon, day });
    if (refus) throw badRequest(refus);
    const fields = { id_bande, poids_moyen: p.poids_moyen, unite: p.unite, echantillon: p.echantillon, date_prise: p.date_prise };
    if (old) {
      const entry = { id: p.id!, ...fields, created_at: String(old.created_at), date: day };
      await repo.replaceEntry(t, id_bande, 'PES', Number(old.version), entry, {}, repo.revGuard(s));
      return entry;
    }
    // Claimed in the entry's transaction: a refused entry (here or by its conditions) takes no id.
    const claims = idClaims(t);
    const id = await claims.take('PESAGE');
    const entry = { id, ...fields, created_at: createdAt, date: day };
    await repo.addEntry(t, id_bande, 'PES', entry, {}, repo.revGuard(s), claims.items);
    return entry;
  });
}

export async function cancelPesage(ctx: RouteContext<unknown, { id: number }>) {
  return cancel(ctx.auth.tenantId, 'PES', ctx.params.id, () => ({}));
}

/**
 * An egg collection (new, or its correction when `id` > 0): dated within the batch's life, and the
 * day's eggs (all its collections) no more than the hens alive that day.
 */
export async function addCollecte(ctx: RouteContext<z.output<typeof collecteSchema>>): Promise<Collecte> {
  const t = ctx.auth.tenantId;
  const c = ctx.body;
  const createdAt = createdAtFrom(c.saisi_le);
  return untilWritten(async () => {
    const s = await activeState(t, c.id_bande);
    if (s.bande.type !== 'pondeuse') throw badRequest(BANDE_MSG.notLaying);
    const old = c.id > 0 ? await repo.getEntry(t, c.id_bande, 'COL', c.id) : null;
    if (c.id > 0 && (!old || old.etat === 'DELETED')) throw notFound(BANDE_MSG.entryNotFound);
    const dateCollecte = c.date_collecte || (old ? String(old.date_collecte) : defaultDay(createdAt));
    const day = dateCollecte.slice(0, 10);
    checkDay(day, s.bande);
    const lot = await lotOf(t, s);
    // The day's other collections (the one corrected counts once), as the collection dialog checks them.
    const refus = refusCollecte({ ...lot, collectes: lot.collectes.filter((x) => x.id !== old?.id) }, c.collecte, day);
    if (refus) throw badRequest(refus);
    const fields = { id_bande: c.id_bande, collecte: c.collecte, calibres: c.calibres, date_collecte: dateCollecte };
    if (old) {
      const entry = { id: c.id, ...fields, created_at: String(old.created_at), date: day };
      // Fewer eggs of a size, or another day, must leave every exit of the egg stock its eggs.
      const avant = repo.mouvementsOeufs(s);
      const apres = repo.mouvementsOeufs({ ...s, collectes: s.collectes.map((x) => (x.id === c.id ? (entry as Collecte) : x)) });
      checkOeufs(avant, apres, OEUFS_MSG.collecteNecessaire);
      await repo.replaceEntry(t, c.id_bande, 'COL', Number(old.version), entry, {}, repo.revGuard(s));
      return entry;
    }
    // Claimed in the entry's transaction: a refused entry (here or by its conditions) takes no id.
    const claims = idClaims(t);
    const id = await claims.take('COLLECTE');
    const entry = { id, ...fields, created_at: createdAt, date: day };
    await repo.addEntry(t, c.id_bande, 'COL', entry, {}, repo.revGuard(s), claims.items);
    return entry;
  });
}

/**
 * A collection's cancel takes its eggs out of the egg stock: refused (409) when an exit
 * (a sale, a breakage, a move) would no longer find its eggs; checked on the batch as read and
 * written under its revision, like an exit.
 */
export async function cancelCollecte(ctx: RouteContext<unknown, { id: number }>) {
  const t = ctx.auth.tenantId;
  const id = ctx.params.id;
  const bandeId = await repo.entryBande(t, 'COL', id);
  if (bandeId === null) throw notFound(BANDE_MSG.entryNotFound);
  return untilWritten(async () => {
    const e = await repo.getEntry(t, bandeId, 'COL', id);
    if (!e) throw notFound(BANDE_MSG.entryNotFound);
    if (e.etat === 'DELETED') throw badRequest(BANDE_MSG.alreadyCancelled);
    const s = await activeState(t, bandeId);
    const avant = repo.mouvementsOeufs(s);
    checkOeufs(
      avant,
      avant.filter((m) => !(m.kind === 'collecte' && m.id === id)),
      OEUFS_MSG.collecteNecessaire,
    );
    await repo.cancelEntryGuarded(t, bandeId, 'COL', id, repo.revGuard(s));
    return { code: 200, id, id_bande: bandeId, etat: 'DELETED' };
  });
}

/** Collections dated inside an egg withdrawal of the batch, flagged: their eggs are not sellable. */
export function marquerNonCommercialisables(collectes: Collecte[], attentes: AttentesBande): Collecte[] {
  return collectes.map((c) => (attenteSur(attentes, c.date, 'oeufs') ? { ...c, non_commercialisable: true as const } : c));
}

export async function listCollectes(ctx: RouteContext<unknown, { id: number }>) {
  const t = ctx.auth.tenantId;
  const c = await repo.getCollection(t, ctx.params.id);
  if (!c) throw notFound(BANDE_MSG.bandeNotFound);
  return marquerNonCommercialisables(c.collectes, c.attentes).sort((a, b) =>
    a.date_collecte < b.date_collecte ? 1 : a.date_collecte > b.date_collecte ? -1 : b.id - a.id,
  );
}
