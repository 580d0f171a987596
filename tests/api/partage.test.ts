// Shared documents through the real stack (docs/partage.md): each of the five
// documents shared and opened signed out (the page's figures are the API's), the WhatsApp message
// and wa.me address, the reminder recorded with a statement, rights (403) and isolation (404),
// refusals writing nothing, tampered tokens (404), expired and revoked links (410, revoked at
// once), the page's headers (no script, cache bounded by the link's life) and the list of links.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { get, rawDdb, tableName, tenantSnapshot, testIp, viaCloudFront } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';
import { FORBIDDEN, boutique, client, creanceOf, newShop, ok, produit, userWith, type Shop } from './shop-fixtures';
import { formatFcfa } from '@shared/format';
import { formatJour, todayFor } from '@shared/dates';
import { PAGE_CSP } from '@shared/partage-page';
import { PARTAGE_GARDE_JOURS } from '../../functions/partage/repository';
import { TABLE } from '@shared/table';

/** The public page as a phone gets it: no token, no cookie, its own client address. */
async function open(url: string) {
  const res = await fetch(url, { headers: viaCloudFront(testIp()) });
  const html = await res.text();
  const text = html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { status: res.status, html, text, headers: res.headers };
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const tokenOf = (url: string) => url.slice(url.indexOf('/p/') + 3);

/** A credit sale of two lines (one discounted by 12,5 %) to a client with a phone. */
async function creditSale(s: Shop) {
  await boutique(s);
  const c = await client(s, { telephone: '775550000' });
  const poulet = await produit(s, 10, 3000, 'Poulet fermier');
  const oeuf = await produit(s, 100, 100, 'Oeuf');
  const v = await ok(
    s.post('/api/vente', {
      produits: [
        { id_produit: poulet.id, quantite: 2, type_remise: 'POURCENTAGE', valeur_remise: 12.5 },
        { id_produit: oeuf.id, quantite: 10 },
      ],
      type: 'EMPRUNT',
      id_client: c.id,
    }),
  );
  return { c, v, poulet, oeuf };
}

describe('POST api/partage and the public page', () => {
  it('shares a credit sale receipt: link, wa.me to the client, message with amount and balance; the page shows lines, discount, total and what is left', async () => {
    const s = await newShop();
    const { c, v } = await creditSale(s);
    expect(v.total).toBe(2 * 2625 + 1000);
    const r = await ok(s.post('/api/partage', { type: 'recu_vente', id: v.id_transaction }));
    expect(r.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    // The token names neither the business nor the document.
    expect(tokenOf(r.url)).not.toContain(String(v.id_transaction).padStart(6, '0'));
    const days = (Date.parse(r.expire_le) - Date.parse(r.cree_le)) / 86_400_000;
    expect(days).toBe(30);
    const reste = await creanceOf(s, c.id);
    expect(reste).toBe(v.total);
    const numero = `V-${String(v.id_transaction).padStart(6, '0')}`;
    expect(r.message).toBe(
      [
        `Ferme Test : votre reçu de vente ${numero}`,
        `Montant : ${formatFcfa(v.total)}`,
        `Reste à payer : ${formatFcfa(reste)}`,
        `À consulter ici : ${r.url}`,
      ].join('\n'),
    );
    expect(r.whatsapp).toBe(`https://wa.me/221775550000?text=${encodeURIComponent(r.message)}`);
    expect(r).toMatchObject({ type: 'recu_vente', id_document: v.id_transaction, revoque_le: null, cree_par: { nom: 'moussa ndiaye' } });

    const p = await open(r.url);
    expect(p.status).toBe(200);
    expect(p.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(p.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(p.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    expect(p.html).toMatch(/^<!doctype html><html lang="fr">/);
    expect(p.html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(p.html).not.toMatch(/<script|<a |href=|<form|<img/i);
    for (const want of [
      'Ferme Test',
      'Reçu de vente',
      `N° ${numero}`,
      'Client : Fatou Sow',
      'Paiement : À crédit',
      'Poulet fermier',
      'Remise 12,5 % · prix 3 000 FCFA',
      formatFcfa(2625),
      formatFcfa(5250),
      `Total : ${formatFcfa(v.total)}`,
      `Reste à payer après cette vente : ${formatFcfa(reste)}`,
      'État au ',
    ])
      expect(p.text).toContain(want);
  });

  it('shows the receipt live: a cancelled line is marked « annulée » and leaves the total; the balance after the sale stays what it was then', async () => {
    const s = await newShop();
    const { v } = await creditSale(s);
    const r = await ok(s.post('/api/partage', { type: 'recu_vente', id: v.id_transaction }));
    await ok(s.post('/api/vente/annulerVente', { id_vente: v.ventes[1].id }));
    const p = await open(r.url);
    expect(p.text).toContain('Oeuf (annulée)');
    expect(p.text).toContain(`Total : ${formatFcfa(5250)}`);
    expect(p.text).toContain(`Reste à payer après cette vente : ${formatFcfa(v.total)}`);
  });

  it('shares a cash sale without a client: wa.me without a number, no balance', async () => {
    const s = await newShop();
    await boutique(s);
    const pr = await produit(s, 5, 1500, 'Poulet');
    const v = await ok(s.post('/api/vente', { produits: [{ id_produit: pr.id, quantite: 1, type_remise: 'MONTANT', valeur_remise: 500 }], type: 'DIRECT' }));
    const r = await ok(s.post('/api/partage', { type: 'recu_vente', id: v.id_transaction, jours: 2 }));
    expect(r.whatsapp.startsWith('https://wa.me/?text=')).toBe(true);
    expect(r.message).not.toContain('Reste à payer');
    expect(Math.round((Date.parse(r.expire_le) - Date.parse(r.cree_le)) / 86_400_000)).toBe(2);
    const p = await open(r.url);
    expect(p.text).toContain('Remise 500 FCFA');
    expect(p.text).toContain(`Total : ${formatFcfa(1000)}`);
    expect(p.text).not.toContain('Reste à payer');
  });

  it('shares a repayment receipt, an order invoice and a batch report with their figures', async () => {
    const s = await newShop();
    const { c, v } = await creditSale(s);
    const vers = await ok(s.post('/api/versement', { id_client: c.id, montant: 2000 }));
    const rv = await ok(s.post('/api/partage', { type: 'recu_versement', id: vers.versement.id }));
    expect(rv.message).toContain(`Montant : ${formatFcfa(2000)}`);
    expect(rv.message).toContain(`Reste à payer : ${formatFcfa(v.total - 2000)}`);
    const pv = await open(rv.url);
    expect(pv.status).toBe(200);
    expect(pv.text).toContain('Reçu de remboursement');
    expect(pv.text).toContain(`Montant reçu : ${formatFcfa(2000)}`);
    expect(pv.text).toContain(`Reste à payer : ${formatFcfa(v.total - 2000)}`);

    const pr = await produit(s, 10, 1000, 'Poule');
    const cmd = await ok(
      s.post('/api/commande/addCommande', { id_client: c.id, produits: [{ id_produit: pr.id, quantite: 3 }], accompte: 500, date_livraison: inDays(5) }),
    );
    const rc = await ok(s.post('/api/partage', { type: 'facture_commande', id: cmd.id }));
    expect(rc.message).toContain(`votre facture ${cmd.numero_commande}`);
    expect(rc.message).toContain(`Montant : ${formatFcfa(3000)}`);
    expect(rc.message).toContain(`Reste à payer : ${formatFcfa(2500)}`);
    const pc = await open(rc.url);
    expect(pc.text).toContain(`N° ${cmd.numero_commande}`);
    expect(pc.text).toContain(`Acompte versé ${formatFcfa(500)}`);
    expect(pc.text).toContain(`Reste à payer : ${formatFcfa(2500)}`);
    expect(pc.text).toContain(`Livraison : prévue le ${formatJour(inDays(5))}`);

    const b = await ok(s.post('/api/bande/create', { nom: 'Bande Tabaski', nb_sujet: 200, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }));
    await ok(s.post('/api/bande/depense', { depense: { id_type_depense: 2, designation: 'Poussins', prix_unitaire: 750, quantite: 200 }, id_bande: b.id }));
    const rb = await ok(s.post('/api/partage', { type: 'rapport_bande', id: b.id }));
    expect(rb.message).toBe(`Ferme Test : votre rapport de bande Bande Tabaski\nÀ consulter ici : ${rb.url}`);
    expect(rb.whatsapp.startsWith('https://wa.me/?text=')).toBe(true);
    const detail = await ok(s.get(`/api/bande/${b.id}`));
    const pb = await open(rb.url);
    expect(pb.text).toContain('Rapport de bande');
    expect(pb.text).toContain('Bande Tabaski');
    expect(pb.text).toContain(`Sujets ${detail.nb_sujet}`);
    expect(pb.text).toContain(`Dépenses ${formatFcfa(150000)}`);
    expect(pb.text).toContain(`Bénéfice ${formatFcfa(-150000)}`);
  });

  it('shares a statement as a reminder: recorded on the client (when, by whom); the page shows opening, movements and closing = the debt', async () => {
    const s = await newShop();
    const { c, v } = await creditSale(s);
    await ok(s.post('/api/versement', { id_client: c.id, montant: 1000 }));
    const jour = todayFor();
    const r = await ok(s.post('/api/partage', { type: 'releve_client', id: c.id, debut: pastDay('01-01'), fin: jour, relance: true }));
    const dette = await creanceOf(s, c.id);
    expect(dette).toBe(v.total - 1000);
    expect(r.message).toContain(`votre relevé de compte du ${formatJour(pastDay('01-01'))} au ${formatJour(jour)}`);
    expect(r.message).toContain(`Reste à payer : ${formatFcfa(dette)}`);
    const clients = await ok<any[]>(s.get('/api/clients'));
    const after = clients.find((x) => x.id === c.id);
    expect(after.derniere_relance).toEqual({ le: r.cree_le, par: { id: s.acc.user.id, nom: 'moussa ndiaye' } });
    const p = await open(r.url);
    expect(p.text).toContain('Relevé de compte');
    expect(p.text).toContain(`(ouverture) : ${formatFcfa(0)}`);
    expect(p.text).toContain(`(clôture) : ${formatFcfa(dette)}`);
    expect(p.text).toContain(`Remboursements ${formatFcfa(1000)}`);
  });
});

describe('weight', () => {
  it('each page weighs a few KB gzipped and ships no script (figures printed for docs/partage.md)', async () => {
    const s = await newShop();
    const { c, v } = await creditSale(s);
    const vers = await ok(s.post('/api/versement', { id_client: c.id, montant: 1000 }));
    const pr = await produit(s, 10, 1000, 'Poule');
    const cmd = await ok(
      s.post('/api/commande/addCommande', { id_client: c.id, produits: [{ id_produit: pr.id, quantite: 3 }], accompte: 500, date_livraison: inDays(5) }),
    );
    const b = await ok(s.post('/api/bande/create', { nom: 'Bande Tabaski', nb_sujet: 200, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }));
    const docs: Record<string, unknown>[] = [
      { type: 'recu_vente', id: v.id_transaction },
      { type: 'recu_versement', id: vers.versement.id },
      { type: 'facture_commande', id: cmd.id },
      { type: 'rapport_bande', id: b.id },
      { type: 'releve_client', id: c.id, debut: pastDay('01-01'), fin: todayFor() },
    ];
    const sizes: Record<string, { octets: number; gzip: number }> = {};
    for (const d of docs) {
      const r = await ok(s.post('/api/partage', d));
      const p = await open(r.url);
      expect(p.status).toBe(200);
      sizes[String(d.type)] = { octets: Buffer.byteLength(p.html), gzip: gzipSync(p.html).length };
      expect(sizes[String(d.type)].gzip).toBeLessThan(4096);
    }
    console.log('[partage] page weight (bytes, gzip):', JSON.stringify(sizes));
  });
});

describe('refusals', () => {
  it("answers 404 for another business's document, and writes nothing", async () => {
    const a = await newShop();
    const b = await newShop();
    const { c, v } = await creditSale(b);
    const before = await tenantSnapshot(a.acc.tenantId);
    for (const body of [
      { type: 'recu_vente', id: v.id_transaction },
      { type: 'releve_client', id: c.id, debut: pastDay('01-01'), fin: todayFor(), relance: true },
      { type: 'facture_commande', id: 1 },
      { type: 'recu_versement', id: 1 },
      { type: 'rapport_bande', id: 1 },
    ]) {
      const r = await a.post('/api/partage', body);
      expect(r.status, JSON.stringify(body)).toBe(404);
    }
    // Nor does the list of a document's links say anything of another business's document.
    for (const [type, id] of [
      ['recu_vente', v.id_transaction],
      ['releve_client', c.id],
    ] as const) {
      const r = await a.get(`/api/partage?type=${type}&id=${id}`);
      expect(r.status, `${type} ${id}`).toBe(404);
    }
    expect(await tenantSnapshot(a.acc.tenantId)).toBe(before);
  });

  it('answers 403 without the right of the document, 400 on bad input, writing nothing', async () => {
    const s = await newShop();
    const { c, v } = await creditSale(s);
    const vendeur = await userWith(s.acc, { userId: 50, role: 'vendeur', droits: { ventav: 'r' } });
    const before = await tenantSnapshot(s.acc.tenantId);
    expect((await vendeur.post('/api/partage', { type: 'releve_client', id: c.id, debut: pastDay('01-01'), fin: todayFor() })).body).toEqual(FORBIDDEN);
    expect((await vendeur.post('/api/partage', { type: 'rapport_bande', id: 1 })).status).toBe(403);
    const bad = await s.post('/api/partage', { type: 'releve_client', id: c.id, debut: pastDay('01-01'), fin: inDays(1) });
    expect(bad.body).toEqual({ code: 400, message: 'La fin du relevé ne peut pas être dans le futur.' });
    expect((await s.post('/api/partage', { type: 'recu_vente', id: v.id_transaction, relance: true })).status).toBe(400);
    expect((await s.post('/api/partage', { type: 'recu_vente', id: v.id_transaction, jours: 91 })).status).toBe(400);
    expect(await tenantSnapshot(s.acc.tenantId)).toBe(before);
    // The vendeur holds ventav: a sale's receipt is theirs to share.
    expect((await vendeur.post('/api/partage', { type: 'recu_vente', id: v.id_transaction })).status).toBe(200);
  });

  it("a vendeur tied to a shop shares only that shop's sales", async () => {
    const s = await newShop();
    const { v } = await creditSale(s);
    // The plan allows one shop: the vendeur is tied to another shop id than the sale's.
    const ailleurs = await userWith(s.acc, { userId: 51, role: 'vendeur', droits: { ventav: 'r' }, idBoutique: v.ventes[0].boutique.id + 1 });
    expect((await ailleurs.post('/api/partage', { type: 'recu_vente', id: v.id_transaction })).status).toBe(404);
    const ici = await userWith(s.acc, { userId: 53, role: 'vendeur', droits: { ventav: 'r' }, idBoutique: v.ventes[0].boutique.id });
    const r = await ok(ici.post('/api/partage', { type: 'recu_vente', id: v.id_transaction }));
    // Nor list or revoke that sale's links: they would open it.
    expect((await ailleurs.get(`/api/partage?type=recu_vente&id=${v.id_transaction}`)).status).toBe(404);
    expect((await ailleurs.post('/api/partage/revoquer', { id: r.id })).status).toBe(404);
    expect(await ok<any[]>(ici.get(`/api/partage?type=recu_vente&id=${v.id_transaction}`))).toHaveLength(1);
  });
});

describe('tampered, expired and revoked links', () => {
  it('answers the 404 page to a changed character, another link’s signature, a made-up token', async () => {
    const s = await newShop();
    const { v } = await creditSale(s);
    const r1 = await ok(s.post('/api/partage', { type: 'recu_vente', id: v.id_transaction }));
    const r2 = await ok(s.post('/api/partage', { type: 'recu_vente', id: v.id_transaction }));
    const other = await newShop();
    const { v: ov } = await creditSale(other);
    const r3 = await ok(other.post('/api/partage', { type: 'recu_vente', id: ov.id_transaction }));
    const [id1, sig1] = tokenOf(r1.url).split('.');
    const [, sig2] = tokenOf(r2.url).split('.');
    const [id3] = tokenOf(r3.url).split('.');
    const flip = (t: string, i: number) => t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1);
    const base = r1.url.slice(0, r1.url.indexOf('/p/') + 3);
    for (const bad of [`${flip(id1, 3)}.${sig1}`, `${id1}.${flip(sig1, 5)}`, `${id1}.${sig2}`, `${id3}.${sig1}`, `${id1}`, 'abc', `${id1}.${sig1}.x`]) {
      const p = await open(base + bad);
      expect(p.status, bad).toBe(404);
      expect(p.headers.get('cache-control')).toBe('no-store');
      expect(p.text).toContain('Lien introuvable');
      expect(p.text).not.toContain('Ferme Test');
    }
    expect((await open(r1.url)).status).toBe(200);
  });

  it('revokes at once (410 « retiré par »), idempotently, by url or id; another business gets 404; the list shows it', async () => {
    const s = await newShop();
    const { v } = await creditSale(s);
    const r = await ok(s.post('/api/partage', { type: 'recu_vente', id: v.id_transaction }));
    const keep = await ok(s.post('/api/partage', { type: 'recu_vente', id: v.id_transaction }));
    expect((await open(r.url)).status).toBe(200);
    const other = await newShop();
    expect((await other.post('/api/partage/revoquer', { url: r.url })).status).toBe(404);
    expect((await other.post('/api/partage/revoquer', { id: r.id })).status).toBe(404);
    const bandesOnly = await userWith(s.acc, { userId: 52, role: 'production', droits: { bandav: 'r' } });
    expect((await bandesOnly.post('/api/partage/revoquer', { id: r.id })).body).toEqual(FORBIDDEN);
    const rev = await ok(s.post('/api/partage/revoquer', { url: r.url }));
    expect(rev.revoque_le).toBeTruthy();
    const p = await open(r.url);
    expect(p.status).toBe(410);
    expect(p.headers.get('cache-control')).toBe('no-store');
    expect(p.text).toContain('Ce lien a été retiré par moussa ndiaye');
    const again = await ok(s.post('/api/partage/revoquer', { id: r.id }));
    expect(again.revoque_le).toBe(rev.revoque_le);
    expect((await open(keep.url)).status).toBe(200);
    const list = await ok<any[]>(s.get(`/api/partage?type=recu_vente&id=${v.id_transaction}`));
    expect(list.map((x) => [x.id, x.url, !!x.revoque_le])).toEqual([
      [keep.id, keep.url, false],
      [r.id, r.url, true],
    ]);
    expect((await other.get(`/api/partage?type=recu_vente&id=${v.id_transaction}`)).status).toBe(404);
    expect((await bandesOnly.get(`/api/partage?type=recu_vente&id=${v.id_transaction}`)).status).toBe(403);
    expect((await s.post('/api/partage/revoquer', { url: `${r.url.slice(0, -2)}xx` })).status).toBe(404);
  });

  it('answers 410 « expiré » once the stored expiry has passed', async () => {
    const s = await newShop();
    const { v } = await creditSale(s);
    const r = await ok(s.post('/api/partage', { type: 'recu_vente', id: v.id_transaction, jours: 1 }));
    // The expiry is stored on the link: moved into the past straight in the table, as time would.
    const past = new Date(Date.now() - 60_000).toISOString();
    await rawDdb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          PK: `PARTAGE#${r.id}`,
          SK: 'LINK',
          entity: 'PARTAGE',
          id: r.id,
          tenantId: s.acc.tenantId,
          type: 'recu_vente',
          id_document: v.id_transaction,
          cree_le: r.cree_le,
          expire_le: past,
          cree_par: r.cree_par,
          [TABLE.ttlAttribute]: Math.floor(Date.parse(past) / 1000) + PARTAGE_GARDE_JOURS * 86_400,
        },
      }),
    );
    const p = await open(r.url);
    expect(p.status).toBe(410);
    expect(p.text).toContain('Ce lien a expiré');
    expect(p.text).toContain(`expiré le ${formatJour(past)}`);
    expect(p.text).not.toContain('Poulet');
  });

  it('the page needs no session and is the same signed in or out; the API rows need one', async () => {
    const s = await newShop();
    const { v } = await creditSale(s);
    expect((await get('/api/partage?type=recu_vente&id=1')).status).toBe(401);
    const r = await ok(s.post('/api/partage', { type: 'recu_vente', id: v.id_transaction }));
    const res = await fetch(r.url, { headers: { ...viaCloudFront(testIp()), authorization: `Bearer ${s.acc.token}` } });
    expect(res.status).toBe(200);
  });
});
