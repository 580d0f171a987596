// A batch's treatments and their withdrawal periods (docs/decisions/0227-withdrawal-periods.md):
// record one (its windows land on the batch, its cost becomes the batch's expense) and cancel it.
import type { z } from 'zod/mini';
import { createdAtFrom } from '@shared/dates';
import type { Traitement, traitementAnnulerSchema, TraitementInput } from '@shared/schemas/sante';
import { withinMontant } from '@shared/schemas/common';
import { BANDE_MSG } from '@shared/messages/bandes';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { LIMIT_MSG } from '@shared/messages/limits';
import { SANTE_MSG } from '@shared/messages/sante';
import { finsAttente } from '@shared/formulas/sante';
import { badRequest, businessConflict, notFound } from '../../lib/errors';
import type { RouteContext } from '../../lib/http';
import { idClaims } from '../../lib/repo/counters';
import { nowIso } from '../../lib/store';
import { getBandeSante, today, untilWritten } from '../../bandes/public';
import * as repo from '../repository/traitements';

/** The batch as a treatment's write reads it: it must exist (404) and take entries (active, not archived). */
async function bandeOuvert(t: number, id: number) {
  const s = await getBandeSante(t, id);
  if (!s) throw notFound(BANDE_MSG.bandeNotFound);
  if (s.bande.statut !== 'ACTIVE') throw badRequest(BANDE_MSG.closed);
  if (s.bande.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
  return s;
}

const answer = ({ created_at: _c, deleted_at: _d, version: _v, rev_bande: _r, ...tr }: repo.TraitementItem): Traitement => tr;

/**
 * A treatment of a batch: it starts on or after the batch's start and not after today (it may end
 * in the future). Its withdrawal windows (debut .. fin + days, both ends included; 0 days: none)
 * go onto the batch, from where the sale and slaughter routes refuse what falls inside them. A
 * treatment recorded after sales already inside its window is accepted: it is a fact (0227).
 */
export async function addTraitement(ctx: RouteContext<TraitementInput>): Promise<Traitement> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const createdAt = createdAtFrom(b.saisi_le);
  return untilWritten(async () => {
    const s = await bandeOuvert(t, b.id_bande);
    const start = s.bande.date_demarage.slice(0, 10);
    if (b.debut < start) throw badRequest(SANTE_MSG.avantDemarrage(start));
    if (b.debut > today()) throw badRequest(SANTE_MSG.dateFuture);
    if (b.cout && !withinMontant(s.bande.depense + b.cout)) throw badRequest(LIMIT_MSG.batchTotal);
    // Claimed once the checks passed, in the treatment's transaction: a refused treatment takes no id.
    const claims = idClaims(t);
    const ids = { id: await claims.take('TRAITEMENT'), depense: b.cout ? await claims.take('DEPENSE') : null };
    const tr: repo.TraitementItem = {
      id: ids.id,
      id_bande: b.id_bande,
      produit: b.produit,
      molecule: b.molecule,
      motif: b.motif,
      debut: b.debut,
      fin: b.fin,
      attente_viande_jours: b.attente_viande_jours,
      attente_oeufs_jours: b.attente_oeufs_jours,
      ...finsAttente(b),
      ...(b.cout && ids.depense ? { cout: b.cout, id_depense: ids.depense } : {}),
      etat: 'ACTIVE',
      created_at: createdAt,
      version: 1,
      rev_bande: s.rev,
    };
    const depense = tr.id_depense ? { id: tr.id_depense, designation: `Traitement : ${tr.produit} (${tr.motif})` } : null;
    await repo.addTraitement(t, tr, { attentes: repo.avecAttente(s.attentes, tr), santeRev: s.santeRev }, depense, claims.items);
    return answer(tr);
  });
}

/** Cancels a treatment: its windows leave the batch and its expense is cancelled, in one transaction. */
export async function cancelTraitement(ctx: RouteContext<z.output<typeof traitementAnnulerSchema>>): Promise<Traitement> {
  const t = ctx.auth.tenantId;
  const id = ctx.body.id_traitement;
  return untilWritten(async () => {
    const bandeId = await repo.traitementBande(t, id);
    const tr = bandeId === null ? null : await repo.getTraitement(t, bandeId, id);
    if (!tr) throw notFound(SANTE_MSG.traitementNotFound);
    if (tr.etat === 'DELETED') throw businessConflict(SANTE_MSG.traitementDejaAnnule);
    const s = await bandeOuvert(t, tr.id_bande);
    const at = nowIso();
    await repo.cancelTraitement(t, tr, { attentes: repo.sansAttente(s.attentes, tr.id), santeRev: s.santeRev }, at);
    return answer({ ...tr, etat: 'DELETED' });
  });
}
