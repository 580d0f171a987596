// A batch's health calendar: give it a plan, read it with its treatments, mark a step
// done (its cost becomes the batch's « Vaccins et médicaments » expense in the same transaction),
// skip it, or take either back. Rules: docs/decisions/0225-health-calendar.md.
import type { z } from 'zod/mini';
import { createdAtFrom } from '@shared/dates';
import { attentesDesTraitements, attentesDuJour, statutEtape } from '@shared/formulas/sante';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { BANDE_MSG } from '@shared/messages/bandes';
import { LIMIT_MSG } from '@shared/messages/limits';
import { SANTE_MSG } from '@shared/messages/sante';
import { withinMontant } from '@shared/schemas/common';
import type { bandePlanSchema, EtapeBande, etapeAnnulerSchema, etapeFaitSchema, etapeSauterSchema, SanteBande } from '@shared/schemas/sante';
import { badRequest, businessConflict, notFound } from '../../lib/errors';
import type { RouteContext } from '../../lib/http';
import { idClaims } from '../../lib/repo/counters';
import {
  etapeBande,
  etapeRefPuts,
  getBande,
  getCalendrier,
  nouvellesEtapes,
  ordreEtapes,
  planPourBande,
  santeDepenseCancelItems,
  santeDepenseItems,
  today,
  untilWritten,
  type BandeItem,
  type Calendrier,
  type EtapeStockee,
} from '../../bandes/public';
import { ecrireCalendrier, santeDeBande } from '../repository/calendrier';

/** A step as answered: its status on the business's today. */
export function etapeVue(e: EtapeStockee, day: string): EtapeBande {
  const { etat, saisi_le: _s, ...rest } = e;
  return { ...rest, statut: statutEtape({ date_prevue: e.date_prevue, etat }, day) };
}

/** The batch's calendar and treatments (404: no such batch for this business). */
async function santeBande(t: number, bandeId: number): Promise<SanteBande> {
  const s = await santeDeBande(t, bandeId);
  if (!s) throw notFound(BANDE_MSG.bandeNotFound);
  const day = today();
  return {
    id_plan: s.calendrier.id_plan,
    nom_plan: s.calendrier.nom_plan,
    etapes: [...s.calendrier.etapes].sort(ordreEtapes).map((e) => etapeVue(e, day)),
    traitements: s.traitements,
    attente: attentesDuJour(attentesDesTraitements(s.traitements), day),
  };
}

export async function getSanteBande(ctx: RouteContext<unknown, { id: number }>): Promise<SanteBande> {
  return santeBande(ctx.auth.tenantId, ctx.params.id);
}

/** The batch must take records: active and not archived (the batch entries' own refusals). */
function checkOuverte(b: BandeItem): void {
  if (b.statut !== 'ACTIVE') throw badRequest(BANDE_MSG.closed);
  if (b.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
}

/**
 * POST api/sante/bande/plan: the batch gets the plan's steps from its placement age. Given a plan
 * again (the same or another), its steps neither done nor skipped are replaced; done and skipped
 * ones stay as recorded, and a plan step they already answer (same age and wording) is not made
 * again.
 */
export async function setBandePlan(ctx: RouteContext<z.infer<typeof bandePlanSchema>>): Promise<SanteBande> {
  const t = ctx.auth.tenantId;
  const { id_bande, id_plan } = ctx.body;
  await untilWritten(async () => {
    const bande = await getBande(t, id_bande);
    if (!bande) throw notFound(BANDE_MSG.bandeNotFound);
    checkOuverte(bande);
    const plan = await planPourBande(t, id_plan, bande.type);
    const cal = await getCalendrier(t, id_bande);
    const kept = cal.etapes.filter((e) => e.etat);
    // Ids claimed once every check passed, in the calendar's transaction: a lost race claims again.
    const claims = idClaims(t);
    const made = await nouvellesEtapes(claims, plan, bande, (pe) => kept.some((e) => e.age === pe.age && e.intitule === pe.intitule));
    await ecrireCalendrier(
      t,
      cal,
      { id_plan: plan.id, nom_plan: plan.nom, etapes: [...kept, ...made] },
      { items: [...etapeRefPuts(t, id_bande, made), ...claims.items], touchesBande: false },
    );
  });
  return santeBande(t, id_bande);
}

/** A step with its batch and calendar as read now (404 unknown, or another business's: no pointer). */
async function etapeLue(t: number, id: number): Promise<{ bande: BandeItem; cal: Calendrier; etape: EtapeStockee }> {
  const bandeId = await etapeBande(t, id);
  if (bandeId === null) throw notFound(SANTE_MSG.etapeNotFound);
  const [bande, cal] = await Promise.all([getBande(t, bandeId), getCalendrier(t, bandeId)]);
  // A step replaced when the batch was given a plan again keeps its pointer but left the calendar.
  const etape = cal.etapes.find((e) => e.id === id);
  if (!bande || !etape) throw notFound(SANTE_MSG.etapeNotFound);
  return { bande, cal, etape };
}

/**
 * A step's state refuses (409): the business's answer, not a lost race, so `untilWritten` does not
 * try again (functions/lib/errors.ts `businessConflict`).
 */
const conflitEtat = businessConflict;

/** A step done or skipped cannot be done or skipped again (409: take it back first). */
function checkEnAttente(e: EtapeStockee): void {
  if (e.etat === 'fait') throw conflitEtat(SANTE_MSG.etapeDejaFaite);
  if (e.etat === 'saute') throw conflitEtat(SANTE_MSG.etapeDejaSautee);
}

const remplace = (cal: Calendrier, e: EtapeStockee) => ({
  id_plan: cal.id_plan,
  nom_plan: cal.nom_plan,
  etapes: cal.etapes.map((x) => (x.id === e.id ? e : x)),
});

/** Longest expense wording (shared/schemas/bandes/entries.ts `designation`). */
const DESIGNATION_MAX = 200;

/**
 * POST api/sante/etape/fait: the step was given on `date` (within [the batch's start, today]),
 * with the product, its lot and expiry (not before the date). An optional cost becomes the batch's
 * « Vaccins et médicaments » expense in the same transaction as the calendar's update.
 */
export async function etapeFait(ctx: RouteContext<z.infer<typeof etapeFaitSchema>>): Promise<EtapeBande> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const createdAt = createdAtFrom(b.saisi_le);
  return untilWritten(async () => {
    const { bande, cal, etape } = await etapeLue(t, b.id_etape);
    checkEnAttente(etape);
    checkOuverte(bande);
    const start = bande.date_demarage.slice(0, 10);
    if (b.date < start) throw badRequest(SANTE_MSG.avantDemarrage(start));
    if (b.date > today()) throw badRequest(SANTE_MSG.dateFuture);
    if (b.expiration < b.date) throw badRequest(SANTE_MSG.expirationAvantDate);
    const cout = b.cout ?? null;
    if (cout && !withinMontant(bande.depense + cout)) throw badRequest(LIMIT_MSG.batchTotal);
    // The expense's id is claimed in the calendar's transaction: a refused step takes none.
    const claims = idClaims(t);
    const idDepense = cout ? await claims.take('DEPENSE') : null;
    const fait: EtapeStockee = {
      ...etape,
      etat: 'fait',
      date: b.date,
      produit: b.produit,
      lot: b.lot,
      expiration: b.expiration,
      ...(cout && idDepense ? { cout, id_depense: idDepense } : {}),
      saisi_le: createdAt,
    };
    const items =
      cout && idDepense
        ? santeDepenseItems(
            t,
            bande.id,
            {
              id: idDepense,
              date: b.date,
              designation: `${etape.intitule} : ${b.produit} (lot ${b.lot})`.slice(0, DESIGNATION_MAX),
              cout,
              created_at: createdAt,
              id_etape: etape.id,
            },
            // Like any expense: its day must stay on or after the batch's start.
            { start: b.date },
          )
        : [];
    await ecrireCalendrier(t, cal, remplace(cal, fait), { items: [...items, ...claims.items], touchesBande: items.length > 0 });
    return etapeVue(fait, today());
  });
}

/** POST api/sante/etape/sauter: the step will not be given, and why. */
export async function etapeSauter(ctx: RouteContext<z.infer<typeof etapeSauterSchema>>): Promise<EtapeBande> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  const createdAt = createdAtFrom(b.saisi_le);
  return untilWritten(async () => {
    const { bande, cal, etape } = await etapeLue(t, b.id_etape);
    checkEnAttente(etape);
    checkOuverte(bande);
    const saute: EtapeStockee = { ...etape, etat: 'saute', motif: b.motif, saisi_le: createdAt };
    await ecrireCalendrier(t, cal, remplace(cal, saute), { items: [], touchesBande: false });
    return etapeVue(saute, today());
  });
}

/**
 * POST api/sante/etape/annuler: a step done or skipped goes back to pending, and the expense its
 * cost became is cancelled in the same transaction (one truth: never one without the other).
 */
export async function etapeAnnuler(ctx: RouteContext<z.infer<typeof etapeAnnulerSchema>>): Promise<EtapeBande> {
  const t = ctx.auth.tenantId;
  return untilWritten(async () => {
    const { bande, cal, etape } = await etapeLue(t, ctx.body.id_etape);
    if (!etape.etat) throw conflitEtat(SANTE_MSG.etapeNonFaite);
    checkOuverte(bande);
    const { etat: _e, date: _d, produit: _p, lot: _l, expiration: _x, cout: _c, id_depense: _i, motif: _m, saisi_le: _s, ...pending } = etape;
    const items = etape.id_depense && etape.cout ? santeDepenseCancelItems(t, bande.id, { id: etape.id_depense, prix_total: etape.cout }) : [];
    await ecrireCalendrier(t, cal, remplace(cal, pending), { items, touchesBande: items.length > 0 });
    return etapeVue(pending, today());
  });
}
