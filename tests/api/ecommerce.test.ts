// Online shop through the real stack: photos (type from bytes, size, EXIF, another business's
// key), online products and publication within the plan, online orders and their transitions with
// the stock taken at delivery, the public storefront and its order route (limits, validation).
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { baseUrl, call, rawDdb, tableName, testIp, viaCloudFront } from '../helpers/api';
import { cameraJpeg, smallPng, uploadImage } from '../helpers/images';
import { SYNC_MSG } from '@shared/messages/sync';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import { newShop, ok, produit, stateOf, stockOf, type Shop } from './shop-fixtures';

async function setSubscription(s: Shop, fields: Record<string, unknown>) {
  const names = Object.keys(fields);
  await rawDdb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: `ENT#${s.acc.tenantId}`, SK: 'SUBSCRIPTION' },
      UpdateExpression: `SET ${names.map((n, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
    }),
  );
}

async function image(s: Shop): Promise<string> {
  const r = await uploadImage(s.acc.token, await smallPng(), 'p.png', 'image/png');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.img;
}

function ecomBody(p: { id: number; nom: string }, img: string[], extra: Record<string, unknown> = {}) {
  return {
    id: 0,
    id_produit: p.id,
    produit: `${p.nom} fermier`,
    prix_unitaire: 3500,
    type_produit: 'poulet',
    currency: 'XOF',
    images: img,
    pays: 'Senegal',
    code_pays: 'sn',
    ville: 'Thiès',
    adresse: 'Quartier Escale',
    description: 'Poulet de chair, 2 kg',
    ...extra,
  };
}

async function published(s: Shop, stock = 10, extra: Record<string, unknown> = {}) {
  const p = await produit(s, stock, 3000, `Poulet${Math.floor(Math.random() * 1e6)}`);
  const e = await ok(s.post('/api/produit/addToEcom', ecomBody(p, [await image(s)], extra)));
  await ok(s.post('/api/produit/publierEcom', { id: e.id }));
  return { p, e };
}

function order(s: Shop, id_produit: number, extra: Record<string, unknown> = {}, ip = testIp()) {
  return call(
    'POST',
    '/api/vitrine/commande',
    { id_entreprise: s.acc.tenantId, id_produit, prenom: 'Awa', nom: 'Ndiaye', telephone: '771234567', adresse: 'Mbour', quantite: 2, ...extra },
    { headers: viaCloudFront(ip) },
  );
}

describe('api/produit/saveEcomImage', () => {
  it('strips EXIF, resizes a camera photo and serves it (full and phone versions), never listable', async () => {
    const s = await newShop();
    const jpeg = await cameraJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const r = await uploadImage(s.acc.token, jpeg);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.img).toMatch(new RegExp(`^/images/${s.acc.tenantId}/[0-9a-f]{32}\\.webp$`));
    const full = Buffer.from(await (await fetch(baseUrl() + r.body.img)).arrayBuffer());
    const small = Buffer.from(await (await fetch(baseUrl() + r.body.img.replace('.webp', '-480.webp'))).arrayBuffer());
    const mf = await sharp(full).metadata();
    const ms = await sharp(small).metadata();
    expect([mf.format, mf.width, mf.height, mf.exif]).toEqual(['webp', 1600, 1067, undefined]);
    expect([ms.format, ms.width, ms.exif]).toEqual(['webp', 480, undefined]);
    expect(full.includes('secret-owner')).toBe(false);
    // Figures for the issue's closing note.
    console.log(`image sizes: original ${jpeg.length} B (3000×2000 JPEG), web ${full.length} B (1600 px WebP), phone ${small.length} B (480 px WebP)`);
    expect((await fetch(`${baseUrl()}/images/`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/images/${s.acc.tenantId}/`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/images/${s.acc.tenantId}/${'0'.repeat(32)}.webp`)).status).toBe(404);
  });

  it('reads the type from the bytes: a text file named .jpg, or declared image/png, is refused (415)', async () => {
    const s = await newShop();
    const r = await uploadImage(s.acc.token, new TextEncoder().encode('<svg onload=alert(1)></svg>'), 'x.jpg', 'image/jpeg');
    expect(r.status).toBe(415);
    expect(r.body.message).toContain('Seules les images');
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 1)]);
    expect((await uploadImage(s.acc.token, broken)).status).toBe(415);
  });

  it('accepts a PNG sent as application/octet-stream (the bytes decide)', async () => {
    const s = await newShop();
    const r = await uploadImage(s.acc.token, await smallPng(), 'photo', 'application/octet-stream');
    expect(r.status).toBe(200);
  });

  it('refuses a file above 4 MB (413) and a body without the image field (400)', async () => {
    const s = await newShop();
    const big = Buffer.concat([await smallPng(), Buffer.alloc(4 * 1024 * 1024 + 10)]);
    const r = await uploadImage(s.acc.token, big, 'big.png', 'image/png');
    expect(r.status).toBe(413);
    const form = new FormData();
    form.append('autre', 'x');
    const res = await fetch(`${baseUrl()}/api/produit/saveEcomImage`, { method: 'POST', headers: { authorization: `Bearer ${s.acc.token}` }, body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('veuillez choisir une image');
  });

  it('needs a token (401)', async () => {
    expect((await uploadImage(undefined, await smallPng())).status).toBe(401);
  });
});

describe('api/produit/addToEcom, getEcomProductByEntreprise, publierEcom', () => {
  it('adds an unpublished online product, lists it, publishes it, edits it', async () => {
    const s = await newShop();
    const p = await produit(s, 5, 3000);
    const img = await image(s);
    const e = await ok(s.post('/api/produit/addToEcom', ecomBody(p, [img])));
    expect(e).toMatchObject({
      id_produit: p.id,
      nom_produit: 'Poulet fermier',
      prix_unitaire: 3500,
      etat: 'INACTIVE',
      images: [img],
      currency: 'XOF',
      code_produit: expect.stringMatching(/^PEL-/),
    });
    expect(await ok(s.get('/api/produit/getEcomProductByEntreprise'))).toEqual([e]);
    const pub = await ok(s.post('/api/produit/publierEcom', { id: e.id }));
    expect(pub.etat).toBe('ACTIVE');
    expect((await s.post('/api/produit/publierEcom', { id: e.id })).status).toBe(400);
    const edited = await ok(s.post('/api/produit/addToEcom', ecomBody(p, [], { id: e.id, prix_unitaire: 4000 })));
    expect(edited).toMatchObject({ id: e.id, etat: 'ACTIVE', prix_unitaire: 4000, images: [img] });
  });

  it('requires an image for a new product and the spec fields, in French', async () => {
    const s = await newShop();
    const p = await produit(s, 5);
    const before = await stateOf(s.acc.tenantId);
    const r = await s.post('/api/produit/addToEcom', ecomBody(p, []));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('veuillez choisir une image');
    const r2 = await s.post('/api/produit/addToEcom', { ...ecomBody(p, [await image(s)]), ville: '' });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toContain('Ville');
    expect((await s.post('/api/produit/addToEcom', { ...ecomBody(p, []), type_produit: 'vache' })).status).toBe(400);
    expect((await s.post('/api/produit/addToEcom', { ...ecomBody(p, []), images: ['https://evil.example/x.png'] })).status).toBe(400);
    expect(JSON.parse(await stateOf(s.acc.tenantId)).filter((i: string) => i.includes('ECOMP#'))).toEqual(
      JSON.parse(before).filter((i: string) => i.includes('ECOMP#')),
    );
  });

  it("refuses another business's image (404), product (404) and online product (404)", async () => {
    const a = await newShop();
    const b = await newShop();
    const imgB = await image(b);
    const pA = await produit(a, 5);
    await produit(b, 1);
    const pB = await produit(b, 5); // id 2: A has no product 2
    expect((await a.post('/api/produit/addToEcom', ecomBody(pA, [imgB]))).status).toBe(404);
    expect((await a.post('/api/produit/addToEcom', ecomBody(pB, [await image(a)]))).status).toBe(404);
    const eB = await ok(b.post('/api/produit/addToEcom', ecomBody(pB, [imgB])));
    expect((await a.post('/api/produit/publierEcom', { id: eB.id })).status).toBe(404);
    expect((await a.post('/api/produit/addToEcom', ecomBody(pA, [await image(a)], { id: eB.id }))).status).toBe(404);
    expect(await ok(a.get('/api/produit/getEcomProductByEntreprise'))).toEqual([]);
  });

  it('holds the Démarrage limit (5 published) with 422, also under parallel publications; Entreprise is unlimited', async () => {
    const s = await newShop();
    const p = await produit(s, 5);
    const img = await image(s);
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await ok(s.post('/api/produit/addToEcom', ecomBody(p, [img])))).id);
    const results = await Promise.all(ids.map((id) => s.post('/api/produit/publierEcom', { id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 422);
    expect(refused).toHaveLength(3);
    expect(refused[0].body.message).toBe('Vous avez atteint le nombre de produits en ligne autorisé par votre plan (5).');
    const list = await ok<any[]>(s.get('/api/produit/getEcomProductByEntreprise'));
    expect(list.filter((e) => e.etat === 'ACTIVE')).toHaveLength(5);
    await setSubscription(s, { plan: 'ent' });
    for (const id of list.filter((e) => e.etat !== 'ACTIVE').map((e) => e.id)) await ok(s.post('/api/produit/publierEcom', { id }));
  });
});

describe('storefront and online orders', () => {
  it('lists published products of valid businesses only, by town of the list and type, and per business', async () => {
    const s = await newShop();
    // A town of the list, which other files' sellers may use too: this seller's products are picked out.
    const ville = 'Kaolack';
    const mine = (list: any[]) => list.filter((p) => p.id_entreprise === s.acc.tenantId);
    // Its period ends in a few seconds (set before publishing: the storefront's town index holds the
    // end date the publication read, and a lapse by date writes nothing).
    const end = Date.now() + 8000;
    await setSubscription(s, { valid_until: new Date(end).toISOString() });
    const { e } = await published(s, 10, { ville: 'KAOLACK' });
    expect(e.ville).toBe('Kaolack'); // stored as the list spells it
    const p2 = await produit(s, 3);
    await ok(s.post('/api/produit/addToEcom', ecomBody(p2, [await image(s)], { ville }))); // not published
    const list = mine(await ok<any[]>(call('GET', `/api/vitrine/produits?ville=${encodeURIComponent('kaolack')}`)));
    expect(list.map((p) => p.id)).toEqual([e.id]);
    expect(list[0]).toMatchObject({ id_entreprise: s.acc.tenantId, entreprise: expect.any(String), ville, prix_unitaire: 3500, type_produit: 'poulet' });
    expect(list[0]).not.toHaveProperty('adresse');
    expect(mine(await ok<any[]>(call('GET', `/api/vitrine/produits?ville=${ville}&type=materiel`)))).toEqual([]);
    expect(mine(await ok<any[]>(call('GET', '/api/vitrine/produits?ville=Thi%C3%A8s')))).toEqual([]);
    const page = await ok(call('GET', `/api/vitrine/entreprise/${s.acc.tenantId}`));
    expect(page.produits.map((p: any) => p.id)).toEqual([e.id]);
    // A town off the list: a French 400, for a search and for a product (nothing written).
    const off = await call('GET', `/api/vitrine/produits?ville=${encodeURIComponent('Kaolack 2')}`);
    expect(off.status).toBe(400);
    expect(off.body.message).toBe(ECOM_MSG.villeInconnue);
    const img = await image(s);
    const before = await stateOf(s.acc.tenantId);
    const bad = await s.post('/api/produit/addToEcom', ecomBody(p2, [img], { ville: 'Promo City' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(ECOM_MSG.villeInconnue);
    expect(await stateOf(s.acc.tenantId)).toBe(before);
    // A lapsed subscription hides the business and refuses its orders: the end date passes, nothing is written.
    await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now() + 200)));
    expect(mine(await ok<any[]>(call('GET', `/api/vitrine/produits?ville=${ville}`)))).toEqual([]);
    expect((await call('GET', `/api/vitrine/entreprise/${s.acc.tenantId}`)).status).toBe(404);
    expect((await order(s, e.id)).status).toBe(404);
    expect((await call('GET', '/api/vitrine/produits?type=vache')).status).toBe(400);
  });

  it('a buyer orders; the owner sees it, edits, marks paid then delivered; the stock follows', async () => {
    const s = await newShop();
    const { p, e } = await published(s, 10);
    const placed = await ok(order(s, e.id, { quantite: 3, prix_unitaire: 1 }));
    expect(placed).toMatchObject({ numero_commande: expect.stringMatching(/^EC\d{6}$/), montant_total: 10500 });
    const [c] = await ok<any[]>(s.get('/api/produit/onlineCommande'));
    expect(c).toMatchObject({
      numero_commande: placed.numero_commande,
      nom_produit: 'Poulet' === p.nom ? expect.any(String) : e.nom_produit,
      quantite: 3,
      prix_unitaire: 3500,
      montant_total: 10500,
      etat: 'PENDING',
      etat_paiement: 'PENDING',
      etat_livraison: 'PENDING',
    });
    // the buyer's phone by the rule, in the seller's country (Senegal), kept in E.164
    expect(JSON.parse(c.info_client)).toEqual({ prenom: 'Awa', nom: 'Ndiaye', telephone: '+221771234567', adresse: 'Mbour' });
    const edited = await ok(s.post('/api/produit/updateOnlineCommande', { id_commande: c.id, quantite: 4, prix_unitaire: 3000 }));
    expect(edited).toMatchObject({ quantite: 4, prix_unitaire: 3000, montant_total: 12000 });
    const paid = await ok(s.get(`/api/produit/marquerCommePayer/${c.id}`));
    expect(paid).toMatchObject({ etat: 'PAYED', etat_paiement: 'PAYED', etat_livraison: 'PENDING' });
    expect(await stockOf(s, p.id)).toBe(10);
    expect((await s.get(`/api/produit/marquerCommePayer/${c.id}`)).status).toBe(400);
    expect((await s.get(`/api/produit/cancelOnlineCommande/${c.id}`)).body.message).toBe('Une commande payée ou livrée ne peut plus être annulée.');
    expect((await s.post('/api/produit/updateOnlineCommande', { id_commande: c.id, quantite: 1, prix_unitaire: 1 })).status).toBe(400);
    const done = await ok(s.get(`/api/produit/marquerCommeLivrer/${c.id}`));
    expect(done).toMatchObject({ etat: 'FINISHED', etat_paiement: 'PAYED', etat_livraison: 'DELIVERED' });
    expect(await stockOf(s, p.id)).toBe(6);
    expect((await s.get(`/api/produit/marquerCommeLivrer/${c.id}`)).status).toBe(400);
    expect(await stockOf(s, p.id)).toBe(6);
  });

  it('delivery never drives the stock below zero, also for parallel deliveries', async () => {
    const s = await newShop();
    const { p, e } = await published(s, 5);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) await ok(order(s, e.id, { quantite: 2 }));
    for (const c of await ok<any[]>(s.get('/api/produit/onlineCommande'))) ids.push(c.id);
    const results = await Promise.all(ids.map((id) => s.get(`/api/produit/marquerCommeLivrer/${id}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 400 && /^Il n'y a que 1 /.test(r.body.message))).toBe(true);
    expect(await stockOf(s, p.id)).toBe(1);
  });

  it('cancels a pending order once; another business gets 404 on every order row', async () => {
    const s = await newShop();
    const other = await newShop();
    const { e } = await published(s, 5);
    await ok(order(s, e.id));
    const [c] = await ok<any[]>(s.get('/api/produit/onlineCommande'));
    for (const path of [`/api/produit/cancelOnlineCommande/${c.id}`, `/api/produit/marquerCommePayer/${c.id}`, `/api/produit/marquerCommeLivrer/${c.id}`]) {
      expect((await other.get(path)).status).toBe(404);
    }
    expect((await other.post('/api/produit/updateOnlineCommande', { id_commande: c.id, quantite: 1, prix_unitaire: 10 })).status).toBe(404);
    expect(await ok(other.get('/api/produit/onlineCommande'))).toEqual([]);
    expect((await ok(s.get(`/api/produit/cancelOnlineCommande/${c.id}`))).etat).toBe('CANCELED');
    expect((await s.get(`/api/produit/cancelOnlineCommande/${c.id}`)).body.message).toBe('Cette commande est déjà annulée.');
    expect((await s.get(`/api/produit/marquerCommeLivrer/${c.id}`)).status).toBe(400);
  });

  it('validates the buyer form (phone, quantity bounds, names) and limits orders per IP', async () => {
    const s = await newShop();
    const { e } = await published(s, 5);
    const before = await stateOf(s.acc.tenantId);
    for (const bad of [{ telephone: 'abc' }, { telephone: '12' }, { quantite: 0 }, { quantite: 1001 }, { quantite: 1.5 }, { prenom: '' }, { adresse: '' }]) {
      const r = await order(s, e.id, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await order(s, 999999)).status).toBe(404);
    expect(await stateOf(s.acc.tenantId)).toBe(before);
    const ip = testIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await order(s, e.id, {}, ip)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

// The storefront's order form keeps one Idempotency-Key per content (web/src/vitrine/OrderForm.tsx):
// a buyer who sends the order again after an answer lost on a slow network gets the first answer,
// and the seller one order, not two to deliver (each delivery takes the stock and counts as takings).
// Public row: the key is scoped by the seller the body names (functions/lib/http/run-route.ts).
describe('api/vitrine/commande sent again with its Idempotency-Key', () => {
  const withKey = (s: Shop, id_produit: number, key: string, extra: Record<string, unknown> = {}, ip = testIp()) =>
    call(
      'POST',
      '/api/vitrine/commande',
      { id_entreprise: s.acc.tenantId, id_produit, prenom: 'Awa', nom: 'Ndiaye', telephone: '771234567', adresse: 'Mbour', quantite: 2, ...extra },
      { headers: { ...viaCloudFront(ip), 'idempotency-key': key } },
    );
  const orders = async (s: Shop) => (await ok<any[]>(s.get('/api/produit/onlineCommande'))).length;

  it('without a key two sends are two orders (the count below can fail)', async () => {
    const s = await newShop();
    const { e } = await published(s);
    expect((await order(s, e.id)).status).toBe(200);
    expect((await order(s, e.id)).status).toBe(200);
    expect(await orders(s)).toBe(2);
  });

  it('replayed 5 times from the same address: one order, the first answer each time, no quota used', async () => {
    const s = await newShop();
    const { e } = await published(s);
    const key = crypto.randomUUID();
    const ip = testIp();
    const first = await withKey(s, e.id, key, {}, ip);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.numero_commande).toMatch(/^EC\d{6}$/);
    for (let i = 0; i < 5; i++) {
      const again = await withKey(s, e.id, key, {}, ip);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await orders(s)).toBe(1);
    // The replays were answered before the per-address limit (5 a minute): four new orders still pass.
    for (let i = 0; i < 4; i++) expect((await order(s, e.id, {}, ip)).status).toBe(200);
    expect(await orders(s)).toBe(5);
  });

  it('5 sends of one key at once (the phone changed address between them): one order, the same answer for all', async () => {
    const s = await newShop();
    const { e } = await published(s);
    const key = crypto.randomUUID();
    const all = await Promise.all(Array.from({ length: 5 }, () => withKey(s, e.id, key)));
    for (const r of all) expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const r of all) expect(r.body).toEqual(all[0].body);
    expect(await orders(s)).toBe(1);
  });

  it('the same key at another seller is another order; the same key on another order is a 422 that writes nothing', async () => {
    const [a, b] = await Promise.all([newShop(), newShop()]);
    const [{ e: ea }, { e: eb }] = await Promise.all([published(a), published(b)]);
    const key = crypto.randomUUID();
    expect((await withKey(a, ea.id, key)).status).toBe(200);
    const other = await withKey(b, eb.id, key);
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect([await orders(a), await orders(b)]).toEqual([1, 1]);
    const before = await stateOf(a.acc.tenantId);
    const changed = await withKey(a, ea.id, key, { quantite: 3 });
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({ code: 422, message: SYNC_MSG.keyReused });
    expect(await stateOf(a.acc.tenantId)).toBe(before);
  });

  it('a malformed key: 400 with the French message, nothing written', async () => {
    const s = await newShop();
    const { e } = await published(s);
    const before = await stateOf(s.acc.tenantId);
    for (const key of ['', 'court', 'a'.repeat(129), 'clé avec espaces']) {
      const r = await withKey(s, e.id, key);
      expect(r.status, key).toBe(400);
      expect(r.body).toEqual({ code: 400, message: SYNC_MSG.badKey });
    }
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });
});
