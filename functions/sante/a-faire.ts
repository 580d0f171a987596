// « À faire » of a business on a day, read by GET api/sante/a-faire and by the
// morning push summary (functions/notifications) through ./public.ts — one computation: across the business's active batches (not archived), the
// steps due today or late, the withdrawals running today and the death alerts of today and
// yesterday, the water alerts of today and yesterday and the days of feed left. Six
// DynamoDB calls whatever the number of batches (plus pages past 1 MB): the due index, the
// withdrawal index, the losses of the last 9 days by day, the daily sheets of the last 9 days by
// day and the feed store's ledger, read at once, then ONE BatchGetItem of the batches
// they name (names, status, start; ≤ 100 batches per call). A business whose store feeds batches
// adds the store's own reads (functions/aliment/stock.ts: one BatchGetItem, and its breed targets
// while a batch has no 7-day history).
import { addDays } from '@shared/dates';
import { alerteMortalite, ALERTE_MORTALITE_JOURS } from '@shared/formulas/sante';
import { alerteEau, type EauDuJour } from '@shared/formulas/fiches';
import { EAU_ALERTE_JOURS } from '@shared/aliment/references';
import type { AlerteEau } from '@shared/schemas/aliment';
import type { AlerteSante, SanteAFaire } from '@shared/schemas/sante';
import { bandesParIds, entriesBetween, fichesEntre, ordreEtapes } from '../bandes/public';
import { attentesDepuis, calendriersDus } from './repository/a-faire';
import { alerteAliment } from '../aliment/public';
import { etapeVue } from './routes/calendrier';

export async function aFaire(t: number, day: string): Promise<SanteAFaire> {
  const hier = addDays(day, -1);
  // Yesterday's alert compares with the 7 days before it: losses from day − 8 to today.
  const depuis = addDays(hier, -ALERTE_MORTALITE_JOURS);
  // Yesterday's water is compared with the 7 days before it: sheets from day − 8 to today.
  const [calendriers, traitements, entries, fiches, store] = await Promise.all([
    calendriersDus(t, day),
    attentesDepuis(t, day),
    entriesBetween(t, depuis, day),
    fichesEntre(t, addDays(hier, -EAU_ALERTE_JOURS), day),
    // Days of feed left under the threshold (decision 0234) and, from the same ledger
    // item, the business's share of a drop in water (decision 0242).
    alerteAliment(t, day),
  ]);
  const aliment = store.alerte;
  const eauParBande = new Map<number, Record<string, EauDuJour>>();
  for (const f of fiches) {
    if (f.eau_litres === undefined) continue;
    const byDay = eauParBande.get(f.id_bande) ?? {};
    byDay[f.date] = { eau: f.eau_litres, vivants: f.vivants };
    eauParBande.set(f.id_bande, byDay);
  }

  // Losses by batch and day, cancelled ones left out.
  const pertes = new Map<number, Record<string, number>>();
  for (const e of entries) {
    if (e.kind !== 'PRT' || e.item.etat === 'DELETED' || (e.item.type ?? 'perte') !== 'perte') continue;
    const byDay = pertes.get(e.bandeId) ?? {};
    byDay[e.day] = (byDay[e.day] ?? 0) + Number(e.item.nombre ?? 0);
    pertes.set(e.bandeId, byDay);
  }
  const bandes = await bandesParIds(t, [
    ...calendriers.map((c) => c.id_bande),
    ...traitements.map((tr) => tr.id_bande),
    ...pertes.keys(),
    ...eauParBande.keys(),
  ]);
  const ouverte = (id: number) => {
    const b = bandes.get(id);
    return b && b.statut === 'ACTIVE' && !b.archive ? b : null;
  };

  const etapes: SanteAFaire['etapes'] = [];
  for (const c of calendriers) {
    const b = ouverte(c.id_bande);
    if (!b) continue;
    for (const e of [...c.etapes].sort(ordreEtapes)) {
      if (e.etat || e.date_prevue > day) continue;
      etapes.push({ ...etapeVue(e, day), nom_bande: b.nom });
    }
  }
  etapes.sort((a, b) => ordreEtapes(a, b) || a.id_bande - b.id_bande);

  const attentes: SanteAFaire['attentes'] = [];
  for (const tr of traitements) {
    const b = ouverte(tr.id_bande);
    if (!b || tr.debut > day) continue;
    const viande = tr.viande_jusqu_au && tr.viande_jusqu_au >= day ? tr.viande_jusqu_au : undefined;
    const oeufs = tr.oeufs_jusqu_au && tr.oeufs_jusqu_au >= day ? tr.oeufs_jusqu_au : undefined;
    if (!viande && !oeufs) continue;
    attentes.push({
      id_bande: b.id,
      nom_bande: b.nom,
      id_traitement: tr.id,
      produit: tr.produit,
      ...(viande ? { viande_jusqu_au: viande } : {}),
      ...(oeufs ? { oeufs_jusqu_au: oeufs } : {}),
    });
  }

  const alertes: AlerteSante[] = [];
  for (const [id, byDay] of pertes) {
    const b = ouverte(id);
    if (!b) continue;
    // Today's jump first; yesterday's too, so a jump typed late in the evening is not missed at dawn.
    for (const d of [day, hier]) {
      const a = alerteMortalite(byDay, d, b.date_demarage);
      if (a) alertes.push({ id_bande: id, nom_bande: b.nom, type: 'mortalite', date: d, ...a });
    }
  }
  alertes.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.id_bande - b.id_bande));

  // A drop in water is one of the first signs of disease (docs/aliment.md « Les alertes »): today's
  // sheet, and yesterday's when today's is not typed yet; the drop's share is the business's own.
  const eau: AlerteEau[] = [];
  for (const [id, byDay] of eauParBande) {
    const b = ouverte(id);
    if (!b) continue;
    const d = byDay[day] !== undefined ? day : hier;
    const a = alerteEau(byDay, d, store.baisse_eau_pct);
    if (a) eau.push({ id_bande: id, nom_bande: b.nom, date: d, ...a });
  }
  eau.sort((a, b) => b.baisse_pct - a.baisse_pct || a.id_bande - b.id_bande);
  return { etapes, attentes, alertes, eau, ...(aliment ? { aliment } : {}) };
}
