// GET api/sante/a-faire (issue 34 §4): across the business's active batches (not archived), the
// steps due today or late, the withdrawals running today and the death alerts of today and
// yesterday. Four DynamoDB calls whatever the number of batches (plus pages past 1 MB): the due
// index, the withdrawal index and the losses of the last 9 days by day, read at once, then ONE
// BatchGetItem of the batches they name (names, status, start; ≤ 100 batches per call).
import { addDays } from '../../../shared/dates';
import { alerteMortalite, ALERTE_MORTALITE_JOURS } from '../../../shared/formulas/sante';
import type { AlerteSante, SanteAFaire } from '../../../shared/schemas/sante';
import type { RouteContext } from '../../lib/http';
import { bandesParIds, entriesBetween, ordreEtapes, today } from '../../bandes/public';
import { attentesDepuis, calendriersDus } from '../repository/a-faire';
import { alerteAliment } from '../../aliment/public';
import { etapeVue } from './calendrier';

export async function getAFaire(ctx: RouteContext): Promise<SanteAFaire> {
  const t = ctx.auth.tenantId;
  const day = today();
  const hier = addDays(day, -1);
  // Yesterday's alert compares with the 7 days before it: losses from day − 8 to today.
  const depuis = addDays(hier, -ALERTE_MORTALITE_JOURS);
  const [calendriers, traitements, entries, aliment] = await Promise.all([
    calendriersDus(t, day),
    attentesDepuis(t, day),
    entriesBetween(t, depuis, day),
    // Days of feed left under the threshold (issue 35, decision 0234).
    alerteAliment(t, day),
  ]);

  // Losses by batch and day, cancelled ones left out.
  const pertes = new Map<number, Record<string, number>>();
  for (const e of entries) {
    if (e.kind !== 'PRT' || e.item.etat === 'DELETED' || (e.item.type ?? 'perte') !== 'perte') continue;
    const byDay = pertes.get(e.bandeId) ?? {};
    byDay[e.day] = (byDay[e.day] ?? 0) + Number(e.item.nombre ?? 0);
    pertes.set(e.bandeId, byDay);
  }
  const bandes = await bandesParIds(t, [...calendriers.map((c) => c.id_bande), ...traitements.map((tr) => tr.id_bande), ...pertes.keys()]);
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
  return { etapes, attentes, alertes, ...(aliment ? { aliment } : {}) };
}
