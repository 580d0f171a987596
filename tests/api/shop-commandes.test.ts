// Customer orders through the real stack: server-side prices, deposit rules, numbering, lines
// edited until delivery, delivery taking the stock and adding the balance to the creance
// atomically (also under parallel deliveries), rights and tenant isolation.
import { describe, expect, it } from 'vitest';
import { FORBIDDEN, client, creanceOf, newShop, ok, produit, stateOf, stockOf, userWith, type Shop } from './shop-fixtures';

// Delivery dates lie from today to a year ahead: the tests take days relative to today.
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const LIVRAISON = inDays(30);
const LIVRAISON_2 = inDays(31);
const LIVRAISON_3 = inDays(37);

async function setup(s: Shop) {
  const c = await client(s, { telephone: '775550000', email: 'fatou@x.sn' });
  const poulet = await produit(s, 10, 3000, 'Poulet');
  const oeuf = await produit(s, 100, 100, 'Oeuf');
  return { c, poulet, oeuf };
}

/** An order of one chicken and ten eggs (setup's products) with this deposit. */
const twoLines = (s: Shop, { c, poulet, oeuf }: Awaited<ReturnType<typeof setup>>, accompte: number) =>
  ok(
    s.post('/api/commande/addCommande', {
      id_client: c.id,
      produits: [
        { id_produit: poulet.id, quantite: 1 },
        { id_produit: oeuf.id, quantite: 10 },
      ],
      accompte,
      date_livraison: LIVRAISON,
    }),
  );

describe('POST api/commande/addCommande', () => {
  it('prices the lines from prix_vente, numbers the order and answers it with its client', async () => {
    const s = await newShop();
    const { c, poulet, oeuf } = await setup(s);
    const o = await ok(
      s.post('/api/commande/addCommande', {
        id: 0,
        id_client: c.id,
        produits: [
          { id_produit: poulet.id, produit: 'Poulet', quantite: 2, prix_unitaire: 1 },
          { id_produit: oeuf.id, produit: 'Oeuf', quantite: 30, prix_unitaire: 1 },
        ],
        accompte: 2000,
        date_livraison: LIVRAISON,
      }),
    );
    expect(o).toMatchObject({
      numero_commande: 'CMD-000001',
      montant_total: 9000,
      accompte: 2000,
      etat_paiement: 'PENDING',
      etat_livraison: 'PENDING',
      date_livraison: LIVRAISON,
      delivered_at: null,
      client: { id: c.id, prenom: 'Fatou', nom: 'Sow', telephone: '+221775550000', indicatif: '+221', email: 'fatou@x.sn' },
    });
    expect(o.produits).toEqual([
      { id_produit: poulet.id, produit: 'Poulet', quantite: 2, prix_unitaire: 3000, total: 6000 },
      { id_produit: oeuf.id, produit: 'Oeuf', quantite: 30, prix_unitaire: 100, total: 3000 },
    ]);
    // Creating an order moves no stock.
    expect(await stockOf(s, poulet.id)).toBe(10);
    const second = await ok(
      s.post('/api/commande/addCommande', { id_client: c.id, produits: [{ id_produit: oeuf.id, quantite: 1 }], accompte: 100, date_livraison: LIVRAISON_2 }),
    );
    expect(second).toMatchObject({ numero_commande: 'CMD-000002', etat_paiement: 'PAYED' });
    const list = await ok<any[]>(s.get('/api/commande'));
    expect(list.map((x) => x.numero_commande)).toEqual(['CMD-000002', 'CMD-000001']);
    expect(list[1].client).toMatchObject({ prenom: 'Fatou', nom: 'Sow' });
    expect(await ok(s.get('/api/commande/CMD-000001'))).toEqual(o);
  });

  it('keeps the last quantity of a product listed twice, and updates an order not yet delivered', async () => {
    const s = await newShop();
    const { c, poulet } = await setup(s);
    const o = await ok(
      s.post('/api/commande/addCommande', {
        id: 0,
        id_client: c.id,
        produits: [
          { id_produit: poulet.id, quantite: 2 },
          { id_produit: poulet.id, quantite: 5 },
        ],
        accompte: 0,
        date_livraison: LIVRAISON,
      }),
    );
    expect(o.produits).toEqual([{ id_produit: poulet.id, produit: 'Poulet', quantite: 5, prix_unitaire: 3000, total: 15000 }]);
    const u = await ok(
      s.post('/api/commande/addCommande', {
        id: o.id,
        id_client: c.id,
        produits: [{ id_produit: poulet.id, quantite: 1 }],
        accompte: 3000,
        date_livraison: LIVRAISON_3,
      }),
    );
    expect(u).toMatchObject({
      id: o.id,
      numero_commande: o.numero_commande,
      montant_total: 3000,
      etat_paiement: 'PAYED',
      date_livraison: LIVRAISON_3,
      created_at: o.created_at,
    });
    expect(await ok<any[]>(s.get('/api/commande'))).toHaveLength(1);
  });

  it('refuses a deposit above the total, a negative deposit, no line, no date or a quantity below 1, and writes nothing', async () => {
    const s = await newShop();
    const { c, poulet } = await setup(s);
    const base = { id: 0, id_client: c.id, produits: [{ id_produit: poulet.id, quantite: 1 }], accompte: 0, date_livraison: LIVRAISON };
    const before = await stateOf(s.acc.tenantId);
    const cases: [Record<string, unknown>, string][] = [
      [{ accompte: 3001 }, "L'acompte ne peut pas dépasser le montant total de la commande."],
      [{ accompte: -1 }, "L'acompte doit être positif ou nul"],
      [{ produits: [] }, 'Ajoutez au moins un produit.'],
      [{ date_livraison: undefined }, 'Date requise'],
      // fixed date: dd/mm/yyyy, refused for its form whatever today is
      [{ date_livraison: '24/12/2026' }, 'Date invalide'],
      [{ produits: [{ id_produit: poulet.id, quantite: 0 }] }, 'La quantité doit être au moins 1'],
      [{ id_client: undefined }, 'Veuillez choisir le client.'],
    ];
    for (const [patch, message] of cases) {
      const r = await s.post('/api/commande/addCommande', { ...base, ...patch });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toContain(message);
    }
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it("answers 404 for another business's client, product or order", async () => {
    const a = await newShop();
    const b = await newShop();
    const mine = await setup(a);
    await client(b);
    await produit(b, 1, 1, 'x');
    await produit(b, 1, 1, 'y');
    const theirClient = await client(b, { prenom: 'Autre' }); // id 2
    const theirProduit = await produit(b, 5, 100, 'Leur'); // id 3
    const theirs = await ok(
      b.post('/api/commande/addCommande', {
        id_client: theirClient.id,
        produits: [{ id_produit: theirProduit.id, quantite: 1 }],
        accompte: 0,
        date_livraison: LIVRAISON,
      }),
    );
    const body = { id_client: mine.c.id, produits: [{ id_produit: mine.poulet.id, quantite: 1 }], accompte: 0, date_livraison: LIVRAISON };
    expect((await a.post('/api/commande/addCommande', { ...body, id_client: theirClient.id })).status).toBe(404);
    expect((await a.post('/api/commande/addCommande', { ...body, produits: [{ id_produit: theirProduit.id, quantite: 1 }] })).status).toBe(404);
    expect((await a.post('/api/commande/addCommande', { ...body, id: theirs.id })).status).toBe(404);
    expect((await a.get(`/api/commande/${theirs.numero_commande}`)).status).toBe(404);
    expect((await a.post('/api/commande/toDeliver', { id_commande: theirs.id })).status).toBe(404);
    expect(
      (await a.post('/api/commande/addProduitToCommande', { id_commande: theirs.id, id_produit: mine.poulet.id, nom: 'Poulet', quantite: 1 })).status,
    ).toBe(404);
    expect((await a.post('/api/commande/deleteProduitFromCommande', { id_commande: theirs.id, nom: 'Leur' })).status).toBe(404);
    expect(await ok(b.get(`/api/commande/${theirs.numero_commande}`))).toEqual(theirs);
    expect(await ok<any[]>(a.get('/api/commande'))).toEqual([]);
  });
});

describe('order lines', () => {
  it('adds a product (by id or by name), replaces the quantity of a listed one, removes lines but never the last', async () => {
    const s = await newShop();
    const { c, poulet, oeuf } = await setup(s);
    const o = await ok(
      s.post('/api/commande/addCommande', { id_client: c.id, produits: [{ id_produit: poulet.id, quantite: 1 }], accompte: 1000, date_livraison: LIVRAISON }),
    );
    let u = await ok(s.post('/api/commande/addProduitToCommande', { id_commande: o.id, nom: ' oeuf ', quantite: 10, prix_unitaire: 1 }));
    expect(u.produits.map((l: any) => [l.produit, l.quantite, l.total])).toEqual([
      ['Poulet', 1, 3000],
      ['Oeuf', 10, 1000],
    ]);
    expect(u.montant_total).toBe(4000);
    u = await ok(s.post('/api/commande/addProduitToCommande', { id_commande: o.id, id_produit: poulet.id, nom: 'Poulet', quantite: 3 }));
    expect(u.produits.map((l: any) => [l.produit, l.quantite])).toEqual([
      ['Poulet', 3],
      ['Oeuf', 10],
    ]);
    expect(u.montant_total).toBe(10000);
    u = await ok(s.post('/api/commande/deleteProduitFromCommande', { id_commande: o.id, nom: 'Oeuf', quantite: 10, prix_unitaire: 100 }));
    expect(u.produits.map((l: any) => l.produit)).toEqual(['Poulet']);
    expect(u.montant_total).toBe(9000);
    const before = await stateOf(s.acc.tenantId);
    const last = await s.post('/api/commande/deleteProduitFromCommande', { id_commande: o.id, id_produit: poulet.id, nom: 'Poulet' });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe('Une commande doit contenir au moins un produit.');
    const absent = await s.post('/api/commande/deleteProduitFromCommande', { id_commande: o.id, id_produit: oeuf.id, nom: 'Oeuf' });
    expect(absent.status).toBe(400);
    expect(absent.body.message).toBe('Ce produit ne figure pas dans la commande.');
    const unknown = await s.post('/api/commande/addProduitToCommande', { id_commande: o.id, nom: 'Dinde', quantite: 1 });
    expect(unknown.status).toBe(404);
    const zero = await s.post('/api/commande/addProduitToCommande', { id_commande: o.id, id_produit: oeuf.id, quantite: 0 });
    expect(zero.status).toBe(400);
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  // Two lines changed at once (two phones): each change is made on the order as the other left it,
  // never refused with « La commande a été modifiée entre-temps » when nothing forbids it; the whole
  // order's form sent on a stale reading is still refused (it would erase the other change).
  it('lines added and removed at once all land; a whole form that loses a race is refused, not written over', async () => {
    const s = await newShop();
    const { c, poulet, oeuf } = await setup(s);
    const extra = await Promise.all([1, 2, 3, 4].map((i) => produit(s, 50, 500 * i, `Aliment ${i}`)));
    const o = await twoLines(s, { c, poulet, oeuf }, 0);
    const answers = await Promise.all([
      ...extra.map((p, i) => s.post('/api/commande/addProduitToCommande', { id_commande: o.id, id_produit: p.id, quantite: i + 1 })),
      s.post('/api/commande/deleteProduitFromCommande', { id_commande: o.id, id_produit: oeuf.id }),
    ]);
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const now = await ok(s.get(`/api/commande/${o.numero_commande}`));
    expect(now.produits.map((l: any) => [l.id_produit, l.quantite]).sort((a: number[], b: number[]) => a[0] - b[0])).toEqual(
      [[poulet.id, 1], ...extra.map((p, i) => [p.id, i + 1])].sort((a, b) => a[0] - b[0]),
    );
    expect(now.montant_total).toBe(3000 + extra.reduce((t, p, i) => t + p.prix_vente * (i + 1), 0));
    // Two whole forms at once: a form that lost the race is refused, never written over the other
    // (which one loses, if one does, depends on timing); the order is the one form that was written last.
    const forms = await Promise.all(
      [2, 3].map((q) =>
        s.post('/api/commande/addCommande', {
          id: o.id,
          id_client: c.id,
          produits: [{ id_produit: poulet.id, quantite: q }],
          accompte: 0,
          date_livraison: LIVRAISON,
        }),
      ),
    );
    for (const r of forms)
      if (r.status !== 200) expect([r.status, r.body.message]).toEqual([409, 'La commande a été modifiée entre-temps, veuillez réessayer.']);
    const last = await ok(s.get(`/api/commande/${o.numero_commande}`));
    expect(last.produits).toHaveLength(1);
    const written = forms.flatMap((r, i) => (r.status === 200 ? [[2, 3][i]] : []));
    expect(written).toContain(last.produits[0].quantite);
  });

  it('refuses to shrink the order below its deposit', async () => {
    const s = await newShop();
    const { c, poulet, oeuf } = await setup(s);
    const o = await twoLines(s, { c, poulet, oeuf }, 3500);
    const r = await s.post('/api/commande/deleteProduitFromCommande', { id_commande: o.id, id_produit: oeuf.id });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("L'acompte ne peut pas dépasser le montant total de la commande.");
    expect((await ok(s.get(`/api/commande/${o.numero_commande}`))).produits).toHaveLength(2);
  });
});

describe('POST api/commande/toDeliver', () => {
  it('takes the stock, adds the unpaid balance to the creance, and locks the order', async () => {
    const s = await newShop();
    const { c, poulet, oeuf } = await setup(s);
    const o = await ok(
      s.post('/api/commande/addCommande', {
        id_client: c.id,
        produits: [
          { id_produit: poulet.id, quantite: 2 },
          { id_produit: oeuf.id, quantite: 30 },
        ],
        accompte: 2000,
        date_livraison: LIVRAISON,
      }),
    );
    const d = await ok(s.post('/api/commande/toDeliver', { id_commande: o.id }));
    expect(d).toMatchObject({ etat_livraison: 'DELIVERED', etat_paiement: 'PENDING', montant_total: 9000 });
    expect(d.delivered_at).toBeTruthy();
    expect(await stockOf(s, poulet.id)).toBe(8);
    expect(await stockOf(s, oeuf.id)).toBe(70);
    expect(await creanceOf(s, c.id)).toBe(7000);
    const before = await stateOf(s.acc.tenantId);
    for (const [path, body] of [
      ['/api/commande/toDeliver', { id_commande: o.id }],
      ['/api/commande/addProduitToCommande', { id_commande: o.id, id_produit: oeuf.id, quantite: 1 }],
      ['/api/commande/deleteProduitFromCommande', { id_commande: o.id, id_produit: oeuf.id }],
      ['/api/commande/addCommande', { id: o.id, id_client: c.id, produits: [{ id_produit: oeuf.id, quantite: 1 }], accompte: 0, date_livraison: LIVRAISON }],
    ] as const) {
      const r = await s.post(path, body);
      expect(r.status, path).toBe(400);
      expect(r.body.message).toBe('Cette commande est déjà livrée.');
    }
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it('adds nothing to the creance when the deposit paid it all', async () => {
    const s = await newShop();
    const { c, poulet } = await setup(s);
    const o = await ok(
      s.post('/api/commande/addCommande', { id_client: c.id, produits: [{ id_produit: poulet.id, quantite: 1 }], accompte: 3000, date_livraison: LIVRAISON }),
    );
    expect((await ok(s.post('/api/commande/toDeliver', { id_commande: o.id }))).etat_paiement).toBe('PAYED');
    expect(await creanceOf(s, c.id)).toBe(0);
  });

  it('refuses a delivery the stock cannot cover, with the stock message, and changes nothing', async () => {
    const s = await newShop();
    const { c, poulet, oeuf } = await setup(s);
    const o = await ok(
      s.post('/api/commande/addCommande', {
        id_client: c.id,
        produits: [
          { id_produit: oeuf.id, quantite: 5 },
          { id_produit: poulet.id, quantite: 11 },
        ],
        accompte: 0,
        date_livraison: LIVRAISON,
      }),
    );
    const before = await stateOf(s.acc.tenantId);
    const r = await s.post('/api/commande/toDeliver', { id_commande: o.id });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("Il n'y a que 10 Poulet disponible");
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it('delivers an order once under parallel deliveries, and never sells the same stock twice', async () => {
    const s = await newShop();
    const { c, poulet } = await setup(s);
    const o = await ok(
      s.post('/api/commande/addCommande', { id_client: c.id, produits: [{ id_produit: poulet.id, quantite: 4 }], accompte: 1000, date_livraison: LIVRAISON }),
    );
    const same = await Promise.all(Array.from({ length: 10 }, () => s.post('/api/commande/toDeliver', { id_commande: o.id })));
    expect(same.filter((r) => r.status === 200)).toHaveLength(1);
    expect(same.every((r) => r.status === 200 || (r.status === 400 && r.body.message === 'Cette commande est déjà livrée.'))).toBe(true);
    expect(await stockOf(s, poulet.id)).toBe(6);
    expect(await creanceOf(s, c.id)).toBe(11000);
    // Three orders of 4 for the 6 left: only one can be delivered.
    const orders = await Promise.all(
      [1, 2, 3].map(() =>
        ok(
          s.post('/api/commande/addCommande', { id_client: c.id, produits: [{ id_produit: poulet.id, quantite: 4 }], accompte: 0, date_livraison: LIVRAISON }),
        ),
      ),
    );
    const results = await Promise.all(orders.map((x) => s.post('/api/commande/toDeliver', { id_commande: x.id })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(await stockOf(s, poulet.id)).toBe(2);
    expect(await creanceOf(s, c.id)).toBe(23000);
  });
});

describe('GET api/commande/{id}', () => {
  it('reads by number or id, and answers 404 for an unknown number', async () => {
    const s = await newShop();
    const { c, poulet } = await setup(s);
    const o = await ok(
      s.post('/api/commande/addCommande', { id_client: c.id, produits: [{ id_produit: poulet.id, quantite: 1 }], accompte: 0, date_livraison: LIVRAISON }),
    );
    expect((await ok(s.get('/api/commande/cmd-000001'))).id).toBe(o.id);
    expect((await ok(s.get(`/api/commande/${o.id}`))).numero_commande).toBe('CMD-000001');
    expect((await s.get('/api/commande/CMD-000999')).status).toBe(404);
    const bad = await s.get('/api/commande/n%27importe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Numéro de commande invalide');
  });

  it('answers 403 on every order row without the commav right', async () => {
    const s = await newShop();
    const { c, poulet } = await setup(s);
    const u = await userWith(s.acc, { userId: 80, role: 'vendeur', droits: { ventav: 'r', clav: 'r', prav: 'r' } });
    expect((await u.get('/api/commande')).body).toEqual(FORBIDDEN);
    expect((await u.get('/api/commande/CMD-000001')).status).toBe(403);
    expect(
      (
        await u.post('/api/commande/addCommande', {
          id_client: c.id,
          produits: [{ id_produit: poulet.id, quantite: 1 }],
          accompte: 0,
          date_livraison: LIVRAISON,
        })
      ).status,
    ).toBe(403);
    expect((await u.post('/api/commande/addProduitToCommande', { id_commande: 1, id_produit: poulet.id, quantite: 1 })).status).toBe(403);
    expect((await u.post('/api/commande/deleteProduitFromCommande', { id_commande: 1, id_produit: poulet.id })).status).toBe(403);
    expect((await u.post('/api/commande/toDeliver', { id_commande: 1 })).status).toBe(403);
    expect(await ok<any[]>(s.get('/api/commande'))).toEqual([]);
  });
});
