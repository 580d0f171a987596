// Client debts that add up through the real stack: repayments pay the client's
// delivered orders oldest delivery first (allocation stored on the repayment and on each order, in
// the same transaction, taken back on cancel), an order's payment state follows the money received,
// and the debt invariant — creance = valid credit sales + delivered orders' balances − valid
// repayments, never negative — holds after any order of cancels, also when they run in parallel.
import { describe, expect, it } from 'vitest';
import { boutique, client, creanceOf, newShop, ok, produit, stateOf, type Shop } from './shop-fixtures';

const today = () => new Date().toISOString().slice(0, 10);

/** A delivered order of `montant` FCFA (one product line) with `accompte` paid up front. */
async function deliveredOrder(s: Shop, idClient: number, montant: number, accompte: number) {
  const p = await produit(s, 1, montant, `Commande ${Math.floor(Math.random() * 1e9)}`);
  const o = await ok(
    s.post('/api/commande/addCommande', { id_client: idClient, produits: [{ id_produit: p.id, quantite: 1 }], accompte, date_livraison: today() }),
  );
  await ok(s.post('/api/commande/toDeliver', { id_commande: o.id }));
  return o;
}

async function creditSale(s: Shop, idClient: number, montant: number) {
  const p = await produit(s, 1, montant, `Article ${Math.floor(Math.random() * 1e9)}`);
  return (await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'EMPRUNT', id_client: idClient }))).ventes[0];
}

const commande = (s: Shop, numero: string) => ok(s.get(`/api/commande/${numero}`));

/** The invariant, from what the API shows: valid credit sales + delivered balances − valid repayments. */
async function expectedCreance(s: Shop, idClient: number): Promise<number> {
  // fixed date: a range holding every sale of the test (they are made today, before 2100)
  const lines = (await ok(s.post('/api/vente/boutique', { debut: '2000-01-01', fin: '2100-12-31' }))).ventes;
  const credit = lines
    .filter((v: any) => v.source === 'BOUTIQUE' && v.type === 'EMPRUNT' && v.etat === 'VALID' && v.id_client === idClient)
    .reduce((a: number, v: any) => a + v.total, 0);
  const orders = (await ok<any[]>(s.get('/api/commande'))).filter((o) => o.id_client === idClient && o.etat_livraison === 'DELIVERED');
  const balances = orders.reduce((a, o) => a + o.montant_total - o.accompte, 0);
  const repaid = (await ok<any[]>(s.get('/api/versement'))).filter((v) => v.id_client === idClient && v.etat === 'VALID').reduce((a, v) => a + v.montant, 0);
  return credit + balances - repaid;
}

describe('repayments pay delivered orders, oldest delivery first', () => {
  it('allocates, marks an order paid in full "PAYED", shows what was paid and what remains, and takes it back on cancel', async () => {
    const s = await newShop();
    await boutique(s);
    const c = await client(s);
    const first = await deliveredOrder(s, c.id, 10_000, 4_000); // balance 6 000
    const second = await deliveredOrder(s, c.id, 5_000, 0); // balance 5 000
    await creditSale(s, c.id, 2_000);
    expect(await creanceOf(s, c.id)).toBe(13_000);
    expect(await commande(s, first.numero_commande)).toMatchObject({ etat_paiement: 'PENDING', montant_regle: 0, reste_a_payer: 6_000, reglements: [] });

    const v1 = await ok(s.post('/api/versement', { id_client: c.id, montant: 8_000 }));
    expect(v1.versement.affectations).toEqual([
      { id_commande: first.id, numero_commande: first.numero_commande, montant: 6_000 },
      { id_commande: second.id, numero_commande: second.numero_commande, montant: 2_000 },
    ]);
    const a = await commande(s, first.numero_commande);
    expect(a).toMatchObject({ etat_paiement: 'PAYED', accompte: 4_000, montant_regle: 6_000, reste_a_payer: 0 });
    expect(a.reglements).toEqual([{ id_versement: v1.versement.id, montant: 6_000, created_at: v1.versement.created_at }]);
    expect(await commande(s, second.numero_commande)).toMatchObject({ etat_paiement: 'PENDING', montant_regle: 2_000, reste_a_payer: 3_000 });
    // The list shows the same states.
    const list = await ok<any[]>(s.get('/api/commande'));
    expect(list.find((o) => o.id === first.id).etat_paiement).toBe('PAYED');

    // What is left after the orders reduces the other debt (the credit sale).
    const v2 = await ok(s.post('/api/versement', { id_client: c.id, montant: 5_000 }));
    expect(v2.versement.affectations).toEqual([{ id_commande: second.id, numero_commande: second.numero_commande, montant: 3_000 }]);
    expect(await commande(s, second.numero_commande)).toMatchObject({ etat_paiement: 'PAYED', reste_a_payer: 0 });
    expect(await creanceOf(s, c.id)).toBe(0);

    // Cancelling the first repayment takes its allocations back.
    await ok(s.get(`/api/versement/annuler/${v1.versement.id}`));
    expect(await commande(s, first.numero_commande)).toMatchObject({ etat_paiement: 'PENDING', montant_regle: 0, reste_a_payer: 6_000, reglements: [] });
    const b = await commande(s, second.numero_commande);
    expect(b).toMatchObject({ etat_paiement: 'PENDING', montant_regle: 3_000, reste_a_payer: 2_000 });
    expect(b.reglements.map((r: any) => r.id_versement)).toEqual([v2.versement.id]);
    expect(await creanceOf(s, c.id)).toBe(8_000);
    expect(await creanceOf(s, c.id)).toBe(await expectedCreance(s, c.id));
  });

  it('a deposit that covers the total is PAYED at once and takes no repayment', async () => {
    const s = await newShop();
    await boutique(s);
    const c = await client(s);
    const full = await deliveredOrder(s, c.id, 3_000, 3_000);
    expect(await commande(s, full.numero_commande)).toMatchObject({ etat_paiement: 'PAYED', reste_a_payer: 0 });
    await creditSale(s, c.id, 1_000);
    const v = await ok(s.post('/api/versement', { id_client: c.id, montant: 1_000 }));
    expect(v.versement.affectations).toEqual([]);
  });

  it('an order paid in full by a repayment after its delivery shows "Payé" in the list and detail (PAYED)', async () => {
    const s = await newShop();
    await boutique(s);
    const c = await client(s);
    const o = await deliveredOrder(s, c.id, 7_500, 2_500);
    await ok(s.post('/api/versement', { id_client: c.id, montant: 5_000 }));
    expect(await commande(s, o.numero_commande)).toMatchObject({ etat_paiement: 'PAYED', montant_regle: 5_000, reste_a_payer: 0 });
  });
});

describe('the debt invariant: cancels never floor, never go negative', () => {
  it('the issue’s walk: credit 1 000, repaid 1 000, cancel the sale → refused; cancel the repayment then the sale → 0', async () => {
    const s = await newShop();
    await boutique(s);
    const c = await client(s);
    const sale = await creditSale(s, c.id, 1_000);
    const v = await ok(s.post('/api/versement', { id_client: c.id, montant: 1_000 }));
    const before = await stateOf(s.acc.tenantId);
    const r = await s.post('/api/vente/annulerVente', { id_vente: sale.id });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("Ce client a déjà remboursé tout ou partie de cette vente : annulez d'abord le remboursement.");
    expect(await stateOf(s.acc.tenantId)).toBe(before);
    await ok(s.get(`/api/versement/annuler/${v.versement.id}`));
    expect(await creanceOf(s, c.id)).toBe(1_000);
    await ok(s.post('/api/vente/annulerVente', { id_vente: sale.id }));
    expect(await creanceOf(s, c.id)).toBe(0);
    expect(await expectedCreance(s, c.id)).toBe(0);
  });

  it('parallel repayments, repayment cancels and sale cancels keep creance = sales + balances − repayments ≥ 0', async () => {
    const s = await newShop();
    await boutique(s);
    const c = await client(s);
    const orders = [await deliveredOrder(s, c.id, 4_000, 1_000), await deliveredOrder(s, c.id, 6_000, 0)];
    const sales = [await creditSale(s, c.id, 2_000), await creditSale(s, c.id, 3_000)];
    const first = await ok(s.post('/api/versement', { id_client: c.id, montant: 2_500 }));
    // 14 000 owed, 2 500 repaid. Now, all at once: 8 repayments of 1 500, the first repayment's
    // cancel (twice), and both credit sales' cancels.
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => s.post('/api/versement', { id_client: c.id, montant: 1_500 })),
      s.get(`/api/versement/annuler/${first.versement.id}`),
      s.get(`/api/versement/annuler/${first.versement.id}`),
      ...sales.map((v) => s.post('/api/vente/annulerVente', { id_vente: v.id })),
    ]);
    // No 5xx, every refusal a French business message.
    for (const r of results) expect(r.status === 200 || r.status === 400 || r.status === 409, JSON.stringify(r.body)).toBe(true);
    const creance = await creanceOf(s, c.id);
    expect(creance).toBeGreaterThanOrEqual(0);
    expect(creance).toBe(await expectedCreance(s, c.id));
    // Each order received exactly what the valid repayments allocated to it, never more than its balance.
    const valid = (await ok<any[]>(s.get('/api/versement'))).filter((v) => v.etat === 'VALID');
    for (const o of orders) {
      const now = await commande(s, o.numero_commande);
      const allocated = valid
        .flatMap((v) => v.affectations)
        .filter((a: any) => a.id_commande === o.id)
        .reduce((x: number, a: any) => x + a.montant, 0);
      expect(now.montant_regle).toBe(allocated);
      expect(now.reglements.reduce((x: number, r: any) => x + r.montant, 0)).toBe(allocated);
      expect(now.montant_regle).toBeLessThanOrEqual(now.montant_total - now.accompte);
      expect(now.etat_paiement).toBe(now.accompte + now.montant_regle >= now.montant_total ? 'PAYED' : 'PENDING');
    }
  });

  it('refuses a repayment above the creance and writes nothing (allocations included)', async () => {
    const s = await newShop();
    await boutique(s);
    const c = await client(s);
    await deliveredOrder(s, c.id, 3_000, 0);
    const before = await stateOf(s.acc.tenantId);
    const r = await s.post('/api/versement', { id_client: c.id, montant: 3_001 });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Montant supérieur à la créance');
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });
});

describe('the DynamoDB 100-item limit', () => {
  it('pays at most 90 orders with one repayment; the rest reduces the other debt, and a cancel takes all back', async () => {
    const s = await newShop();
    await boutique(s);
    const c = await client(s);
    const p = await produit(s, 200, 100, 'Sachet');
    // 92 small delivered orders of 100 FCFA each.
    const ids: number[] = [];
    for (let batch = 0; batch < 92; batch += 8) {
      const made = await Promise.all(
        Array.from({ length: Math.min(8, 92 - batch) }, () =>
          ok(s.post('/api/commande/addCommande', { id_client: c.id, produits: [{ id_produit: p.id, quantite: 1 }], accompte: 0, date_livraison: today() })),
        ),
      );
      for (const o of made) await ok(s.post('/api/commande/toDeliver', { id_commande: o.id }));
      ids.push(...made.map((o) => o.id));
    }
    expect(await creanceOf(s, c.id)).toBe(9_200);
    const v = await ok(s.post('/api/versement', { id_client: c.id, montant: 9_200 }));
    expect(v.versement.affectations).toHaveLength(90);
    expect(await creanceOf(s, c.id)).toBe(0);
    const list = await ok<any[]>(s.get('/api/commande'));
    expect(list.filter((o) => o.etat_paiement === 'PAYED')).toHaveLength(90);
    await ok(s.get(`/api/versement/annuler/${v.versement.id}`));
    const after = await ok<any[]>(s.get('/api/commande'));
    expect(after.filter((o) => o.etat_paiement === 'PAYED')).toHaveLength(0);
    expect(await creanceOf(s, c.id)).toBe(9_200);
  });
});
