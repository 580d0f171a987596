// Abuse findings of a probe of the running product, each through the real stack (every one of these failed on
// the code before the fix): the marketplace filled by one seller and emptied by lapsed ones, a
// seller unpublishing, a peer holding the users
// right taking over an account by moving its e-mail, a user who cannot be disabled, an e-mail
// change that left sessions alive, and two GET rows that skipped the lapsed-subscription gate.
import { describe, expect, it } from 'vitest';
import { call, get, lastMailTo, post, sha256, testIp, uniqueEmail, viaCloudFront } from '../helpers/api';
import { normalizeVille } from '@shared/schemas/ecommerce';
import { NOMS_VILLES } from '@shared/villes';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import { UTILISATEUR_MSG } from '@shared/messages/utilisateurs';
import { VITRINE_PER_SELLER } from '../../functions/ecommerce/routes';
import { smallPng, uploadImage } from '../helpers/images';
import { newShop, ok, produit, stateOf, userWith, type Shop } from './shop-fixtures';
import { daysFromNow, patchSubscription } from './payment-fixtures';
import { operatorOn, removeOffres, writeOffres } from './vitrine-fixtures';

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

/** `n` published products of one seller in `ville`, written straight into the table (fast set-up). */
const flood = (s: Shop, n: number, ville: string) =>
  writeOffres(
    s.acc.tenantId,
    Array.from({ length: n }, (_, i) => ({ id: 1000 + i, ville, id_produit: 1, nom_produit: `Promo ${i}`, prix_unitaire: 100, description: 'promo' })),
  );

describe('the marketplace page', () => {
  type Card = { id: number; id_entreprise: number; suite?: boolean };
  const key = (p: Card) => `${p.id_entreprise}.${p.id}`;
  /** Every page of a search, following « suite » from each page's last card. */
  async function allPages(qs: string): Promise<Card[][]> {
    const pages: Card[][] = [];
    let last: Card | undefined;
    for (let n = 0; n < 200; n++) {
      const page = await ok<Card[]>(get(`/api/vitrine/produits?${[qs, last ? `apres=${key(last)}` : ''].filter(Boolean).join('&')}`));
      pages.push(page);
      last = page[page.length - 1];
      if (!last?.suite) break;
    }
    return pages;
  }

  it('one seller publishing 35 products over 26 towns takes at most its share of any page; the others stay on the first', async () => {
    // Before: the page read the index town by town within a budget of queries, each of the
    // seller's towns cost one, and its 10 products were the whole front page.
    const spammer = await newShop();
    await patchSubscription(spammer.acc.tenantId, { plan: 'ent', valid_until: daysFromNow(30), trial: false });
    const farm = await newShop();
    const mine = await publish(farm, 'Ziguinchor');
    const p = await produit(spammer, 500, 3000, 'Poulet promo');
    const img = (await uploadImage(spammer.acc.token, await smallPng(), 'p.png', 'image/png')).body.img;
    const towns = NOMS_VILLES.slice(0, 26);
    const spam: string[] = [];
    for (let i = 0; i < 35; i++) {
      const e = await ok(spammer.post('/api/produit/addToEcom', { ...ecomBody(p, towns[i % towns.length], [img]), publier: true }));
      spam.push(`${spammer.acc.tenantId}.${e.id}`);
    }
    const pages = await allPages('');
    const first = pages[0];
    const share = first.filter((c) => c.id_entreprise === spammer.acc.tenantId).length;
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThanOrEqual(VITRINE_PER_SELLER);
    // Every seller's first product comes before any seller's second (a test run has fewer sellers in force than a page holds).
    expect(first.some((c) => key(c) === `${farm.acc.tenantId}.${mine.id}`)).toBe(true);
    for (const page of pages) expect(page.filter((c) => c.id_entreprise === spammer.acc.tenantId).length).toBeLessThanOrEqual(VITRINE_PER_SELLER);
    // « Voir plus » reaches every one of its products, each once, though no page is full of them.
    const seen = pages.flat().map(key);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((k) => spam.includes(k)).sort()).toEqual([...spam].sort());
    // A town filter: the same share.
    const dakar = await ok<Card[]>(get(`/api/vitrine/produits?ville=Dakar&limite=100`));
    expect(dakar.filter((c) => c.id_entreprise === spammer.acc.tenantId).length).toBe(2);
  });

  it('four lapsed trial sellers cannot empty it: they leave at once, a suspended one too, and come back when in force again', async () => {
    const trials = [await newShop(), await newShop(), await newShop(), await newShop()];
    // Their trials end in a few seconds (set before they publish: the town indexes hold the end
    // date each publication read; the lapse itself writes nothing).
    // The four publish side by side (12 s is thrice what their 20 publications take on a loaded machine).
    const end = Date.now() + 12_000;
    for (const s of trials) await patchSubscription(s.acc.tenantId, { valid_until: new Date(end).toISOString(), trial: true });
    // Their 20 products over 20 towns sorting before the farm's: before, skipping each cost one query of the budget.
    const towns = [...NOMS_VILLES].sort((a, b) => normalizeVille(a).localeCompare(normalizeVille(b))).slice(0, 20);
    const theirs = (
      await Promise.all(
        trials.map(async (s, i) => {
          const keys: string[] = [];
          for (let j = 0; j < 5; j++) keys.push(`${s.acc.tenantId}.${(await publish(s, towns[i * 5 + j])).id}`);
          return keys;
        }),
      )
    ).flat();
    const farm = await newShop();
    const mine = `${farm.acc.tenantId}.${(await publish(farm, 'Ziguinchor')).id}`;
    const front = async () => (await ok<Card[]>(get('/api/vitrine/produits'))).map(key);
    expect(Date.now(), 'published before their end date').toBeLessThan(end);
    expect((await front()).filter((k) => theirs.includes(k)).length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now() + 200)));
    let page = await front();
    expect(page.filter((k) => theirs.includes(k))).toEqual([]);
    expect(page).toContain(mine);
    for (const town of towns.slice(0, 3)) {
      expect((await ok<Card[]>(get(`/api/vitrine/produits?ville=${encodeURIComponent(town)}`))).map(key).filter((k) => theirs.includes(k))).toEqual([]);
    }
    // One is extended (a new end date, as a payment gives): back on the next request; suspended by the operator: gone at once.
    await operatorOn(trials[0], 'prolonger', { plan: 'db1', nb_jours: 30 });
    page = await front();
    const back = page.filter((k) => k.startsWith(`${trials[0].acc.tenantId}.`)).length;
    expect(back).toBeGreaterThan(0);
    expect(back).toBeLessThanOrEqual(VITRINE_PER_SELLER);
    await operatorOn(trials[0], 'suspendre');
    expect((await front()).filter((k) => theirs.includes(k))).toEqual([]);
    await operatorOn(trials[0], 'reactiver');
    expect((await front()).some((k) => k.startsWith(`${trials[0].acc.tenantId}.`))).toBe(true);
  }, 120_000);

  it('a seller may unpublish: its product leaves the page and the place in its plan is freed', async () => {
    const farm = await newShop();
    const mine = await publish(farm, 'Kolda');
    const inKolda = async () =>
      (await ok<Card[]>(get('/api/vitrine/produits?ville=Kolda'))).some((p) => p.id_entreprise === farm.acc.tenantId && p.id === mine.id);
    expect(await inKolda()).toBe(true);
    const off = await ok(farm.post('/api/produit/depublierEcom', { id: mine.id }));
    expect(off.etat).toBe('INACTIVE');
    expect(await inKolda()).toBe(false);
    const again = await farm.post('/api/produit/depublierEcom', { id: mine.id });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ECOM_MSG.notPublished);
    expect((await get(`/api/vitrine/entreprise/${farm.acc.tenantId}`)).body.produits).toEqual([]);
    await ok(farm.post('/api/produit/publierEcom', { id: mine.id }));
    expect((await ok<any[]>(farm.get('/api/produit/getEcomProductByEntreprise'))).find((p) => p.id === mine.id).etat).toBe('ACTIVE');
  });

  it('pages through a busy town: every product once, rounds of sellers, a short page still offering the next', async () => {
    // Before « apres », a town with more products than one page showed the same first sellers
    // (by id) to every buyer, and a newer seller's products were never seen.
    const ville = 'Kédougou';
    const sellers = [await newShop(), await newShop(), await newShop()];
    const keys = (await Promise.all(sellers.map((s) => flood(s, 12, ville)))).flat();
    try {
      const pages = await allPages(`ville=${encodeURIComponent(ville)}&limite=10`);
      const seen = pages.flat().map(key);
      expect(new Set(seen).size).toBe(seen.length);
      const all = sellers.flatMap((s) => Array.from({ length: 12 }, (_, i) => `${s.acc.tenantId}.${1000 + i}`));
      expect(seen.filter((k) => all.includes(k)).sort()).toEqual([...all].sort());
      for (const page of pages) {
        expect(page.length).toBeLessThanOrEqual(10);
        for (const s of sellers) expect(page.filter((p) => p.id_entreprise === s.acc.tenantId).length).toBeLessThanOrEqual(VITRINE_PER_SELLER);
      }
      // One default page: each seller's share, and the next page offered though the page is far from full.
      const one = await ok<Card[]>(get(`/api/vitrine/produits?ville=${encodeURIComponent(ville)}`));
      expect(sellers.map((s) => one.filter((p) => p.id_entreprise === s.acc.tenantId).length)).toEqual([4, 4, 4]);
      expect(one.length).toBeLessThan(100);
      expect(one[one.length - 1].suite).toBe(true);
    } finally {
      await removeOffres(keys, [ville]);
    }
    // A cursor on no page of the search, or malformed, and page sizes out of 1..100: a French 400.
    for (const qs of ['apres=999999999.1', 'apres=1', 'apres=a.b', 'limite=0', 'limite=101', 'limite=2.5', 'ville=0%20Promo']) {
      const r = await get(`/api/vitrine/produits?${qs}`);
      expect(r.status, qs).toBe(400);
      expect(r.body.message, qs).toMatch(/invalide|introuvable|liste/);
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
    await patchSubscription(farm.acc.tenantId, { valid_until: daysFromNow(-30) });
    const before = await stateOf(farm.acc.tenantId);
    expect((await farm.get(`/api/produit/marquerCommeLivrer/${order.id}`)).status).toBe(424);
    expect((await farm.get(`/api/produit/marquerCommePayer/${order.id}`)).status).toBe(424);
    expect(await stateOf(farm.acc.tenantId)).toBe(before);
    // Undoing stays open: the order can still be cancelled.
    expect((await farm.get(`/api/produit/cancelOnlineCommande/${order.id}`)).status).toBe(200);
  });
});
