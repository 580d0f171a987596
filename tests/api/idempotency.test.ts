// Idempotency keys on every write the SPA's outbox sends, and on the slaughter and restock forms' (functions/lib/idempotency.ts):
// the same key replayed 10 times, or 10 times at once, writes once and answers the first answer;
// the same key in another business is another key; the same key on another request is refused
// (422) and writes nothing; a malformed key is a 400 with a French message; a refused request
// stores nothing (sent again later, it is evaluated afresh). Every count is read through the API.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ROUTES } from '@shared/api/routes';
import { SYNC_MSG } from '@shared/messages/sync';
import { call, newBusiness, rawDdb, tableName, type Account, type Res } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';
import { stateOf } from './shop-fixtures';

const send = (acc: Account, path: string, body: unknown, key?: string) =>
  call('POST', path, body, { token: acc.token, headers: key === undefined ? {} : { 'idempotency-key': key } });

async function ok(p: Promise<Res>): Promise<any> {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** One outbox route: how to set a business up for it, its body, and how many writes it made (read through the API). */
interface Case {
  path: string;
  setup(acc: Account): Promise<Record<string, number>>;
  body(ids: Record<string, number>): unknown;
  count(acc: Account, ids: Record<string, number>): Promise<number>;
}

async function bande(acc: Account, type: 'chair' | 'pondeuse' = 'chair') {
  const b = await ok(send(acc, '/api/bande/create', { nom: 'Bande A', nb_sujet: 500, date_demarage: pastDay('03-01'), type, id_bande: -1 }));
  return b.id as number;
}

/** A layer batch with 300 eggs collected on its 20th day (exits are checked against them). */
async function layerWithEggs(acc: Account) {
  const id = await bande(acc, 'pondeuse');
  await ok(
    send(acc, '/api/bande/collect', {
      id_bande: id,
      id: -1,
      collecte: 300,
      calibres: JSON.stringify({ s: 0, m: 300, l: 0, xl: 0 }),
      date_collecte: pastDay('03-20'),
    }),
  );
  return id;
}

/** A list or item read through the API as the business's owner, with the right the screen sends. */
const read = (acc: Account, path: string, droit?: string) => ok(call('GET', path, undefined, { token: acc.token, headers: droit ? { droit } : {} }));
const detail = (acc: Account, id: number) => read(acc, `/api/bande/${id}`);
/** The quantities of a product's valid restocks (its opening stock is the first), from the restock list. */
const validRestocks = (reappros: { id_produit: number; etat: string; quantite: number }[], produit: number) =>
  reappros.filter((r) => r.id_produit === produit && r.etat === 'VALID').map((r) => r.quantite);
const today = () => new Date().toISOString().slice(0, 10);

async function shopProduct(acc: Account, quantite = 100) {
  // The sign-up created the business's first shop: products and sales go to it.
  const p = await ok(send(acc, '/api/produit', { id: 0, nom: 'Poulet', description: 'frais', quantite, prix_cession: 500, prix_vente: 1000 }));
  return p.id as number;
}

const CASES: Record<string, Case> = {
  perte: {
    path: '/api/bande/perte',
    setup: async (a) => ({ bande: await bande(a) }),
    body: (ids) => ({ nombre: 2, id_bande: ids.bande }),
    count: async (a, ids) => (await detail(a, ids.bande)).pertes.length,
  },
  depense: {
    path: '/api/bande/depense',
    setup: async (a) => ({ bande: await bande(a) }),
    body: (ids) => ({ depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: 1500, quantite: 2 }, id_bande: ids.bande }),
    count: async (a, ids) => (await detail(a, ids.bande)).depenses.length,
  },
  'vente de bande': {
    path: '/api/bande/vente',
    setup: async (a) => ({ bande: await bande(a) }),
    body: (ids) => ({ prix_unitaire: 2500, quantite: 3, id_bande: ids.bande, id_vente: -1 }),
    count: async (a, ids) => (await detail(a, ids.bande)).ventes.length,
  },
  pesage: {
    path: '/api/bande/pesage',
    setup: async (a) => ({ bande: await bande(a) }),
    body: (ids) => ({ pesage: { poids_moyen: 1.85, unite: 'kg', echantillon: 20, date_prise: pastDay('03-20') }, id_bande: ids.bande }),
    count: async (a, ids) => (await detail(a, ids.bande)).pesages.length,
  },
  'collecte d’œufs': {
    path: '/api/bande/collect',
    setup: async (a) => ({ bande: await bande(a, 'pondeuse') }),
    body: (ids) => ({ id_bande: ids.bande, id: -1, collecte: 30, calibres: JSON.stringify({ s: 10, m: 10, l: 5, xl: 5 }), date_collecte: pastDay('03-20') }),
    count: async (a, ids) => (await read(a, `/api/bande/collect/get/${ids.bande}`)).length,
  },
  // A layer flock's egg stock: a breakage and a move to a shop product, outbox writes
  // with their true dates; eggs collected first (the stock is checked), 300 of them.
  'casse d’œufs': {
    path: '/api/bande/oeufs/casse',
    setup: async (a) => ({ bande: await layerWithEggs(a) }),
    body: (ids) => ({ id_bande: ids.bande, quantite: 10, date: pastDay('03-21'), motif: 'Œufs cassés' }),
    count: async (a, ids) => (await read(a, `/api/bande/oeufs/${ids.bande}`)).mouvements.filter((m: any) => m.genre === 'casse').length,
  },
  'envoi d’œufs à la boutique': {
    path: '/api/bande/oeufs/transfert',
    setup: async (a) => {
      const p = await ok(
        send(a, '/api/produit', { id: 0, nom: 'Plateau', description: 'œufs', quantite: 0, prix_cession: 1500, prix_vente: 2500, oeufs_par_unite: 30 }),
      );
      return { bande: await layerWithEggs(a), produit: p.id as number };
    },
    body: (ids) => ({ id_bande: ids.bande, id_produit: ids.produit, quantite: 1, unite: 'plateau', date: pastDay('03-21') }),
    count: async (a, ids) => (await read(a, `/api/bande/oeufs/${ids.bande}`)).mouvements.filter((m: any) => m.genre === 'transfert').length,
  },
  // The farm's feed store: a purchase, and what a batch ate (the daily round's outbox part).
  'achat d’aliment': {
    path: '/api/aliment/achat',
    setup: async () => ({}),
    body: () => ({ date: pastDay('03-02'), designation: 'Aliment croissance', quantite: 4, unite: 'sac50', prix_total: 72_000 }),
    count: async (a) => (await read(a, '/api/aliment/achat')).length,
  },
  'consommation d’aliment': {
    path: '/api/aliment/consommation',
    setup: async (a) => {
      await ok(send(a, '/api/aliment/achat', { date: pastDay('03-01'), designation: 'Aliment', quantite: 2, unite: 't', prix_total: 700_000 }));
      return { bande: await bande(a) };
    },
    body: (ids) => ({ id_bande: ids.bande, date: pastDay('03-20'), quantite: 25, unite: 'kg' }),
    count: async (a, ids) => (await detail(a, ids.bande)).aliment?.consommations.length ?? 0,
  },
  'vente en boutique': {
    path: '/api/vente',
    setup: async (a) => ({ produit: await shopProduct(a) }),
    body: (ids) => ({ id_bande: null, produits: [{ id_produit: ids.produit, quantite: 2 }], type: 'DIRECT' }),
    count: async (a) => (await ok(send(a, '/api/vente/boutique', { debut: today(), fin: today() }))).ventes?.length ?? NaN,
  },
  // Not an outbox route: the batch dialog sends one key per content, so a retry after a lost answer
  // never creates the batch, and its birds in every total, twice.
  bande: {
    path: '/api/bande/create',
    setup: async () => ({}),
    body: () => ({ nom: 'Bande clé', nb_sujet: 40, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }),
    count: async (a) => {
      const lots = (await read(a, '/api/bande')).filter((b: { nom: string }) => b.nom === 'Bande clé');
      for (const b of lots) expect(b.nb_sujet).toBe(40);
      return lots.length;
    },
  },
  // Nor is the slaughter: its form sends one key per content (shared/idempotency-key.ts),
  // so a second tap or a retry after a lost answer never slaughters the birds twice.
  abattage: {
    path: '/api/bande/abatage',
    setup: async (a) => ({ bande: await bande(a) }),
    body: (ids) => ({ id: -1, quantite: 5, id_bande: ids.bande }),
    count: async (a, ids) => (await read(a, '/api/bande/abatage/list')).filter((x: { id_bande: number }) => x.id_bande === ids.bande).length,
  },
  // Not an outbox route either: the restock dialog sends one key per content, so a retry after a
  // lost answer never adds the stock twice.
  réapprovisionnement: {
    path: '/api/produit/reappro/new',
    setup: async (a) => ({ produit: await shopProduct(a) }),
    body: (ids) => ({ id_produit: ids.produit, quantite: 5 }),
    count: async (a, ids) => {
      const valid = validRestocks(await read(a, '/api/produit/reappro/get', 'prav:r'), ids.produit);
      const produits = await read(a, '/api/produit', 'prav:r');
      // The stock is what the restocks add up to (the product's opening stock is its first restock):
      // a restock counted in the list and not in the stock, or the reverse, fails here.
      const stock = produits.find((p: { id: number }) => p.id === ids.produit).quantite;
      expect(stock).toBe(valid.reduce((sum, q) => sum + q, 0));
      return valid.length;
    },
  },
  // Nor is the product form: it sends one key per content, so a retry after a lost answer never
  // creates the product, and its opening stock, twice.
  produit: {
    path: '/api/produit',
    setup: async () => ({}),
    body: () => ({ id: 0, nom: 'Poulet clé', description: 'frais', quantite: 7, prix_cession: 500, prix_vente: 1000 }),
    count: async (a) => {
      const produits = (await read(a, '/api/produit', 'prav:r')).filter((p: { nom: string }) => p.nom === 'Poulet clé');
      const reappros = await read(a, '/api/produit/reappro/get', 'prav:r');
      // Each product holds its opening stock once, recorded as its one restock.
      for (const p of produits) {
        expect(p.quantite).toBe(7);
        expect(validRestocks(reappros, p.id)).toEqual([7]);
      }
      return produits.length;
    },
  },
  // Nor is the client order: its dialog sends one key per content, so a retry after a lost answer
  // never records the order, its deposit and what the client owes twice.
  commande: {
    path: '/api/commande/addCommande',
    setup: async (a) => {
      const produit = await shopProduct(a);
      const c = await ok(send(a, '/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Ba' }));
      return { produit, client: c.id };
    },
    body: (ids) => ({ id: 0, id_client: ids.client, produits: [{ id_produit: ids.produit, quantite: 3 }], accompte: 1000, date_livraison: today() }),
    count: async (a, ids) => {
      const commandes = (await read(a, '/api/commande', 'commav:r')).filter((c: { id_client: number }) => c.id_client === ids.client);
      // Each order is priced by the server (3 × 1 000 FCFA) and keeps its one deposit.
      for (const c of commandes) expect([c.montant_total, c.accompte]).toEqual([3000, 1000]);
      return commandes.length;
    },
  },
  versement: {
    path: '/api/versement',
    setup: async (a) => {
      const produit = await shopProduct(a);
      const c = await ok(send(a, '/api/addOrUpdateClient', { id: 0, prenom: 'Fatou', nom: 'Sow' }));
      await ok(send(a, '/api/vente', { produits: [{ id_produit: produit, quantite: 20 }], type: 'EMPRUNT', id_client: c.id }));
      return { client: c.id };
    },
    body: (ids) => ({ id_client: ids.client, montant: 1000 }),
    count: async (a) => (await read(a, '/api/versement')).length,
  },
  // A health plan written offline in the editor: each send without a key is a new plan.
  'plan de santé': {
    path: '/api/sante/plan',
    setup: async () => ({}),
    body: () => ({ id_plan: -1, nom: 'Chair saison sèche', type: 'chair', etapes: [{ age: 7, intitule: 'Newcastle HB1', voie: 'goutte_oculaire' }] }),
    count: async (a) => (await read(a, '/api/sante/plans')).filter((p: { defaut: boolean }) => !p.defaut).length,
  },
};

it('flags exactly the outbox routes and the batch, slaughter, restock, product, order, operator and storefront order forms as idempotent, every one of them covered here', () => {
  const flagged = ROUTES.filter((r) => r.idempotent).map((r) => `${r.method} ${r.path}`);
  // The operator's console is not a business: its row is covered in tests/api/operator.test.ts. The
  // storefront's public order has no token: tests/api/ecommerce.test.ts covers it. Flock health's
  // outbox rows change a state once (a step done twice is a 409), so "writes twice without a key"
  // does not hold for them: tests/api/sante-plans.test.ts replays a step done and a plan given with
  // their keys, and the treatments' own file their rows (a plan written in the editor is a case above).
  const sante = ['bande/plan', 'etape/fait', 'etape/sauter', 'etape/annuler', 'traitement', 'traitement/annuler'].map((p) => `POST /api/sante/${p}`);
  // The daily sheet replaces its batch's day: "writes twice" does not hold either; its replay is tested below.
  const fiche = ['POST /api/bande/fiche'];
  expect(flagged.sort()).toEqual(
    [...Object.values(CASES).map((c) => `POST ${c.path}`), 'POST /api/operateur/abonnement', 'POST /api/vitrine/commande', ...sante, ...fiche].sort(),
  );
  // A public row's key is scoped by the business its body names.
  for (const r of ROUTES.filter((row) => row.idempotent && row.access === 'public'))
    expect(r.body?.safeParse({}).error?.issues.map((i) => i.path[0])).toContain('id_entreprise');
});

it('replays a daily sheet sent again with its key: the first answer, marked replayed', async () => {
  const a = await newBusiness();
  const id = await bande(a);
  const key = randomUUID();
  const body = { id_bande: id, date: pastDay('03-20'), eau_litres: 40, temp_min: 22, temp_max: 31, note: 'clé' };
  const first = await send(a, '/api/bande/fiche', body, key);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const again = await send(a, '/api/bande/fiche', body, key);
  expect(again.status).toBe(200);
  expect(again.body).toEqual(first.body);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
});

describe.each(Object.entries(CASES))('%s', (_name, c) => {
  let A: Account;
  let B: Account;
  let idsA: Record<string, number>;
  let idsB: Record<string, number>;
  beforeAll(async () => {
    [A, B] = await Promise.all([newBusiness(), newBusiness()]);
    [idsA, idsB] = await Promise.all([c.setup(A), c.setup(B)]);
  });

  it('writes twice without a key (the count below can fail)', async () => {
    const before = await c.count(A, idsA);
    await ok(send(A, c.path, c.body(idsA)));
    await ok(send(A, c.path, c.body(idsA)));
    expect(await c.count(A, idsA)).toBe(before + 2);
  });

  it('replayed 10 times: one write, the first answer every time', async () => {
    const key = randomUUID();
    const before = await c.count(A, idsA);
    const first = await send(A, c.path, c.body(idsA), key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    for (let i = 0; i < 10; i++) {
      const again = await send(A, c.path, c.body(idsA), key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await c.count(A, idsA)).toBe(before + 1);
    // The record expires through the table's TTL about 30 days later.
    const rec = await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK: `ENT#${A.tenantId}#IDEM#${key}`, SK: 'IDEM' } }));
    const days = (Number(rec.Item?.expiresAt) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('10 concurrent sends of one key: one write, the same answer for all', async () => {
    const key = randomUUID();
    const before = await c.count(A, idsA);
    const all = await Promise.all(Array.from({ length: 10 }, () => send(A, c.path, c.body(idsA), key)));
    for (const r of all) expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const r of all) expect(r.body).toEqual(all[0].body);
    expect(all.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await c.count(A, idsA)).toBe(before + 1);
  });

  it('the same key in another business is another key', async () => {
    const key = randomUUID();
    const [beforeA, beforeB] = [await c.count(A, idsA), await c.count(B, idsB)];
    const a = await send(A, c.path, c.body(idsA), key);
    const b = await send(B, c.path, c.body(idsB), key);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect([await c.count(A, idsA), await c.count(B, idsB)]).toEqual([beforeA + 1, beforeB + 1]);
  });

  it('the same key on another request: 422, nothing written', async () => {
    const key = randomUUID();
    await ok(send(A, c.path, c.body(idsA), key));
    const before = await stateOf(A.tenantId);
    const other = { ...(c.body(idsA) as object), extra: 1 };
    const r = await send(A, c.path, other, key);
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ code: 422, message: SYNC_MSG.keyReused });
    expect(await stateOf(A.tenantId)).toBe(before);
  });

  it('a malformed key: 400 with the French message, nothing written', async () => {
    const before = await stateOf(A.tenantId);
    for (const key of ['', 'court', 'a'.repeat(129), 'clé avec espaces et accents', '0123456789abcdef,0123456789abcdef']) {
      const r = await send(A, c.path, c.body(idsA), key);
      expect(r.status, key).toBe(400);
      expect(r.body).toEqual({ code: 400, message: SYNC_MSG.badKey });
    }
    expect(await stateOf(A.tenantId)).toBe(before);
  });
});

describe('refusals', () => {
  it('a sale refused for stock stores nothing: resent with the same key once restocked, it is written once', async () => {
    const A = await newBusiness();
    const produit = await shopProduct(A, 1);
    const key = randomUUID();
    const body = { produits: [{ id_produit: produit, quantite: 3 }], type: 'DIRECT' };
    const refused = await send(A, '/api/vente', body, key);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Il n'y a que 1 Poulet disponible");
    const again = await send(A, '/api/vente', body, key);
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    await ok(send(A, '/api/produit/reappro/new', { id_produit: produit, quantite: 10 }));
    const accepted = await ok(send(A, '/api/vente', body, key));
    const replay = await send(A, '/api/vente', body, key);
    expect(replay.body).toEqual(accepted);
    expect(await CASES['vente en boutique'].count(A, {})).toBe(1);
  });

  // Found by the reconciliation harness (tests/api/reconciliation.test.ts, seed 806350745): a copy
  // whose own check ran after the first copy's write (the whole creance repaid, the last units sold)
  // answered a refusal although the write it stands for was recorded.
  it('concurrent sends of one key that the state allows once (the whole creance, the last stock): one write, the first answer for all', async () => {
    const A = await newBusiness();
    const produit = await shopProduct(A, 30);
    const c = await ok(send(A, '/api/addOrUpdateClient', { id: 0, prenom: 'Fatou', nom: 'Sow' }));
    await ok(send(A, '/api/vente', { produits: [{ id_produit: produit, quantite: 5 }], type: 'EMPRUNT', id_client: c.id }));
    const cases = [
      { path: '/api/versement', body: { id_client: c.id, montant: 5000 } },
      { path: '/api/vente', body: { produits: [{ id_produit: produit, quantite: 25 }], type: 'DIRECT' } },
    ];
    for (const { path, body } of cases) {
      const key = randomUUID();
      const all = await Promise.all(Array.from({ length: 10 }, () => send(A, path, body, key)));
      for (const r of all) expect([path, r.status, r.body]).toEqual([path, 200, all[0].body]);
    }
    expect((await read(A, '/api/versement')).length).toBe(1);
    expect((await read(A, '/api/clients'))[0].creance).toBe(0);
    expect((await read(A, '/api/produit'))[0].quantite).toBe(0);
  });

  it('a key on a route that is not flagged idempotent is ignored (the request is served as usual)', async () => {
    const A = await newBusiness();
    const key = randomUUID();
    await ok(send(A, '/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Ba' }, key));
    await ok(send(A, '/api/addOrUpdateClient', { id: 0, prenom: 'Moussa', nom: 'Ba' }, key));
    expect((await read(A, '/api/clients')).map((c: { prenom: string }) => c.prenom).sort()).toEqual(['Awa', 'Moussa']);
  });

  it('without a token the key changes nothing: 401', async () => {
    const r = await call('POST', '/api/bande/perte', { nombre: 1, id_bande: 1 }, { headers: { 'idempotency-key': randomUUID() } });
    expect(r.status).toBe(401);
  });
});
