// A client's statement, the debt follow-up and the receipts' balances, through the
// real stack on a business built through the API: every figure below is worked by hand from the
// movements the test writes (credit sales typed offline on past days, a cancelled line, an order
// delivered with a balance, a repayment typed offline, a cancelled repayment).
import { describe, expect, it } from 'vitest';
import { FORBIDDEN, boutique, client, creanceOf, newShop, ok, produit, stateOf, userWith } from './shop-fixtures';
import { TODAY, creditSale, dayAgo, fatou, typedDaysAgo } from './releve-fixtures';

describe('GET api/client/releve/{id}/{debut}/{fin}', () => {
  it('lists the movements of the period with their running balance, and closes on the creance', async () => {
    const s = await newShop();
    const { c, v1, v2, r1, r2, cmd } = await fatou(s);
    expect(await creanceOf(s, c.id)).toBe(14000);
    const r = await ok(s.get(`/api/client/releve/${c.id}/${dayAgo(10)}/${TODAY}`));
    expect(r.client).toMatchObject({ id: c.id, prenom: 'Fatou', nom: 'Sow', numero_compte: c.numero_compte, creance: 14000 });
    expect(r.entreprise.nom).toBeTruthy();
    expect(r).toMatchObject({
      debut: dayAgo(10),
      fin: TODAY,
      solde_ouverture: 0,
      ventes_credit: 20000,
      versements: 5500,
      annulations_ventes: 2000,
      annulations_versements: 1500,
      solde_cloture: 14000,
    });
    const V = (id: number) => `V-${String(id).padStart(6, '0')}`;
    const R = (id: number) => `R-${String(id).padStart(6, '0')}`;
    expect(r.lignes.map((l: any) => [l.date, l.type, l.montant, l.solde, l.ref, l.libelle])).toEqual([
      [dayAgo(10), 'vente_credit', 10000, 10000, `vente:${v1.id_transaction}`, `Vente ${V(v1.id_transaction)}`],
      [dayAgo(5), 'vente_credit', 5000, 15000, `vente:${v2.id_transaction}`, `Vente ${V(v2.id_transaction)}`],
      [dayAgo(3), 'versement', 4000, 11000, `versement:${r1.versement.id}`, `Remboursement ${R(r1.versement.id)}`],
      [TODAY, 'annulation_vente', 2000, 9000, `vente:${v2.id_transaction}`, `Annulation vente ${V(v2.id_transaction)} (Plateau)`],
      [TODAY, 'livraison_commande', 5000, 14000, `commande:${cmd.id}`, `Livraison commande ${cmd.numero_commande}`],
      [TODAY, 'versement', 1500, 12500, `versement:${r2.versement.id}`, `Remboursement ${R(r2.versement.id)}`],
      [TODAY, 'annulation_versement', 1500, 14000, `versement:${r2.versement.id}`, `Annulation remboursement ${R(r2.versement.id)}`],
    ]);
  });

  it('gives a past period its opening and closing balances from the movements before and within it', async () => {
    const s = await newShop();
    const { c } = await fatou(s);
    const early = await ok(s.get(`/api/client/releve/${c.id}/${dayAgo(30)}/${dayAgo(6)}`));
    expect(early).toMatchObject({ solde_ouverture: 0, ventes_credit: 10000, versements: 0, solde_cloture: 10000 });
    expect(early.lignes).toHaveLength(1);
    const mid = await ok(s.get(`/api/client/releve/${c.id}/${dayAgo(4)}/${dayAgo(1)}`));
    expect(mid).toMatchObject({ solde_ouverture: 15000, ventes_credit: 0, versements: 4000, solde_cloture: 11000 });
    expect(mid.lignes.map((l: any) => l.type)).toEqual(['versement']);
    // One day: today alone opens on yesterday's 11 000.
    const today = await ok(s.get(`/api/client/releve/${c.id}/${TODAY}/${TODAY}`));
    expect(today).toMatchObject({ solde_ouverture: 11000, ventes_credit: 5000, versements: 1500, solde_cloture: 14000 });
  });

  it('refuses debut after fin and a fin in the future (400, French), an unknown or foreign client (404), writing nothing', async () => {
    const s = await newShop();
    const { c } = await fatou(s);
    // A business without clients: Fatou's id (1 there too, ids are per business) is nobody's.
    const other = await newShop();
    const before = await stateOf(s.acc.tenantId);
    const order = await s.get(`/api/client/releve/${c.id}/${TODAY}/${dayAgo(1)}`);
    expect(order.status).toBe(400);
    expect(order.body.message).toBe('Période invalide : la date de début doit précéder la date de fin.');
    const future = await s.get(`/api/client/releve/${c.id}/${TODAY}/${dayAgo(-1)}`);
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('La fin du relevé ne peut pas être dans le futur.');
    expect((await s.get(`/api/client/releve/${c.id}/2026-02-30/${TODAY}`)).status).toBe(400);
    expect((await s.get(`/api/client/releve/${c.id + 1000}/${TODAY}/${TODAY}`)).status).toBe(404);
    // Another business's client, by its own id: not found here (the tenant is the token's).
    const foreign = await other.get(`/api/client/releve/${c.id}/${TODAY}/${TODAY}`);
    expect(foreign.status).toBe(404);
    expect(await stateOf(s.acc.tenantId)).toBe(before);
  });

  it('needs the clients right (clav)', async () => {
    const s = await newShop();
    const { c } = await fatou(s);
    const vendeur = await userWith(s.acc, { userId: 900, role: 'vendeur', droits: { ventav: 'W' } });
    const r = await vendeur.get(`/api/client/releve/${c.id}/${TODAY}/${TODAY}`);
    expect(r.status).toBe(403);
    expect(r.body).toEqual(FORBIDDEN);
    expect((await vendeur.get('/api/relances')).status).toBe(403);
  });
});

describe('GET api/relances', () => {
  it('lists the clients who owe, oldest unpaid sale first (repayments pay the oldest first), with the last reminder', async () => {
    const s = await newShop();
    const { c } = await fatou(s);
    const p = await produit(s, 50, 1000, 'Savon');
    // Awa: 3 000 on D−20 repaid in full on D−19, then 1 000 on D−2: her oldest unpaid sale is D−2.
    const awa = await client(s, { prenom: 'Awa', nom: 'Ndiaye' });
    await creditSale(s, awa.id, [{ id: p.id, q: 3 }], 20);
    await ok(s.post('/api/versement', { id_client: awa.id, montant: 3000, saisi_le: typedDaysAgo(19) }));
    await creditSale(s, awa.id, [{ id: p.id, q: 1 }], 2);
    // Moussa: 500 on D−7, a part paid: still D−7.
    const moussa = await client(s, { prenom: 'Moussa', nom: 'Diop' });
    const m = await creditSale(s, moussa.id, [{ id: p.id, q: 2 }], 7);
    await ok(s.post('/api/versement', { id_client: moussa.id, montant: 1500 }));
    expect(m.total).toBe(2000);
    // Ibou: a credit sale cancelled, nothing owed: not listed.
    const ibou = await client(s, { prenom: 'Ibou', nom: 'Sarr' });
    const i = await creditSale(s, ibou.id, [{ id: p.id, q: 1 }], 1);
    await ok(s.post('/api/vente/annulerVente', { id_vente: i.ventes[0].id }));

    const list = await ok<any[]>(s.get('/api/relances'));
    expect(list.map((l) => [l.client.id, l.creance, l.plus_ancienne, l.age_jours, l.derniere_relance])).toEqual([
      // Fatou: 10 000 (D−10) + 3 000 (D−5) + 5 000 (today); 4 000 repaid pays 4 000 of D−10's: D−10 still unpaid.
      [c.id, 14000, dayAgo(10), 10, null],
      [moussa.id, 500, dayAgo(7), 7, null],
      [awa.id, 1000, dayAgo(2), 2, null],
    ]);
    expect(list[0].client).toMatchObject({ prenom: 'Fatou', numero_compte: c.numero_compte, telephone: '+221775551234' });
  });

  it("shows only the caller's business", async () => {
    const s = await newShop();
    await fatou(s);
    const other = await newShop();
    expect(await ok(other.get('/api/relances'))).toEqual([]);
  });
});

describe('balances on receipts', () => {
  it('gives each credit line and repayment the client balance right after it, from the journal', async () => {
    const s = await newShop();
    const { c, v1, v2, r1, r2, r2c } = await fatou(s);
    // The POST answers.
    expect(v1.ventes.map((l: any) => l.solde_client_apres)).toEqual([10000]);
    expect(v2.ventes.map((l: any) => l.solde_client_apres)).toEqual([15000, 15000]);
    expect(r1.versement.solde_apres).toBe(11000);
    expect(r2.versement.solde_apres).toBe(12500);
    // The cancel answers the receipt as it was: the balance right after the repayment itself.
    expect(r2c.versement).toMatchObject({ etat: 'CANCELED', solde_apres: 12500 });
    // The history (one Query of the journal for the whole period).
    const h = await ok(s.post('/api/vente/boutique', { debut: dayAgo(10), fin: TODAY }));
    const byTransaction = (id: number) => h.ventes.filter((l: any) => l.id_transaction === id).map((l: any) => l.solde_client_apres);
    expect(byTransaction(v1.id_transaction)).toEqual([10000]);
    expect(byTransaction(v2.id_transaction)).toEqual([15000, 15000]);
    const livraison = h.ventes.filter((l: any) => l.source === 'COMMANDE');
    expect(livraison.map((l: any) => l.solde_client_apres)).toEqual([14000]);
    const versements = await ok<any[]>(s.get('/api/versement'));
    expect(Object.fromEntries(versements.map((v) => [v.id, v.solde_apres]))).toEqual({ [r1.versement.id]: 11000, [r2.versement.id]: 12500 });
    expect(await creanceOf(s, c.id)).toBe(14000);
  });

  it('leaves cash sales without a balance', async () => {
    const s = await newShop();
    await boutique(s);
    const p = await produit(s, 5, 1000);
    const v = await ok(s.post('/api/vente', { produits: [{ id_produit: p.id, quantite: 1 }], type: 'DIRECT' }));
    expect(v.ventes[0]).not.toHaveProperty('solde_client_apres');
    const h = await ok(s.post('/api/vente/boutique', { debut: TODAY, fin: TODAY }));
    expect(h.ventes[0]).not.toHaveProperty('solde_client_apres');
  });
});
