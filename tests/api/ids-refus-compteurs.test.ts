// A request refused inside its transaction writes nothing, its id counters included: every route
// that may still be refused after its checks claims its ids in its own transaction
// (functions/lib/repo/counters.ts idClaims). Two requests race for what only one of them can have
// (the last birds, the last feed, the last units, a batch closing); in every round, the id counter
// is written exactly once per request that landed, never for the loser, whether its refusal came
// from a condition of the transaction or from the checks read again after the lost race. Counted
// on the test stack's write journal (every write, counters included).
import { describe, expect, it } from 'vitest';
import { addDays, todayFor } from '@shared/dates';
import { newBusiness, post, tenantSnapshot, type Account, type Res } from '../helpers/api';
import { as, boutique, ok, produit, stateOf } from './shop-fixtures';

const day = (n: number) => addDays(todayFor(), n);
const ROUNDS = 8;

/** How many times the journal saw the counter `name` written. */
const counterWrites = async (t: number, name: string) =>
  (JSON.parse(await tenantSnapshot(t)) as string[]).filter((e) => e.includes(`"SK":"COUNTER#${name}"`)).length;

async function bande(a: Account, nb_sujet: number, type = 'chair') {
  const r = await post('/api/bande/create', { id_bande: -1, nom: `Lot ${nb_sujet}`, type, nb_sujet, date_demarage: day(-30) }, a.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.id ?? r.body.bande?.id) as number;
}

/**
 * `rounds` races of two requests; the counter moves once per request that landed (of the first
 * `claimers` requests, those that take ids). Returns how many of them were refused over all
 * rounds (a race that no round lost proves nothing).
 */
async function race(a: Account, counter: string, setup: (round: number) => Promise<unknown>, pair: (ctx: any) => Promise<Res<any>>[], claimers = 2) {
  let refused = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const ctx = await setup(round);
    const before = await counterWrites(a.tenantId, counter);
    const answers = await Promise.all(pair(ctx));
    for (const r of answers) expect([200, 400, 409, 422], JSON.stringify(r.body)).toContain(r.status);
    const landed = answers.slice(0, claimers).filter((r) => r.status === 200).length;
    refused += claimers - landed;
    expect(await counterWrites(a.tenantId, counter), `round ${round}: ${JSON.stringify(answers.map((r) => [r.status, r.body]))}`).toBe(before + landed);
  }
  return refused;
}

describe('a request refused inside its transaction takes no id', () => {
  it('losses racing for the last birds (a batch entry)', async () => {
    const a = await newBusiness();
    const refused = await race(
      a,
      'PERTE',
      () => bande(a, 100),
      (b) => [
        post('/api/bande/perte', { nombre: 60, id_bande: b, date: day(-2) }, a.token),
        post('/api/bande/perte', { nombre: 50, id_bande: b, date: day(-2) }, a.token),
      ],
    );
    expect(refused).toBe(ROUNDS);
  });

  it('egg collections racing for the hens of a day', async () => {
    const a = await newBusiness();
    const col = (b: number, n: number) =>
      post('/api/bande/collect', { id_bande: b, id: -1, collecte: n, calibres: JSON.stringify({ s: n, m: 0, l: 0, xl: 0 }), date_collecte: day(-2) }, a.token);
    const refused = await race(
      a,
      'COLLECTE',
      () => bande(a, 100, 'pondeuse'),
      (b) => [col(b, 60), col(b, 50)],
    );
    expect(refused).toBe(ROUNDS);
  });

  it('feed consumptions racing for the last feed', async () => {
    const a = await newBusiness();
    const b = await bande(a, 500);
    const refused = await race(
      a,
      'ALIMENT_CON',
      () => ok(post('/api/aliment/achat', { date: day(-5), designation: 'Aliment', quantite: 100, unite: 'kg', prix_total: 30_000 }, a.token)),
      () => [
        post('/api/aliment/consommation', { id_bande: b, date: day(-1), quantite: 60, unite: 'kg' }, a.token),
        post('/api/aliment/consommation', { id_bande: b, date: day(-1), quantite: 60, unite: 'kg' }, a.token),
      ],
    );
    // Each round adds 100 kg and takes 60: the loser is refused at least while the stock is short.
    expect(refused).toBeGreaterThan(0);
  });

  it('a treatment racing with the batch being closed', async () => {
    const a = await newBusiness();
    const refused = await race(
      a,
      'TRAITEMENT',
      () => bande(a, 100),
      (b) => [
        post(
          '/api/sante/traitement',
          {
            id_bande: b,
            produit: 'Oxytétracycline 20 %',
            molecule: 'Oxytétracycline',
            motif: 'Maladie respiratoire',
            debut: day(-3),
            fin: day(-2),
            attente_viande_jours: 3,
            attente_oeufs_jours: 0,
            cout: 5000,
          },
          a.token,
        ),
        post('/api/bande/cloturer', { id_bande: b }, a.token),
      ],
      1,
    );
    console.log(`treatment and closing together: ${refused} of ${ROUNDS} treatments refused, none moved a counter`);
  });

  it('shop sales racing for the last units, and stock counts racing to the same count', async () => {
    const s = as(await newBusiness());
    await boutique(s);
    const sold = await race(
      s.acc,
      'VENTE_BOUTIQUE',
      () => produit(s, 10),
      (p) => [
        s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 6 }], type: 'DIRECT' }),
        s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 6 }], type: 'DIRECT' }),
      ],
    );
    expect(sold).toBe(ROUNDS);
    const counted = await race(
      s.acc,
      'REAPPRO',
      () => produit(s, 0),
      (p) => [
        s.post('/api/produit/ajustement', { id_produit: p.id, quantite: 5, motif: 'Inventaire' }),
        s.post('/api/produit/ajustement', { id_produit: p.id, quantite: 5, motif: 'Inventaire' }),
      ],
    );
    expect(counted).toBe(ROUNDS);
  });

  it('a refused request leaves the whole table as it was, counters included (stateOf)', async () => {
    const s = as(await newBusiness());
    await boutique(s);
    const p = await produit(s, 3);
    const before = await stateOf(s.acc.tenantId);
    const r = await s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 4 }], type: 'DIRECT' });
    expect(r.status).toBe(400);
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });
});
