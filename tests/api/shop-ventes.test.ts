// Shop sales through the real stack: stock taken atomically (50 parallel sales of 10 units),
// discounts, DIRECT / DON / EMPRUNT, the shop of the seller, the history by dates with its
// turnover, cancellation (stock back, the credit taken off the creance, refused rather than floored
// when the client has repaid part of it), and a sale counted in a batch.
import { describe, expect, it } from 'vitest';
import { pastDay } from '../helpers/test-dates';
import { FORBIDDEN, boutique, client, creanceOf, newShop, ok, produit, stateOf, stockOf, userWith, withoutShops } from './shop-fixtures';

const today = () => new Date().toISOString().slice(0, 10);

describe('POST api/vente', () => {
  it('records a DIRECT sale under the first shop, takes the stock and answers the lines', async () => {
    const s = await newShop();
    const b = await boutique(s);
    const p = await produit(s, 10, 1500);
    const r = await ok(
      s.post('/api/vente', { id_bande: null, produits: [{ id_produit: p.id, produit: 'Poulet', quantite: 4, prix_unitaire: 1 }], type: 'DIRECT' }),
    );
    expect(r.total).toBe(6000); // the server's price, not the request's
    expect(r.ventes).toHaveLength(1);
    expect(r.ventes[0]).toMatchObject({
      boutique: { id: b.id, nom: 'Boutique Centre' },
      produit: 'Poulet',
      prix_unitaire: 1500,
      quantite: 4,
      total: 6000,
      etat: 'VALID',
      type: 'DIRECT',
    });
    expect(await stockOf(s, p.id)).toBe(6);
  });

  it('merges lines of the same product and takes the stock of every product in one go', async () => {
    const s = await newShop();
    await boutique(s);
    const a = await produit(s, 5, 1000, 'Poulet');
    const o = await produit(s, 30, 100, 'Oeuf');
    const r = await ok(
      s.post('/api/vente', {
        produits: [
          { id_produit: a.id, quantite: 2 },
          { id_produit: o.id, quantite: 12 },
          { id_produit: a.id, quantite: 1 },
          { id_produit: a.id, quantite: 1, type_remise: 'MONTANT', valeur_remise: 100 },
        ],
      }),
    );
    expect(r.ventes.map((v: any) => [v.produit, v.quantite, v.total])).toEqual([
      ['Poulet', 3, 3000],
      ['Oeuf', 12, 1200],
      ['Poulet', 1, 900],
    ]);
    expect(r.total).toBe(5100);
    expect(await stockOf(s, a.id)).toBe(1);
    expect(await stockOf(s, o.id)).toBe(18);
  });

  it('refuses more than the stock with the spec message, and changes nothing (also for the sum of lines)', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 3, 1000, 'Poulet');
    const before = await stateOf(s.acc.tenantId);
    const r = await s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 4 }], type: 'DIRECT' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, message: "Il n'y a que 3 Poulet disponible" });
    const r2 = await s.post('/api/vente', {
      produits: [
        { id_produit: p.id, quantite: 2 },
        { id_produit: p.id, quantite: 2, type_remise: 'POURCENTAGE', valeur_remise: 10 },
      ],
    });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toBe("Il n'y a que 3 Poulet disponible");
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it('applies discounts only above 0, MONTANT below the price, POURCENTAGE below 100, in whole FCFA (unit rounded half up, total = unit × quantity)', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 100, 333);
    const r = await ok(
      s.post('/api/vente', {
        produits: [
          { id_produit: p.id, quantite: 3, type_remise: 'POURCENTAGE', valeur_remise: 10 },
          { id_produit: p.id, quantite: 2, type_remise: 'MONTANT', valeur_remise: 33 },
          { id_produit: p.id, quantite: 1, type_remise: 'MONTANT', valeur_remise: 0 },
        ],
      }),
    );
    // 333 × 90 % = 299.7 → 300; the line is 300 × 3 exactly.
    expect(r.ventes.map((v: any) => [v.prix_unitaire, v.total, v.valeur_remise])).toEqual([
      [300, 900, 10],
      [300, 600, 33],
      [333, 333, 0],
    ]);
    const before = await stateOf(s.acc.tenantId);
    const m = await s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1, type_remise: 'MONTANT', valeur_remise: 333 }] });
    expect(m.status).toBe(400);
    expect(m.body.message).toBe('La remise doit être inférieure au prix unitaire');
    const pc = await s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1, type_remise: 'POURCENTAGE', valeur_remise: 100 }] });
    expect(pc.status).toBe(400);
    expect(pc.body.message).toBe('Le pourcentage de remise doit être inférieur à 100');
    const neg = await s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1, valeur_remise: -5 }] });
    expect(neg.status).toBe(400);
    const frac = await s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1, type_remise: 'MONTANT', valeur_remise: 2.5 }] });
    expect(frac.status).toBe(400);
    expect(frac.body.message).toContain('La remise en montant doit être un nombre entier de FCFA');
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it('rounds a 12.5 % discount half up to the franc: 3 500 → 3 063, and 2 × 3 063 = 6 126', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 10, 3500);
    const r = await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 2, type_remise: 'POURCENTAGE', valeur_remise: 12.5 }] }));
    expect(r.ventes[0]).toMatchObject({ prix_unitaire: 3063, total: 6126 });
    expect(r.total).toBe(6126);
    const h = await ok(s.post('/api/vente/boutique', { debut: today(), fin: today() }));
    expect(h.ventes[0]).toMatchObject({ prix_unitaire: 3063, quantite: 2, total: 6126 });
    expect(h.chiffre_affaire).toBe(6126);
    for (const v of h.ventes) expect(Number.isInteger(v.prix_unitaire) && v.total === v.prix_unitaire * v.quantite).toBe(true);
  });

  it('EMPRUNT needs a client and adds the total to its creance; DON takes stock without turnover', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 20, 2000);
    const c = await client(s);
    const before = await stateOf(s.acc.tenantId);
    const noClient = await s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'EMPRUNT' });
    expect(noClient.status).toBe(400);
    expect(noClient.body.message).toContain('Le client est obligatoire pour une vente à crédit');
    expect(await stateOf(s.acc.tenantId)).toBe(before);
    const e = await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 3 }], type: 'EMPRUNT', id_client: c.id }));
    expect(e.client).toMatchObject({ id: c.id, creance: 6000 });
    expect(e.ventes[0]).toMatchObject({ type: 'EMPRUNT', id_client: c.id, client: { prenom: 'Fatou', nom: 'Sow' } });
    expect(await creanceOf(s, c.id)).toBe(6000);
    await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 2 }], type: 'DON', id_client: c.id }));
    await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'DIRECT' }));
    expect(await stockOf(s, p.id)).toBe(14);
    expect(await creanceOf(s, c.id)).toBe(6000);
    const h = await ok(s.post('/api/vente/boutique', { debut: today(), fin: today() }));
    expect(h.ventes.map((v: any) => v.type)).toEqual(['DIRECT', 'DON', 'EMPRUNT']);
    expect(h.chiffre_affaire).toBe(8000); // EMPRUNT 6000 + DIRECT 2000, the gift excluded
  });

  it('answers 400 asking for a shop when the business has none, and 404 for unknown products or clients', async () => {
    // A business from before shops came with sign-up.
    const s = await withoutShops(await newShop());
    const p = await produit(s, 5);
    const r = await s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }] });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("Aucune boutique n'est enregistrée : veuillez d'abord créer une boutique.");
    await boutique(s);
    expect((await s.post('/api/vente', { produits: [{ id_produit: 9999, quantite: 1 }] })).status).toBe(404);
    expect((await s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'EMPRUNT', id_client: 9999 })).status).toBe(404);
    expect((await s.post('/api/vente', { produits: [] })).status).toBe(400);
    expect(await stockOf(s, p.id)).toBe(5);
  });

  it("answers 404 for another business's product, client or batch, and takes nothing", async () => {
    const a = await newShop();
    const b = await newShop();
    await boutique(a);
    const mine = await produit(a, 5);
    await produit(b, 1, 100, 'Autre');
    const theirs = await produit(b, 5); // id 2: a has no product 2
    const theirClient = await client(b);
    const theirBande = await ok(b.post('/api/bande/create', { id_bande: -1, nom: 'B1', nb_sujet: 100, date_demarage: today(), type: 'chair' }));
    expect((await a.post('/api/vente', { produits: [{ id_produit: theirs.id, quantite: 1 }] })).status).toBe(404);
    expect((await a.post('/api/vente', { produits: [{ id_produit: mine.id, quantite: 1 }], type: 'EMPRUNT', id_client: theirClient.id })).status).toBe(404);
    expect((await a.post('/api/vente', { produits: [{ id_produit: mine.id, quantite: 1 }], id_bande: theirBande.id ?? theirBande.bande?.id })).status).toBe(
      404,
    );
    expect(await stockOf(b, theirs.id)).toBe(5);
    expect(await stockOf(a, mine.id)).toBe(5);
    expect(await creanceOf(b, theirClient.id)).toBe(0);
  });

  it('sells exactly the stock under 50 parallel sales of a product with 10 units left', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 10, 500);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'DIRECT' })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(10);
    expect(statuses.filter((x) => x !== 200).every((x) => x === 400)).toBe(true);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.message).toMatch(/^Il n'y a que \d+ Poulet disponible$/);
    expect(await stockOf(s, p.id)).toBe(0);
    const h = await ok(s.post('/api/vente/boutique', { debut: today(), fin: today() }));
    expect(h.ventes.reduce((n: number, v: any) => n + v.quantite, 0)).toBe(10);
    expect(h.chiffre_affaire).toBe(5000);
  });

  it('records a vendeur’s sale under the vendeur’s shop and shows the vendeur only that shop', async () => {
    const s = await newShop();
    await s.acc; // admin
    const first = await boutique(s, 'Boutique A');
    // db1 allows one shop: move the business to Entreprise to open a second one.
    const { rawDdb, tableName } = await import('../helpers/api');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `ENT#${s.acc.tenantId}`, SK: 'SUBSCRIPTION' },
        UpdateExpression: 'SET #p = :p',
        ExpressionAttributeNames: { '#p': 'plan' },
        ExpressionAttributeValues: { ':p': 'ent' },
      }),
    );
    const second = await boutique(s, 'Boutique B');
    const p = await produit(s, 10);
    const seller = await userWith(s.acc, { userId: 70, role: 'vendeur', droits: { ventav: 'r' }, idBoutique: second.id });
    const sold = await ok(seller.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 2 }] }));
    expect(sold.ventes[0].boutique).toEqual({ id: second.id, nom: 'Boutique B' });
    const adminSale = await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }] }));
    expect(adminSale.ventes[0].boutique).toEqual({ id: first.id, nom: 'Boutique A' });
    const mine = await ok(seller.post('/api/vente/boutique', { debut: today(), fin: today() }));
    expect(mine.ventes.map((v: any) => v.boutique.nom)).toEqual(['Boutique B']);
    const all = await ok(s.post('/api/vente/boutique', { debut: today(), fin: today() }));
    expect(all.ventes.map((v: any) => v.boutique.nom)).toEqual(['Boutique A', 'Boutique B']);
    // A vendeur cannot cancel another shop's line.
    expect((await seller.post('/api/vente/annulerVente', { id_vente: adminSale.ventes[0].id })).status).toBe(404);
    // The shop name shown is the current one.
    await ok(s.post('/api/boutique/update', { id_boutique: second.id, nom: 'Boutique Bis' }));
    expect((await ok(seller.post('/api/vente/boutique', { debut: today(), fin: today() }))).ventes[0].boutique.nom).toBe('Boutique Bis');
  });

  it('answers 403 on the sale rows without the ventav right', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 3);
    const u = await userWith(s.acc, { userId: 71, role: 'vendeur', droits: { prav: 'r', clav: 'r' } });
    expect((await u.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }] })).body).toEqual(FORBIDDEN);
    expect((await u.post('/api/vente/boutique', { debut: today(), fin: today() })).status).toBe(403);
    expect((await u.post('/api/vente/annulerVente', { id_vente: 1 })).status).toBe(403);
    expect(await stockOf(s, p.id)).toBe(3);
  });
});

describe('POST api/vente/boutique', () => {
  it('needs both dates in order, and takes whole days (inclusive)', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 3);
    await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }] }));
    const missing = await s.post('/api/vente/boutique', { debut: today() });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('fin');
    const reversed = await s.post('/api/vente/boutique', { debut: pastDay('12-31'), fin: pastDay('01-01') });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('La date de début doit précéder la date de fin.');
    const yesterday = new Date(Date.now() - 86400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86400_000).toISOString().slice(0, 10);
    expect((await ok(s.post('/api/vente/boutique', { debut: yesterday, fin: tomorrow }))).ventes).toHaveLength(1);
    expect((await ok(s.post('/api/vente/boutique', { debut: yesterday, fin: yesterday }))).ventes).toHaveLength(0);
    expect((await ok(s.post('/api/vente/boutique', { debut: tomorrow, fin: tomorrow }))).chiffre_affaire).toBe(0);
    // Another business sees none of it.
    const other = await newShop();
    expect((await ok(other.post('/api/vente/boutique', { debut: yesterday, fin: tomorrow }))).ventes).toEqual([]);
  });
});

describe('POST api/vente/annulerVente', () => {
  it('gives the stock back, leaves the turnover and cannot be done twice', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 10, 1000);
    const r = await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 4 }] }));
    await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }] }));
    const c = await ok(s.post('/api/vente/annulerVente', { id_vente: r.ventes[0].id }));
    expect(c).toMatchObject({ id: r.ventes[0].id, etat: 'DELETED', boutique: { nom: 'Boutique Centre' } });
    expect(await stockOf(s, p.id)).toBe(9);
    const h = await ok(s.post('/api/vente/boutique', { debut: today(), fin: today() }));
    expect(h.ventes.map((v: any) => v.etat)).toEqual(['VALID', 'DELETED']);
    expect(h.chiffre_affaire).toBe(1000);
    const again = await s.post('/api/vente/annulerVente', { id_vente: r.ventes[0].id });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Cette vente est déjà annulée.');
    expect(await stockOf(s, p.id)).toBe(9);
  });

  it('takes an EMPRUNT back off the creance, and refuses (never floors) when the client has repaid part of it', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 10, 1000);
    const c = await client(s);
    const e1 = await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 3 }], type: 'EMPRUNT', id_client: c.id }));
    const e2 = await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 2 }], type: 'EMPRUNT', id_client: c.id }));
    expect(await creanceOf(s, c.id)).toBe(5000);
    await ok(s.post('/api/vente/annulerVente', { id_vente: e2.ventes[0].id }));
    expect(await creanceOf(s, c.id)).toBe(3000);
    // The client repaid 2500 of the 3000: cancelling the 3000 sale would leave a debt the sales and
    // repayments no longer explain, so it is refused until the repayment is cancelled.
    const v = await ok(s.post('/api/versement', { id_client: c.id, montant: 2500 }));
    const before = await stateOf(s.acc.tenantId);
    const refused = await s.post('/api/vente/annulerVente', { id_vente: e1.ventes[0].id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Ce client a déjà remboursé tout ou partie de cette vente : annulez d'abord le remboursement.");
    expect(await stateOf(s.acc.tenantId)).toBe(before);
    await ok(s.get(`/api/versement/annuler/${v.versement.id}`));
    await ok(s.post('/api/vente/annulerVente', { id_vente: e1.ventes[0].id }));
    expect(await creanceOf(s, c.id)).toBe(0);
    expect(await stockOf(s, p.id)).toBe(10);
  });

  it('cancels each line once under parallel cancellations', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 10, 1000);
    const r = await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 6 }] }));
    const results = await Promise.all(Array.from({ length: 8 }, () => s.post('/api/vente/annulerVente', { id_vente: r.ventes[0].id })));
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    expect(results.filter((x) => x.status === 400)).toHaveLength(7);
    expect(await stockOf(s, p.id)).toBe(10);
  });

  it("answers 404 for another business's sale and leaves it valid", async () => {
    const a = await newShop();
    const b = await newShop();
    await boutique(b);
    const p = await produit(b, 5);
    const r = await ok(b.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }] }));
    const x = await a.post('/api/vente/annulerVente', { id_vente: r.ventes[0].id });
    expect(x.status).toBe(404);
    expect(x.body.message).toBe('Vente introuvable.');
    expect(await stockOf(b, p.id)).toBe(4);
  });
});

describe('a sale naming a batch', () => {
  it("counts in the batch's revenue, a gift at 0, and leaves it when cancelled", async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 50, 3000, 'Poulet vif');
    const created = await ok(s.post('/api/bande/create', { id_bande: -1, nom: 'Bande Nov', nb_sujet: 200, date_demarage: today(), type: 'chair' }));
    const bandeId = created.id ?? created.bande?.id;
    expect(bandeId).toBeGreaterThan(0);
    const sale = await ok(
      s.post('/api/vente', {
        id_bande: bandeId,
        produits: [
          { id_produit: p.id, quantite: 5 },
          { id_produit: p.id, quantite: 1, type_remise: 'MONTANT', valeur_remise: 500 },
        ],
      }),
    );
    expect(sale.ventes.every((v: any) => v.id_bande === bandeId)).toBe(true);
    await ok(s.post('/api/vente', { id_bande: bandeId, produits: [{ id_produit: p.id, quantite: 2 }], type: 'DON' }));
    let detail = await ok(s.get(`/api/bande/${bandeId}`));
    const active = (d: any) => d.ventes.filter((v: any) => v.etat !== 'DELETED');
    expect(active(detail).map((v: any) => [v.quantite, v.prix_total])).toEqual([
      [5, 15000],
      [1, 2500],
      [2, 0],
    ]);
    expect(detail.chiffre_affaire).toBe(17500);
    await ok(s.post('/api/vente/annulerVente', { id_vente: sale.ventes[0].id }));
    detail = await ok(s.get(`/api/bande/${bandeId}`));
    expect(active(detail).map((v: any) => v.prix_total)).toEqual([2500, 0]);
    expect(detail.chiffre_affaire).toBe(2500);
    expect(await stockOf(s, p.id)).toBe(47);
  });

  it("keeps a shop sale's batch entry in step with its shop line: the batch screen can neither edit nor cancel it", async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 10, 3000, 'Poulet vif');
    const created = await ok(s.post('/api/bande/create', { id_bande: -1, nom: 'Bande Déc', nb_sujet: 100, date_demarage: today(), type: 'chair' }));
    const bandeId = created.id ?? created.bande?.id;
    await ok(s.post('/api/vente', { id_bande: bandeId, produits: [{ id_produit: p.id, quantite: 2 }] }));
    const before = await ok(s.get(`/api/bande/${bandeId}`));
    const entry = before.ventes[0];
    expect(entry.id_vente_boutique).toBeGreaterThan(0);
    const edit = await s.post('/api/bande/vente', { id_bande: bandeId, id_vente: entry.id, prix_unitaire: 1, quantite: 1 });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe("Cette vente a été faite en boutique : annulez-la depuis l'historique des ventes.");
    const del = await s.get(`/api/bande/vente/delete/${entry.id}`);
    expect(del.status).toBe(400);
    expect(del.body.message).toMatch(/faite en boutique/);
    const after = await ok(s.get(`/api/bande/${bandeId}`));
    expect(after.chiffre_affaire).toBe(before.chiffre_affaire);
    expect(after.ventes).toEqual(before.ventes);
    expect(await stockOf(s, p.id)).toBe(8);
  });
});
