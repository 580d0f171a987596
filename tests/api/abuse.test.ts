// Abuse findings of a probe of the running product, each through the real stack (every one of these failed on
// the code before the fix): the marketplace filled by one seller and emptied by a lapsed one, a
// seller unpublishing, a peer holding the users
// right taking over an account by moving its e-mail, a user who cannot be disabled, an e-mail
// change that left sessions alive, and two GET rows that skipped the lapsed-subscription gate.
import { describe, expect, it } from 'vitest';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { call, get, lastMailTo, post, rawDdb, sha256, tableName, testIp, uniqueEmail, viaCloudFront } from '../helpers/api';
import { normalizeVille } from '../../shared/schemas/ecommerce';
import { ECOM_MSG } from '../../shared/messages/ecommerce';
import { UTILISATEUR_MSG } from '../../shared/messages/utilisateurs';
import { VITRINE_PER_SELLER } from '../../functions/ecommerce/routes';
import { smallPng, uploadImage } from '../helpers/images';
import { newShop, ok, produit, stateOf, userWith, type Shop } from './shop-fixtures';
import { daysFromNow } from './payment-fixtures';

async function setSub(s: Shop, fields: Record<string, unknown>) {
  const names = Object.keys(fields);
  await rawDdb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: `ENT#${s.acc.tenantId}`, SK: 'SUBSCRIPTION' },
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
    }),
  );
}

const ecomBody = (p: { id: number; nom: string }, ville: string, images: string[]) => ({
  id: 0,
  id_produit: p.id,
  produit: `${p.nom} fermier`,
  prix_unitaire: 3500,
  type_produit: 'poulet',
  currency: 'XOF',
  images,
  pays: 'Senegal',
  code_pays: 'sn',
  ville,
  adresse: 'Quartier Escale',
  description: 'Poulet de chair, 2 kg',
});

async function publish(s: Shop, ville = 'Thiès', stock = 50) {
  const p = await produit(s, stock, 3000, `Poulet${Math.floor(Math.random() * 1e6)}`);
  const img = await uploadImage(s.acc.token, await smallPng(), 'p.png', 'image/png');
  const e = await ok(s.post('/api/produit/addToEcom', ecomBody(p, ville, [img.body.img])));
  await ok(s.post('/api/produit/publierEcom', { id: e.id }));
  return e;
}

/** `n` published products of one seller written straight into the storefront index (fast set-up). */
async function flood(s: Shop, n: number, ville: string): Promise<{ PK: string; SK: string }[]> {
  const t = s.acc.tenantId;
  const pad = (x: number) => String(x).padStart(10, '0');
  const keys: { PK: string; SK: string }[] = [];
  const items = Array.from({ length: n }, (_, i) => {
    const id = 1000 + i;
    const key = { PK: `ENT#${t}`, SK: `ECOMP#${pad(id)}` };
    keys.push(key);
    return {
      ...key,
      type: 'PRODUIT_ECOM',
      tenantId: t,
      id,
      id_produit: 1,
      code_produit: `P${id}`,
      type_produit: 'poulet',
      nom_produit: `Promo ${i}`,
      prix_unitaire: 100,
      description: 'promo',
      ville,
      adresse: 'x',
      images: [],
      etat: 'ACTIVE',
      currency: 'XOF',
      pays: 'Senegal',
      code_pays: 'sn',
      created_at: new Date().toISOString(),
      GSI1PK: 'VITRINE',
      GSI1SK: `${normalizeVille(ville)}#poulet#${pad(t)}#${pad(id)}`,
    };
  });
  for (let i = 0; i < items.length; i += 25) {
    await rawDdb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
  return keys;
}

async function unflood(keys: { PK: string; SK: string }[]) {
  for (let i = 0; i < keys.length; i += 25) {
    await rawDdb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })) } }));
  }
}

describe('the marketplace page', () => {
  it('one seller cannot fill it, a lapsed seller cannot empty it, and a seller may unpublish', async () => {
    const spammer = await newShop();
    await setSub(spammer, { plan: 'ent', valid_until: daysFromNow(30), trial: false });
    const farm = await newShop();
    // The page is the whole marketplace, which the worker's other files fill too: with their
    // products in Dakar or Mbour (before "thies" in the index), the farm's could fall past the first
    // 100 and this test failed for reasons of its own order. "0 Thiès" sorts right after the
    // spammer's town and before every real one.
    const mine = await publish(farm, '0 Thiès');
    // "0 Promo" sorts before every real city: before the fix these 250 filled the first page.
    const keys = await flood(spammer, 250, '0 Promo');
    try {
      let page = (await ok<any[]>(get('/api/vitrine/produits'))) as { id: number; id_entreprise: number }[];
      expect(page.filter((p) => p.id_entreprise === spammer.acc.tenantId).length).toBe(VITRINE_PER_SELLER);
      expect(page.some((p) => p.id_entreprise === farm.acc.tenantId && p.id === mine.id)).toBe(true);

      // The spammer lapses: its 250 products stay in the index, the page reads past them.
      await setSub(spammer, { valid_until: daysFromNow(-40) });
      page = await ok<any[]>(get('/api/vitrine/produits'));
      expect(page.some((p) => p.id_entreprise === spammer.acc.tenantId)).toBe(false);
      expect(page.some((p) => p.id_entreprise === farm.acc.tenantId && p.id === mine.id)).toBe(true);
      // The city filter reads the same way.
      const inCity = await ok<any[]>(get(`/api/vitrine/produits?ville=${encodeURIComponent('0 Promo')}`));
      expect(inCity).toEqual([]);
    } finally {
      await unflood(keys);
    }

    // Unpublishing takes the product off the page and frees its place in the plan's count.
    const off = await ok(farm.post('/api/produit/depublierEcom', { id: mine.id }));
    expect(off.etat).toBe('INACTIVE');
    const page = await ok<any[]>(get('/api/vitrine/produits'));
    expect(page.some((p) => p.id_entreprise === farm.acc.tenantId && p.id === mine.id)).toBe(false);
    const again = await farm.post('/api/produit/depublierEcom', { id: mine.id });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ECOM_MSG.notPublished);
    expect((await get(`/api/vitrine/entreprise/${farm.acc.tenantId}`)).body.produits).toEqual([]);
    await ok(farm.post('/api/produit/publierEcom', { id: mine.id }));
    expect((await ok<any[]>(farm.get('/api/produit/getEcomProductByEntreprise'))).find((p) => p.id === mine.id).etat).toBe('ACTIVE');
  });

  it('pages through a busy town: every seller is reached, each product once, in key order', async () => {
    // Before « apres », a town with more products than one page showed the same first sellers
    // (by id) to every buyer, and a newer seller's products were never seen.
    const ville = `Kaffrine ${Math.floor(Math.random() * 1e6)}`;
    const sellers = [await newShop(), await newShop(), await newShop()];
    const keys = (await Promise.all(sellers.map((s) => flood(s, 12, ville)))).flat();
    try {
      const seen: string[] = [];
      let last: { id: number; id_entreprise: number } | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const qs = `ville=${encodeURIComponent(ville)}&limite=10${last ? `&apres=${last.id_entreprise}.${last.id}` : ''}`;
        const page = await ok<{ id: number; id_entreprise: number }[]>(get(`/api/vitrine/produits?${qs}`));
        seen.push(...page.map((p) => `${p.id_entreprise}.${p.id}`));
        if (page.length < 10) break;
        last = page[page.length - 1];
      }
      const all = sellers.flatMap((s) => Array.from({ length: 12 }, (_, i) => `${s.acc.tenantId}.${1000 + i}`));
      expect(seen).toEqual(all); // tenants and ids ascending, as the index holds them
      // One default page keeps the per-seller cap: 10 of each.
      const one = await ok<{ id_entreprise: number }[]>(get(`/api/vitrine/produits?ville=${encodeURIComponent(ville)}`));
      expect(sellers.map((s) => one.filter((p) => p.id_entreprise === s.acc.tenantId).length)).toEqual([10, 10, 10]);
      // A cursor from another town under this town's filter is an empty page, not an error.
      const farm = await newShop();
      const elsewhere = await publish(farm, 'Mbour');
      expect(await ok<any[]>(get(`/api/vitrine/produits?ville=${encodeURIComponent(ville)}&apres=${farm.acc.tenantId}.${elsewhere.id}`))).toEqual([]);
    } finally {
      await unflood(keys);
    }
    // A cursor naming no product, or malformed, and page sizes out of 1..100: a French 400.
    for (const qs of ['apres=999999999.1', 'apres=1', 'apres=a.b', 'limite=0', 'limite=101', 'limite=2.5']) {
      const r = await get(`/api/vitrine/produits?${qs}`);
      expect(r.status, qs).toBe(400);
      expect(r.body.message, qs).toMatch(/invalide|introuvable/);
    }
  });
});

describe('users', () => {
  const peerBody = (u: any, overrides: Record<string, unknown> = {}) => ({
    id: u.id,
    prenom: u.prenom,
    nom: u.nom,
    telephone: u.telephone ?? '771112233',
    email: u.email,
    role: u.role,
    droit: u.user_foncts.map((f: any) => ({ code_fonct: f.code_fonct, droit: f.droit })),
    ...overrides,
  });

  it('a staff user holding the users right cannot move a peer to another e-mail (no takeover by recovery)', async () => {
    const owner = await newShop();
    const staff = await userWith(owner.acc, { userId: 50, role: 'production', droits: { utav: 'r', bandav: 'r' } });
    const peer = await userWith(owner.acc, { userId: 51, role: 'production', droits: { bandav: 'r' } });
    const u = (await ok(staff.get('/api/user/51'))).user;
    const before = await stateOf(owner.acc.tenantId);
    const r = await staff.post('/api/user/updateUser', peerBody(u, { email: uniqueEmail('attacker') }));
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(UTILISATEUR_MSG.emailAdminOnly);
    expect(await stateOf(owner.acc.tenantId)).toBe(before);
    // The peer's session is untouched; the staff user may still edit the peer's other fields.
    expect((await peer.get('/api/checkToken')).status).toBe(200);
    expect((await staff.post('/api/user/updateUser', peerBody(u, { prenom: 'Ibou' }))).status).toBe(200);
  });

  it("an e-mail change by an administrator ends the user's sessions and tells the old address", async () => {
    const owner = await newShop();
    const peer = await userWith(owner.acc, { userId: 52, role: 'production', droits: { bandav: 'r' } });
    const u = (await ok(owner.get('/api/user/52'))).user;
    const next = uniqueEmail('moved');
    expect((await owner.post('/api/user/updateUser', peerBody(u, { email: next }))).status).toBe(200);
    expect((await peer.get('/api/checkToken')).status).toBe(401);
    const mail = lastMailTo(u.email);
    expect(mail?.subject).toBe(UTILISATEUR_MSG.emailChangedMail(next).subject);
    expect(mail?.text).toContain(next);
    // The owner's own session goes on.
    expect((await owner.get('/api/checkToken')).status).toBe(200);
    // Changing one's own address keeps the session that did it.
    const self = (await ok(owner.get(`/api/user/${owner.acc.user.id}`))).user;
    const mine = uniqueEmail('self');
    expect((await owner.post('/api/user/updateUser', peerBody(self, { email: mine }))).status).toBe(200);
    expect((await owner.get('/api/checkToken')).status).toBe(200);
  });

  it('an administrator can disable a user: sessions end, login is refused, enabling restores it; never oneself', async () => {
    const owner = await newShop();
    const peer = await userWith(owner.acc, { userId: 53, role: 'vendeur', droits: { ventav: 'r' } });
    const u = (await ok(owner.get('/api/user/53'))).user;
    expect(u.actif).toBe(true);
    const off = await owner.post('/api/user/updateUser', peerBody(u, { actif: false }));
    expect(off.status).toBe(200);
    expect(off.body.user.actif).toBe(false);
    expect((await peer.get('/api/checkToken')).status).toBe(401);
    expect((await post('/api/login', { username: u.email, password: sha256('secret123') })).status).toBe(401);
    expect((await ok<any[]>(owner.get('/api/user'))).find((x) => x.id === 53).actif).toBe(false);
    expect((await owner.post('/api/user/updateUser', peerBody(u, { actif: true }))).status).toBe(200);
    expect((await post('/api/login', { username: u.email, password: sha256('secret123') })).status).toBe(200);

    const self = (await ok(owner.get(`/api/user/${owner.acc.user.id}`))).user;
    const r = await owner.post('/api/user/updateUser', peerBody(self, { actif: false }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(UTILISATEUR_MSG.disableSelf);
  });
});

describe('a lapsed business', () => {
  it('cannot mark an online order delivered (stock) or paid through their GET rows; nothing written', async () => {
    const farm = await newShop();
    const e = await publish(farm, 'Kaolack');
    const placed = await call(
      'POST',
      '/api/vitrine/commande',
      { id_entreprise: farm.acc.tenantId, id_produit: e.id, prenom: 'A', nom: 'B', telephone: '771234567', adresse: 'x', quantite: 2 },
      { headers: viaCloudFront(testIp()) },
    );
    expect(placed.status).toBe(200);
    const [order] = await ok<any[]>(farm.get('/api/produit/onlineCommande'));
    await setSub(farm, { valid_until: daysFromNow(-30) });
    const before = await stateOf(farm.acc.tenantId);
    expect((await farm.get(`/api/produit/marquerCommeLivrer/${order.id}`)).status).toBe(424);
    expect((await farm.get(`/api/produit/marquerCommePayer/${order.id}`)).status).toBe(424);
    expect(await stateOf(farm.acc.tenantId)).toBe(before);
    // Undoing stays open: the order can still be cancelled.
    expect((await farm.get(`/api/produit/cancelOnlineCommande/${order.id}`)).status).toBe(200);
  });
});
