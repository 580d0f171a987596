// A request refused inside its transaction writes nothing, its id counters included: every route
// that may still be refused after its checks claims its ids in its own transaction
// (functions/lib/repo/counters.ts idClaims). Two requests race for what only one of them can have
// (the last birds, the last feed, the last units, a batch closing); in every round, the id counter
// is written exactly once per request that landed, never for the loser, whether its refusal came
// from a condition of the transaction or from the checks read again after the lost race. Counted
// on the test stack's write journal (every write, counters included).
import { describe, expect, it } from 'vitest';
import { addDays, todayFor } from '@shared/dates';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { newBusiness, post, rawDdb, signupPayload, tableName, tenantSnapshot, type Account, type Res } from '../helpers/api';
import { keys } from '../../functions/lib/repo/keys';
import { as, boutique, client, newShop, ok, produit, stateOf, withoutShops } from './shop-fixtures';
import { smallPng, uploadImage } from '../helpers/images';
import { snNumber } from './payment-fixtures';

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

  it('repayments racing for the same debt', async () => {
    const s = as(await newBusiness());
    await boutique(s);
    const refused = await race(
      s.acc,
      'VERSEMENT',
      async () => {
        // A client owing 10 000 FCFA through a sale on credit.
        const c = await client(s);
        const p = await produit(s, 1, 10_000, `Article ${c.id}`);
        await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'EMPRUNT', id_client: c.id }));
        return c;
      },
      (c) => [s.post('/api/versement', { id_client: c.id, montant: 6000 }), s.post('/api/versement', { id_client: c.id, montant: 6000 })],
    );
    expect(refused).toBe(ROUNDS);
  });

  it('payments started at once with the same number (one lands, the others are told one is pending)', async () => {
    const a = await newBusiness();
    const start = (numero: string) =>
      post(
        '/api/initMensualitePaiement',
        { code_plan: 'pro', nb_mois: 1, service_pay: 'wave', info_pay: { numero, otp: '0000' }, pays: 'sn', currency: 'XOF' },
        a.token,
        { droit: 'utav:r' },
      );
    // 8 rounds of 3 starts: 24 of the 30 an hour a business may make.
    const refused = await race(
      a,
      'PAIEMENT',
      async () => snNumber(),
      (numero) => [start(numero), start(numero), start(numero)],
      3,
    );
    expect(refused).toBe(2 * ROUNDS);
  });

  it('shops racing for the last place of the plan', async () => {
    let refused = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Démarrage: one shop; sign-up's is taken away, one place left.
      const s = await withoutShops(await newShop());
      const before = await counterWrites(s.acc.tenantId, 'BOUTIQUE');
      const answers = await Promise.all([s.post('/api/boutique', { nom: 'A' }), s.post('/api/boutique', { nom: 'B' })]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
      refused++;
      expect(await counterWrites(s.acc.tenantId, 'BOUTIQUE'), `round ${round}`).toBe(before + 1);
    }
    expect(refused).toBe(ROUNDS);
  });

  it('new online products published at once, racing for the last place of the plan (5)', async () => {
    const s = as(await newBusiness());
    const p = await produit(s, 5);
    const up = await uploadImage(s.acc.token, await smallPng(), 'p.png', 'image/png');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const body = (nom: string) => ({
      id: 0,
      id_produit: p.id,
      produit: nom,
      prix_unitaire: 3500,
      type_produit: 'poulet',
      currency: 'XOF',
      images: [up.body.img],
      pays: 'Senegal',
      code_pays: 'sn',
      ville: 'Thiès',
      adresse: 'Quartier Escale',
      description: 'Poulet de chair, 2 kg',
      publier: true,
    });
    for (let i = 0; i < 4; i++) await ok(s.post('/api/produit/addToEcom', body(`Poulet ${i}`)));
    const refused = await race(
      s.acc,
      'PRODUIT_ECOM',
      // One place left each round: the last round's winner goes offline.
      async () => {
        const list = await ok<any[]>(s.get('/api/produit/getEcomProductByEntreprise'));
        for (const e of list.filter((x) => x.etat === 'ACTIVE' && x.nom_produit.startsWith('Course')))
          await ok(s.post('/api/produit/depublierEcom', { id: e.id }));
      },
      () => [s.post('/api/produit/addToEcom', body('Course A')), s.post('/api/produit/addToEcom', body('Course B'))],
    );
    expect(refused).toBe(ROUNDS);
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

  it('two sign-ups with one address: the business id is claimed in the sign-up transaction, the refused one leaves no id unused', async () => {
    // The businesses' counter is global: other files sign up meanwhile, so the journal cannot count
    // it. What holds is that its value is always a business that exists: the old code moved it
    // before the transaction that refused the loser (421), leaving an id no business has.
    const ddb = rawDdb();
    const get = async (Key: Record<string, string>) => (await ddb.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;
    let refused = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const payload = signupPayload();
      const answers = await Promise.all([post('/api/inscription', payload), post('/api/inscription', payload)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 421]);
      refused += 1;
      const n = Number((await get(keys.globalCounter('ENTREPRISE')))?.n);
      expect(await get(keys.entreprise(n)), `round ${round}: counter at ${n}, no business ${n}`).toBeDefined();
    }
    expect(refused).toBe(ROUNDS);
  });
});
