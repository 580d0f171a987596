// A layer flock's sales are eggs (decision 0217), through the real stack: a sale
// names its unit (`unite`: oeuf | plateau | sujet), quantity and price in that unit; the batch's
// nb_vendu counts a layer batch's eggs (a tray its 30 eggs) and nb_reforme its hens sold at the end
// of lay, which leave the birds alive like a loss and are refused beyond them; a broiler batch sells
// birds only. Every refusal writes nothing.
import { describe, expect, it } from 'vitest';
import { get, newBusiness, post, type Account } from '../helpers/api';
import { addDays, todayFor } from '@shared/dates';
import { sujetsVivants } from '@shared/formulas';
import { ABATTAGE_MSG } from '@shared/messages/abattages';
import { BANDE_MSG } from '@shared/messages/bandes';
import { stateOf } from './shop-fixtures';

const day = (n: number) => addDays(todayFor(), n);

async function bande(a: Account, over: Record<string, unknown> = {}) {
  const r = await post('/api/bande/create', { nom: 'Pondeuses', nb_sujet: 500, date_demarage: day(-60), type: 'pondeuse', id_bande: -1, ...over }, a.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: number };
}

const detail = async (a: Account, id: number) => {
  const r = await get(`/api/bande/${id}`, a.token);
  expect(r.status).toBe(200);
  return r.body;
};

const ok = async (p: Promise<{ status: number; body: any }>) => {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

/** A 400 that writes nothing; `message` null where its wording belongs to another change. */
async function refusedWithNothingWritten(a: Account, send: () => Promise<{ status: number; body: any }>, message: string | null) {
  const before = await stateOf(a.tenantId);
  const r = await send();
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  if (message !== null) expect(r.body.message).toBe(message);
  expect(await stateOf(a.tenantId)).toBe(before);
}

const vente = (a: Account, id_bande: number, quantite: number, unite?: string, over: Record<string, unknown> = {}) =>
  post('/api/bande/vente', { prix_unitaire: 2500, quantite, id_bande, id_vente: -1, ...(unite ? { unite } : {}), ...over }, a.token);
const perte = (a: Account, id_bande: number, nombre: number, date?: string) =>
  post('/api/bande/perte', { nombre, id_bande, ...(date ? { date } : {}) }, a.token);
const collecte = (a: Account, id_bande: number, n: number, date_collecte: string) =>
  post('/api/bande/collect', { id_bande, id: -1, collecte: n, calibres: JSON.stringify({ s: n, m: 0, l: 0, xl: 0 }), date_collecte }, a.token);

/**
 * Eggs collected before they are sold (a batch sells only eggs it collected, decision
 * 0243): `oeufs` eggs from day −50 on, at most `parJour` a day (no more than the hens).
 */
async function pondre(a: Account, id_bande: number, oeufs: number, parJour: number) {
  for (let d = -50; oeufs > 0; d++) {
    const n = Math.min(parJour, oeufs);
    await ok(collecte(a, id_bande, n, day(d)));
    oeufs -= n;
  }
}

describe('a layer batch sells eggs, by the egg or by the tray', () => {
  it('a tray sale stores 55 trays at 2 500 FCFA and answers 1 650 eggs sold; no bird leaves', async () => {
    // A business of its own: the trial plan's bird quota holds one batch of each test.
    const A = await newBusiness();
    const b = await bande(A);
    await pondre(A, b.id, 1662, 500);
    const v = await ok(vente(A, b.id, 55, 'plateau'));
    expect(v).toMatchObject({ quantite: 55, prix_unitaire: 2500, prix_total: 137_500, unite: 'plateau' });
    let d = await detail(A, b.id);
    expect(d).toMatchObject({ nb_vendu: 1650, nb_reforme: 0, chiffre_affaire: 137_500 });
    expect(d.ventes).toEqual([expect.objectContaining({ id: v.id, quantite: 55, unite: 'plateau', prix_total: 137_500 })]);
    expect(sujetsVivants(d)).toBe(500);

    // Without a unit a layer sale is eggs (what it always meant): stored as such.
    const oeufs = await ok(vente(A, b.id, 12, undefined, { prix_unitaire: 90 }));
    expect(oeufs).toMatchObject({ quantite: 12, unite: 'oeuf', prix_total: 1080 });
    expect(await detail(A, b.id)).toMatchObject({ nb_vendu: 1662, chiffre_affaire: 138_580 });

    // An edit moves the eggs by the difference; sent without a unit it keeps the sale's (trays).
    await ok(post('/api/bande/vente', { prix_unitaire: 2500, quantite: 50, id_bande: b.id, id_vente: v.id }, A.token));
    d = await detail(A, b.id);
    expect(d).toMatchObject({ nb_vendu: 1512, chiffre_affaire: 126_080 });
    expect(d.ventes.find((x: any) => x.id === v.id)).toMatchObject({ quantite: 50, unite: 'plateau' });
    // Changed to eggs, the same sale counts 50 eggs.
    await ok(post('/api/bande/vente', { prix_unitaire: 90, quantite: 50, unite: 'oeuf', id_bande: b.id, id_vente: v.id }, A.token));
    expect(await detail(A, b.id)).toMatchObject({ nb_vendu: 62, chiffre_affaire: 5580 });
    // Cancelled, its eggs leave the total.
    await ok(get(`/api/bande/vente/delete/${oeufs.id}`, A.token));
    expect(await detail(A, b.id)).toMatchObject({ nb_vendu: 50, chiffre_affaire: 4500 });
  });

  it('half a tray is 15 eggs; a quantity that makes part of an egg is refused and writes nothing', async () => {
    // A business of its own: the trial plan's bird quota holds one batch of each test.
    const A = await newBusiness();
    const b = await bande(A);
    await pondre(A, b.id, 15, 500);
    await ok(vente(A, b.id, 0.5, 'plateau', { prix_unitaire: 2600 }));
    expect(await detail(A, b.id)).toMatchObject({ nb_vendu: 15, chiffre_affaire: 1300 });
    await refusedWithNothingWritten(A, () => vente(A, b.id, 0.15, 'plateau'), BANDE_MSG.wholeEggs);
    await refusedWithNothingWritten(A, () => vente(A, b.id, 12.5, 'oeuf'), BANDE_MSG.wholeEggs);
    await refusedWithNothingWritten(A, () => vente(A, b.id, 12.5), BANDE_MSG.wholeEggs);
    await refusedWithNothingWritten(A, () => vente(A, b.id, 3, 'caisse'), 'Unité de vente invalide');
  });
});

describe('hens sold at the end of lay (réforme) are a sale of birds', () => {
  it('leave the hens alive, count as birds sold (not eggs), and are refused beyond the hens alive', async () => {
    // A business of its own: the trial plan's bird quota holds one batch of each test.
    const A = await newBusiness();
    const b = await bande(A, { nb_sujet: 100 });
    await pondre(A, b.id, 900, 100);
    await ok(perte(A, b.id, 10));
    await ok(vente(A, b.id, 30, 'plateau'));
    const r = await ok(vente(A, b.id, 40, 'sujet', { prix_unitaire: 3000 }));
    expect(r).toMatchObject({ quantite: 40, unite: 'sujet', prix_total: 120_000 });
    const d = await detail(A, b.id);
    // 900 eggs in trays, 40 hens: the eggs stay eggs, the hens are birds sold.
    expect(d).toMatchObject({ nb_vendu: 900, nb_reforme: 40, nb_perte: 10, chiffre_affaire: 195_000 });
    expect(sujetsVivants(d)).toBe(50);
    // 50 hens left: a loss or a réforme of more is refused with the hens alive, and writes nothing.
    await refusedWithNothingWritten(A, () => perte(A, b.id, 51), ABATTAGE_MSG.tooMany(50));
    await refusedWithNothingWritten(A, () => vente(A, b.id, 51, 'sujet'), ABATTAGE_MSG.tooMany(50));
    await refusedWithNothingWritten(A, () => vente(A, b.id, 2.5, 'sujet'), BANDE_MSG.wholeHens);
    // An edit counts the sale's own hens once: 40 → 90 fits (50 + 40), 91 does not.
    await refusedWithNothingWritten(A, () => post('/api/bande/vente', { prix_unitaire: 3000, quantite: 91, id_bande: b.id, id_vente: r.id }, A.token), null);
    await ok(post('/api/bande/vente', { prix_unitaire: 3000, quantite: 90, id_bande: b.id, id_vente: r.id }, A.token));
    expect(await detail(A, b.id)).toMatchObject({ nb_reforme: 90, nb_vendu: 900 });
    await refusedWithNothingWritten(A, () => perte(A, b.id, 1), ABATTAGE_MSG.tooMany(0));
    // Cancelled, the hens come back.
    await ok(get(`/api/bande/vente/delete/${r.id}`, A.token));
    const after = await detail(A, b.id);
    expect(after).toMatchObject({ nb_reforme: 0, nb_vendu: 900 });
    expect(sujetsVivants(after)).toBe(90);
  });

  it('a réforme leaves fewer hens to lay: later collections count them, and a backdated réforme that contradicts one is refused', async () => {
    // A business of its own: the trial plan's bird quota holds one batch of each test.
    const A = await newBusiness();
    const b = await bande(A, { nb_sujet: 100 });
    await ok(vente(A, b.id, 60, 'sujet', { date: day(-10) }));
    // 40 hens from day −10: 41 eggs on day −5 are more than they lay.
    const r = await collecte(A, b.id, 41, day(-5));
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    await ok(collecte(A, b.id, 40, day(-5)));
    // A réforme before that collection that would leave fewer hens than its eggs is refused.
    const before = await stateOf(A.tenantId);
    const late = await vente(A, b.id, 1, 'sujet', { date: day(-8) });
    expect(late.status, JSON.stringify(late.body)).toBe(400);
    expect(await stateOf(A.tenantId)).toBe(before);
    // On the day after the collection it is fine.
    await ok(vente(A, b.id, 1, 'sujet', { date: day(-4) }));
    expect(await detail(A, b.id)).toMatchObject({ nb_reforme: 61, nb_vendu: 0 });
  });
});

describe('a broiler batch sells birds only', () => {
  it('refuses a sale in trays or eggs with a French 400 that writes nothing; sujet is its unit', async () => {
    // A business of its own: the trial plan's bird quota holds one batch of each test.
    const A = await newBusiness();
    const b = await bande(A, { type: 'chair', nb_sujet: 100 });
    await refusedWithNothingWritten(A, () => vente(A, b.id, 55, 'plateau'), BANDE_MSG.uniteChair);
    await refusedWithNothingWritten(A, () => vente(A, b.id, 55, 'oeuf'), BANDE_MSG.uniteChair);
    const v = await ok(vente(A, b.id, 20, 'sujet'));
    expect(v.unite).toBeUndefined();
    expect(await detail(A, b.id)).toMatchObject({ nb_vendu: 20, nb_reforme: 0, chiffre_affaire: 50_000 });
  });
});
