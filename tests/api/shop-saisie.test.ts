// What the shop takes as typed through the real stack: an order's
// delivery date from today to a year ahead, the outbox's `saisi_le` on sales and repayments (the
// created_at rule), and the storefront's cap at the linked product's stock.
import { describe, expect, it } from 'vitest';
import { call, testIp, viaCloudFront } from '../helpers/api';
import { smallPng, uploadImage } from '../helpers/images';
import { boutique, client, newShop, ok, produit, stateOf, type Shop } from './shop-fixtures';

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const today = () => inDays(0);
/** The same day next year (29 February → 28 February). */
function inOneYear(): string {
  const [y, m, d] = today().split('-').map(Number);
  const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  return `${y + 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
const fr = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

describe('order delivery date: from today to a year ahead', () => {
  it('accepts today and the same day next year; refuses yesterday and the day after, writing nothing', async () => {
    const s = await newShop();
    const c = await client(s);
    const p = await produit(s, 10, 1000);
    const body = (date_livraison: string, extra: Record<string, unknown> = {}) => ({
      id_client: c.id,
      produits: [{ id_produit: p.id, quantite: 1 }],
      accompte: 0,
      date_livraison,
      ...extra,
    });
    const before = await stateOf(s.acc.tenantId);
    const past = await s.post('/api/commande/addCommande', body(inDays(-1)));
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('La date de livraison ne peut pas être dans le passé.');
    const next = new Date(Date.parse(`${inOneYear()}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    const far = await s.post('/api/commande/addCommande', body(next));
    expect(far.status).toBe(400);
    expect(far.body.message).toBe(`La date de livraison ne peut pas dépasser le ${fr(inOneYear())} (un an au plus).`);
    // fixed date: a delivery long past, refused whatever today is
    expect((await s.post('/api/commande/addCommande', body('1950-01-01'))).status).toBe(400);
    expect(await stateOf(s.acc.tenantId)).toBe(before);
    await ok(s.post('/api/commande/addCommande', body(today())));
    const o = await ok(s.post('/api/commande/addCommande', body(inOneYear())));

    // An edit that moves the date is checked again; one that keeps it is not.
    const moved = await s.post('/api/commande/addCommande', body(inDays(-3), { id: o.id }));
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('La date de livraison ne peut pas être dans le passé.');
    await ok(s.post('/api/commande/addCommande', body(inOneYear(), { id: o.id, accompte: 500 })));
  });
});

describe('saisi_le: a sale or a repayment typed offline keeps its time', () => {
  it('takes saisi_le as created_at within [now − 31 days, now + 5 min], else now — never a refusal', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 100, 1000);
    const c = await client(s);
    const typed = new Date(Date.now() - 3 * DAY - 3_600_000).toISOString();
    const sale = await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'EMPRUNT', id_client: c.id, saisi_le: typed }));
    expect(sale.ventes[0].created_at).toBe(typed);
    expect(sale.ventes[0].date).toBe(typed.slice(0, 10));
    // It is in that day's history and turnover, not today's.
    const thatDay = typed.slice(0, 10);
    const h = await ok(s.post('/api/vente/boutique', { debut: thatDay, fin: thatDay }));
    expect(h.ventes.map((v: any) => [v.id, v.date])).toEqual([[sale.ventes[0].id, thatDay]]);
    expect(h.chiffre_affaire).toBe(1000);
    expect((await ok(s.post('/api/vente/boutique', { debut: today(), fin: today() }))).ventes).toEqual([]);
    expect((await ok(s.get(`/api/dashboard/periode/${thatDay}/${thatDay}`))).ventes_boutique).toBe(1000);

    const v = await ok(s.post('/api/versement', { id_client: c.id, montant: 400, saisi_le: typed }));
    expect(v.versement.created_at).toBe(typed);
    expect(v.versement.date).toBe(typed.slice(0, 10));

    // Implausible or malformed: the server's now (no refusal).
    for (const saisi_le of [
      new Date(Date.now() - 40 * DAY).toISOString(),
      new Date(Date.now() + 3_600_000).toISOString(),
      '2026-02-30T10:00:00Z',
      'hier',
      12,
      null,
      { a: 1 },
    ]) {
      const t0 = Date.now();
      const r = await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], saisi_le }));
      const at = Date.parse(r.ventes[0].created_at);
      expect(at, JSON.stringify(saisi_le)).toBeGreaterThanOrEqual(t0 - 2_000);
      expect(at).toBeLessThanOrEqual(Date.now() + 2_000);
    }
    const late = await ok(s.post('/api/versement', { id_client: c.id, montant: 100, saisi_le: new Date(Date.now() - 32 * DAY).toISOString() }));
    expect(Date.parse(late.versement.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });
});

async function published(s: Shop, stock: number) {
  const p = await produit(s, stock, 3000, 'Poulet');
  const img = await uploadImage(s.acc.token, await smallPng(), 'p.png', 'image/png');
  const e = await ok(
    s.post('/api/produit/addToEcom', {
      id: 0,
      id_produit: p.id,
      produit: 'Poulet fermier',
      prix_unitaire: 3500,
      type_produit: 'poulet',
      images: [img.body.img],
      ville: 'Thiès',
      adresse: 'Escale',
      description: 'Poulet de chair',
    }),
  );
  await ok(s.post('/api/produit/publierEcom', { id: e.id }));
  return { p, e };
}

const order = (s: Shop, id_produit: number, quantite: number) =>
  call(
    'POST',
    '/api/vitrine/commande',
    { id_entreprise: s.acc.tenantId, id_produit, prenom: 'Awa', nom: 'Ndiaye', telephone: '771234567', adresse: 'Mbour', quantite },
    { headers: viaCloudFront(testIp()) },
  );

describe('storefront: an order is capped at the linked product’s stock', () => {
  it('refuses 500 units with 73 in stock in French, accepts 73, and the storefront shows what is available', async () => {
    const s = await newShop();
    const { p, e } = await published(s, 73);
    const vendeur = await call('GET', `/api/vitrine/entreprise/${s.acc.tenantId}`);
    expect(vendeur.body.produits.find((x: any) => x.id === e.id).disponible).toBe(73);
    const market = await call('GET', '/api/vitrine/produits?ville=Thiès');
    expect(market.body.find((x: any) => x.id === e.id && x.id_entreprise === s.acc.tenantId).disponible).toBe(73);
    const before = await ok<any[]>(s.get('/api/produit/onlineCommande'));
    const r = await order(s, e.id, 500);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Il ne reste que 73 unités de Poulet fermier disponibles.');
    expect(await ok<any[]>(s.get('/api/produit/onlineCommande'))).toEqual(before);
    expect((await order(s, e.id, 74)).status).toBe(400);
    expect((await order(s, e.id, 73)).status).toBe(200);
    // A shop sale takes stock: the cap follows it.
    await boutique(s);
    await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 70 }] }));
    const after = await order(s, e.id, 4);
    expect(after.body.message).toBe('Il ne reste que 3 unités de Poulet fermier disponibles.');
  });
});
