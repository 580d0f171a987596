// The farm's feed store through the real stack (decisions 0232–0234): a purchase's
// kg and price enter the stock on its date; what a batch eats leaves it at the day's weighted
// average cost; a write that would leave ANY day below zero (its own or a later one) is refused
// with a 409 naming that day and writes nothing; the batch, its list and the dashboards carry its
// feed at cost; the period dashboard counts the purchases (cash view), never the consumptions.
import { describe, expect, it } from 'vitest';
import { get, newBusiness, post, type Account } from '../helpers/api';
import { addDays, todayFor } from '@shared/dates';
import { RACES } from '@shared/breeds';
import { consommationStandard } from '@shared/formulas/aliment';
import { ALIMENT_MSG } from '@shared/messages/aliment';
import { BANDE_MSG } from '@shared/messages/bandes';
import { MAX_KG_MOUVEMENT, SEUIL_JOURS_DEFAUT } from '@shared/schemas/aliment';
import { ok, stateOf } from './shop-fixtures';

const day = (n: number) => addDays(todayFor(), n);

async function bande(a: Account, over: Record<string, unknown> = {}) {
  return ok(post('/api/bande/create', { nom: 'Bande aliment', nb_sujet: 400, date_demarage: day(-40), type: 'chair', id_bande: -1, ...over }, a.token));
}
const achat = (a: Account, over: Record<string, unknown> = {}) =>
  post('/api/aliment/achat', { date: day(-10), designation: 'Aliment démarrage', quantite: 1000, unite: 'kg', prix_total: 300_000, ...over }, a.token);
const conso = (a: Account, id_bande: number, date: string, quantite: number, unite = 'kg') =>
  post('/api/aliment/consommation', { id_bande, date, quantite, unite }, a.token);
const stock = (a: Account) => ok(get('/api/aliment/stock', a.token));

/** A refusal with its status and French message that writes nothing (id counters aside). */
async function refused(a: Account, send: () => Promise<{ status: number; body: any }>, status: number, message: string) {
  const before = await stateOf(a.tenantId);
  const r = await send();
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.message).toBe(message);
  expect(await stateOf(a.tenantId)).toBe(before);
}

describe('the ledger: purchases, consumptions, weighted average cost', () => {
  it('values each day at its average cost, a backdated entry moving the later days (the worked example of docs/aliment.md)', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    // Day −10: 1 000 kg for 300 000 FCFA (300 F/kg).
    const p1 = await ok(achat(a));
    expect(p1).toMatchObject({ date: day(-10), quantite: 1000, unite: 'kg', kg: 1000, prix_total: 300_000, etat: 'ACTIVE' });
    // Day −8: the batch eats 400 kg at 300 F/kg.
    const c1 = await ok(conso(a, b.id, day(-8), 8, 'sac50'));
    expect(c1).toMatchObject({ id_bande: b.id, nom_bande: 'Bande aliment', kg: 400, valeur: 120_000, etat: 'ACTIVE' });
    // Day −5: 10 sacks of 50 kg for 200 000 FCFA: 1 100 kg worth 380 000, 345.45 F/kg.
    await ok(achat(a, { date: day(-5), quantite: 10, unite: 'sac50', prix_total: 200_000 }));
    // Day −3: 100 kg at that cost.
    await ok(conso(a, b.id, day(-3), 100));
    let s = await stock(a);
    expect(s).toMatchObject({ stock_kg: 1000, valeur: Math.round(380_000 - (100 * 380_000) / 1100), cout_moyen_kg: 345.45 });
    expect(s.jours.map((j: any) => [j.date, j.entree_kg, j.sortie_kg, j.stock_kg, j.valeur])).toEqual([
      [day(-10), 1000, 0, 1000, 300_000],
      [day(-8), 0, 400, 600, 180_000],
      [day(-5), 500, 0, 1100, 380_000],
      [day(-3), 0, 100, 1000, 345_455],
    ]);
    // The batch: 500 kg, 120 000 + 34 545.45 → 154 545 FCFA (rounded once).
    let d = await ok(get(`/api/bande/${b.id}`, a.token));
    expect(d).toMatchObject({ aliment_kg: 500, cout_aliment: 154_545, depense: 0 });
    expect(d.aliment.consommations.map((c: any) => [c.date, c.kg, c.valeur])).toEqual([
      [day(-8), 400, 120_000],
      [day(-3), 100, 34_545],
    ]);
    // A purchase backdated to day −9 (100 kg for 50 000) changes the cost of day −8 and after.
    await ok(achat(a, { date: day(-9), quantite: 100, prix_total: 50_000 }));
    d = await ok(get(`/api/bande/${b.id}`, a.token));
    // Day −9: 1 100 kg worth 350 000 (318.18 F/kg); day −8: 400 kg out → 700 kg worth 222 727.27;
    // day −5: 1 200 kg worth 422 727.27 (352.27 F/kg); day −3: 100 kg out.
    const c8 = (400 * 350_000) / 1100;
    const v5 = 350_000 - c8 + 200_000;
    const c3 = (100 * v5) / 1200;
    expect(d).toMatchObject({ aliment_kg: 500, cout_aliment: Math.round(c8 + c3) });
    s = await stock(a);
    expect(s).toMatchObject({ stock_kg: 1100, valeur: Math.round(v5 - c3) });
    // The list and the dashboard by start carry the same figures; the typed expenses are untouched.
    const list = await ok(get('/api/bande', a.token));
    expect(list.find((x: any) => x.id === b.id)).toMatchObject({ aliment_kg: 500, cout_aliment: Math.round(c8 + c3), depense: 0 });
    const dash = await ok(get(`/api/bande/dashboard/${day(-41)}/${day(0)}`, a.token));
    expect(dash.find((x: any) => x.id === b.id)).toMatchObject({ aliment_kg: 500, cout_aliment: Math.round(c8 + c3) });
    // The consumptions' list: each with its batch's name and its value at its day's cost.
    const cons = await ok(get(`/api/aliment/consommation?debut=${day(-30)}&fin=${day(0)}`, a.token));
    expect(cons.map((c: any) => [c.date, c.nom_bande, c.kg, c.valeur])).toEqual([
      [day(-8), 'Bande aliment', 400, Math.round(c8)],
      [day(-3), 'Bande aliment', 100, Math.round(c3)],
    ]);
    // Its FCR on the detail, once weighed: the store's 500 kg and a feed expense's 2 sacks of 50 kg,
    // each kg once, over the 400 birds at 1 kg: 600 / 400 = 1.5.
    expect(d.indice_consommation).toBeUndefined();
    await ok(post('/api/bande/pesage', { pesage: { poids_moyen: 1, unite: 'kg', echantillon: 10, date_prise: day(-1) }, id_bande: b.id }, a.token));
    d = await ok(get(`/api/bande/${b.id}`, a.token));
    expect(d.indice_consommation).toBe(1.25);
    const feed = { id_type_depense: 1, designation: 'Aliment croissance', prix_unitaire: 18_000, quantite: 2, unite: 'sac50' };
    await ok(post('/api/bande/depense', { depense: feed, id_bande: b.id }, a.token));
    d = await ok(get(`/api/bande/${b.id}`, a.token));
    expect(d.indice_consommation).toBe(1.5);
  });

  it('refuses (409) a consumption leaving its day or a LATER day below zero, naming the day, and writes nothing', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    await ok(achat(a, { quantite: 100, prix_total: 30_000 }));
    // Nothing in stock before day −10.
    await refused(a, () => conso(a, b.id, day(-12), 1), 409, ALIMENT_MSG.stockInsuffisant(day(-12), 0, 1));
    await ok(conso(a, b.id, day(-2), 80));
    // 30 kg on day −6 leaves 70 that day, but day −2 then lacks 10: refused on day −2.
    await refused(a, () => conso(a, b.id, day(-6), 30), 409, ALIMENT_MSG.stockInsuffisant(day(-2), 70, 80));
    // Exactly what is left is accepted: the stock ends at 0 and its value at 0.
    await ok(conso(a, b.id, day(-6), 20));
    expect(await stock(a)).toMatchObject({ stock_kg: 0, valeur: 0 });
    const r = await conso(a, b.id, day(0), 0.001);
    expect(r.status).toBe(409);
    expect(r.body.definitif).toBe(true);
  });

  it('cancels: a purchase unless a day would fall below zero (409), a consumption always; twice is a 409', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    const p1 = await ok(achat(a, { date: day(-10), quantite: 100, prix_total: 30_000 }));
    const p2 = await ok(achat(a, { date: day(-4), quantite: 100, prix_total: 40_000 }));
    const c = await ok(conso(a, b.id, day(-3), 150));
    // Without the first purchase day −3 would have 100 kg for 150 eaten.
    await refused(a, () => get(`/api/aliment/achat/delete/${p1.id}`, a.token), 409, ALIMENT_MSG.annulationImpossible(day(-3), 100, 150));
    const back = await ok(get(`/api/aliment/consommation/delete/${c.id}`, a.token));
    expect(back).toMatchObject({ id: c.id, etat: 'DELETED' });
    await refused(a, () => get(`/api/aliment/consommation/delete/${c.id}`, a.token), 409, ALIMENT_MSG.dejaAnnule);
    expect(await ok(get(`/api/aliment/achat/delete/${p1.id}`, a.token))).toMatchObject({ id: p1.id, etat: 'DELETED' });
    await refused(a, () => get(`/api/aliment/achat/delete/${p1.id}`, a.token), 409, ALIMENT_MSG.dejaAnnule);
    expect(await stock(a)).toMatchObject({ stock_kg: 100, valeur: 40_000, cout_moyen_kg: 400 });
    // The purchases: newest first, the cancelled one kept.
    const list = await ok(get('/api/aliment/achat', a.token));
    expect(list.map((x: any) => [x.id, x.etat])).toEqual([
      [p2.id, 'ACTIVE'],
      [p1.id, 'DELETED'],
    ]);
    // The batch: nothing eaten any more (the cancelled consumption listed, out of kg and cost).
    const d = await ok(get(`/api/bande/${b.id}`, a.token));
    expect(d.aliment_kg).toBeUndefined();
    expect(d.aliment).toMatchObject({ kg: 0, cout: 0, consommations: [expect.objectContaining({ id: c.id, etat: 'DELETED' })] });
  });

  it('refuses bad input with a French 400 before taking an id, and another business answers 404', async () => {
    const a = await newBusiness();
    const b = await bande(a, { date_demarage: day(-5) });
    await ok(achat(a, { quantite: 10, unite: 't', prix_total: 3_000_000 }));
    await refused(a, () => achat(a, { date: day(1) }), 400, ALIMENT_MSG.dateFuture);
    await refused(a, () => achat(a, { quantite: MAX_KG_MOUVEMENT / 25 + 1, unite: 'sac25' }), 400, ALIMENT_MSG.tropGrand(MAX_KG_MOUVEMENT));
    await refused(a, () => conso(a, b.id, day(1), 10), 400, ALIMENT_MSG.dateFuture);
    await refused(a, () => conso(a, b.id, day(-6), 10), 400, ALIMENT_MSG.avantDemarrage(day(-5)));
    await refused(a, () => conso(a, 999, day(-1), 10), 404, BANDE_MSG.bandeNotFound);
    const other = await newBusiness();
    await bande(other);
    // Its batch 2: this business has batch 1 only.
    const ob = await bande(other);
    // Ids are the business's own: the other's purchase 2 is unknown here (this business has purchase 1 only).
    await ok(achat(other));
    const p = await ok(achat(other));
    expect(p.id).toBe(2);
    const c = await ok(conso(other, ob.id, day(-1), 5));
    await refused(a, () => get(`/api/aliment/achat/delete/${p.id}`, a.token), 404, ALIMENT_MSG.achatNotFound);
    await refused(a, () => get(`/api/aliment/consommation/delete/${c.id}`, a.token), 404, ALIMENT_MSG.consommationNotFound);
    await refused(a, () => conso(a, ob.id, day(-1), 1), 404, BANDE_MSG.bandeNotFound);
    // A closed batch takes no more feed from the store.
    await ok(post('/api/bande/cloturer', { id_bande: b.id }, a.token));
    await refused(a, () => conso(a, b.id, day(-1), 1), 400, ALIMENT_MSG.bandeFermee);
    // The list's range: at most 366 days.
    const r = await get(`/api/aliment/consommation?debut=${day(-400)}&fin=${day(0)}`, a.token);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(ALIMENT_MSG.periodeTropLongue(366));
  });
});

describe('the batches and the dashboards', () => {
  it('a consumption is an entry: the start may not move after it, the batch is archived, not deleted', async () => {
    const a = await newBusiness();
    const b = await bande(a, { date_demarage: day(-20) });
    await ok(achat(a, { date: day(-20) }));
    const c = await ok(conso(a, b.id, day(-15), 10));
    const edit = (date_demarage: string) =>
      post('/api/bande/create', { nom: 'Bande aliment', nb_sujet: 400, date_demarage, type: 'chair', id_bande: b.id }, a.token);
    await refused(a, () => edit(day(-14)), 400, BANDE_MSG.startAfterEntries(day(-15)));
    await ok(edit(day(-15)));
    const d = await ok(get(`/api/bande/${b.id}`, a.token));
    expect(d.nb_saisies).toBe(1);
    await ok(get(`/api/aliment/consommation/delete/${c.id}`, a.token));
    const del = await post('/api/bande/supprimer', { id_bande: b.id }, a.token);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(BANDE_MSG.hasEntries({ depenses: 0, ventes: 0, pertes: 0, pesages: 0, collectes: 0, abattages: 0, aliment: 1, annulees: 1 }));
  });

  it('the period and year dashboards count the purchases as expenses on their dates, never the consumptions', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    await ok(
      post('/api/bande/depense', { depense: { id_type_depense: 2, designation: 'Vaccin', prix_unitaire: 5_000, quantite: 1 }, id_bande: b.id }, a.token),
    );
    const p1 = await ok(achat(a, { date: day(-10), prix_total: 300_000 }));
    const p2 = await ok(achat(a, { date: day(-2), quantite: 50, prix_total: 20_000 }));
    await ok(conso(a, b.id, day(-3), 500));
    const periode = (debut: string, fin: string) => ok(get(`/api/dashboard/periode/${debut}/${fin}`, a.token));
    expect(await periode(day(-30), day(0))).toMatchObject({ depense: 325_000, depense_production: 325_000 });
    expect(await periode(day(-5), day(0))).toMatchObject({ depense: 25_000 });
    const annee = Number(day(-10).slice(0, 4));
    const mois = await ok(get(`/api/dashboard/mois/${annee}`, a.token));
    const m = mois.mois[Number(day(-10).slice(5, 7)) - 1];
    expect(m.depense).toBeGreaterThanOrEqual(300_000);
    // The first purchase cannot leave (day −3 ate 500 kg of it); the second can, and leaves the dashboards.
    expect((await get(`/api/aliment/achat/delete/${p1.id}`, a.token)).status).toBe(409);
    await ok(get(`/api/aliment/achat/delete/${p2.id}`, a.token));
    expect(await periode(day(-30), day(0))).toMatchObject({ depense: 305_000, depense_production: 305_000 });
    expect(await periode(day(-5), day(0))).toMatchObject({ depense: 5_000 });
  });

  it('the store shows the days left from the batches it feeds, by source, and « À faire » warns under the threshold', async () => {
    const a = await newBusiness();
    const vieux = await bande(a, { nom: 'Vieux lot', date_demarage: day(-30) });
    const jeune = await bande(a, { nom: 'Jeune lot', date_demarage: day(-3), nb_sujet: 500 });
    await ok(achat(a, { date: day(-30), quantite: 2000, prix_total: 600_000 }));
    // The old batch ate 50 kg on each of the last 7 days: its 7-day history.
    for (let i = 6; i >= 0; i--) await ok(conso(a, vieux.id, day(-i), 50));
    // The young one ate once: its breed's published intake at its age × its birds.
    await ok(conso(a, jeune.id, day(-1), 20));
    let s = await stock(a);
    const cobb = RACES.find((r) => r.code === 'cobb500')!;
    // g per bird a day × 500 birds alive, in kg.
    const courbe = Math.round((consommationStandard(cobb, 3) ?? NaN) * 500) / 1000;
    expect(s.bandes).toEqual([
      { id_bande: vieux.id, nom_bande: 'Vieux lot', conso_jour_kg: 50, source: 'historique' },
      { id_bande: jeune.id, nom_bande: 'Jeune lot', conso_jour_kg: courbe, source: 'courbe', race: 'Cobb 500' },
    ]);
    expect(s).toMatchObject({ stock_kg: 2000 - 350 - 20, seuil_jours: SEUIL_JOURS_DEFAUT });
    expect(s.conso_jour_kg).toBeCloseTo(50 + courbe, 3);
    expect(s.jours_restants).toBe(Math.floor(1630 / s.conso_jour_kg));
    // No alert while the days left reach the threshold; one once the threshold passes them.
    let todo = await ok(get('/api/sante/a-faire', a.token));
    expect(todo.aliment).toBeUndefined();
    s = await ok(post('/api/aliment/seuil', { seuil_jours: s.jours_restants + 1 }, a.token));
    expect(s.seuil_jours).toBe(s.jours_restants + 1);
    todo = await ok(get('/api/sante/a-faire', a.token));
    expect(todo.aliment).toEqual({ stock_kg: 1630, jours_restants: s.jours_restants, seuil_jours: s.jours_restants + 1 });
    // A closed batch no longer counts in the daily consumption.
    await ok(post('/api/bande/cloturer', { id_bande: vieux.id }, a.token));
    s = await stock(a);
    expect(s.bandes.map((x: any) => x.id_bande)).toEqual([jeune.id]);
  });
});
