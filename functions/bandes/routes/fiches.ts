// A batch's daily sheet (docs/aliment.md « La fiche journalière »): the day's water,
// temperatures, humidity and a note, one per batch and day; and the batch's days with their water
// per bird and water/feed ratio.
import type { z } from 'zod/mini';
import { eauMaxLitres, eauParSujet, ratioEauAliment, sujetsVivantsLe } from '@shared/formulas';
import type { Fiche, FicheJour, ficheSchema } from '@shared/schemas/aliment';
import { BANDE_MSG } from '@shared/messages/bandes';
import { FICHE_MSG } from '@shared/messages/aliment';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { badRequest, notFound } from '../../lib/errors';
import type { RouteContext } from '../../lib/http';
import * as repo from '../repository';
import { abattagesFromRecords, lotOf, today, untilWritten } from '../limits';

/**
 * Saves the batch's sheet of a day, replacing the one already there (a field left empty is
 * removed). Refused (400, nothing written): a future day, a day before the batch's start or after
 * its closing day, an archived batch, water above the plausible maximum for the birds alive that
 * day. Another business's batch, or none: 404.
 */
export async function saveFiche(ctx: RouteContext<z.infer<typeof ficheSchema>>): Promise<Fiche> {
  const t = ctx.auth.tenantId;
  const f = ctx.body;
  const day = f.date;
  return untilWritten(async () => {
    const s = await repo.bandeState(t, f.id_bande);
    if (!s) throw notFound(BANDE_MSG.bandeNotFound);
    const bande = s.bande;
    if (bande.archive) throw badRequest(ARCHIVE_MSG.bandeArchivee);
    if (day > today()) throw badRequest(FICHE_MSG.dateFuture);
    const start = bande.date_demarage.slice(0, 10);
    if (day < start) throw badRequest(FICHE_MSG.avantDemarrage(start));
    // A closed batch keeps taking the sheets of its last days, up to its closing day.
    const fin = bande.statut !== 'ACTIVE' && bande.closed_at ? bande.closed_at.slice(0, 10) : null;
    if (fin && day > fin) throw badRequest(FICHE_MSG.apresCloture(fin));
    const vivants = Math.max(0, sujetsVivantsLe(await lotOf(t, s), day));
    if (f.eau_litres != null && f.eau_litres > 0) {
      if (vivants === 0) throw badRequest(FICHE_MSG.eauSansSujets);
      const max = eauMaxLitres(vivants);
      if (f.eau_litres > max) throw badRequest(FICHE_MSG.eauTropGrande(max, vivants));
    }
    const fiche: Fiche = {
      id_bande: f.id_bande,
      date: day,
      ...(f.eau_litres != null ? { eau_litres: f.eau_litres } : {}),
      ...(f.temp_min != null ? { temp_min: f.temp_min } : {}),
      ...(f.temp_max != null ? { temp_max: f.temp_max } : {}),
      ...(f.humidite != null ? { humidite: f.humidite } : {}),
      ...(f.note ? { note: f.note } : {}),
      updated_at: new Date().toISOString(),
    };
    await repo.putFiche(t, fiche, vivants, s.rev);
    return fiche;
  });
}

/**
 * The batch's days that have a sheet or a store consumption, oldest first: birds alive at the
 * day's end, the feed eaten from the store, water per bird and the water/feed ratio. One Query.
 */
export async function listFiches(ctx: RouteContext<unknown, { id: number }>): Promise<FicheJour[]> {
  const t = ctx.auth.tenantId;
  const c = await repo.fichesDeBande(t, ctx.params.id);
  if (!c?.bande) throw notFound(BANDE_MSG.bandeNotFound);
  const bande = c.bande;
  let abatages = c.abatages;
  // Slaughters recorded before the batch kept copies of them: read from their records (as the batch detail does).
  if (abatages.reduce((n, a) => n + a.quantite, 0) !== (bande.nb_abattu ?? 0)) abatages = await abattagesFromRecords(t, bande.id);
  const lot = { type: bande.type, nb_sujet: bande.nb_sujet, pertes: c.pertes, ventes: c.ventes, abatages };
  const fiches = new Map(c.fiches.map((f) => [f.date, f]));
  const days = [...new Set([...fiches.keys(), ...Object.keys(c.consoParJour)])].sort();
  return days.map((date) => {
    const f = fiches.get(date);
    const vivants = Math.max(0, sujetsVivantsLe(lot, date));
    const kg = c.consoParJour[date];
    const aliment_kg = kg !== undefined ? Math.round(kg * 1000) / 1000 : undefined;
    const eau = f?.eau_litres;
    const parSujet = eau !== undefined ? eauParSujet(eau, vivants) : undefined;
    const ratio = eau !== undefined && aliment_kg !== undefined ? ratioEauAliment(eau, aliment_kg) : undefined;
    const { id_bande: _b, date: _d, ...rest } = f ?? ({} as Partial<Fiche>);
    return {
      ...rest,
      date,
      vivants,
      ...(aliment_kg !== undefined ? { aliment_kg } : {}),
      ...(parSujet !== undefined ? { eau_par_sujet: parSujet } : {}),
      ...(ratio !== undefined ? { ratio_eau_aliment: ratio } : {}),
    };
  });
}
