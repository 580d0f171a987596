// The account the statement tests and the journal's migration test build through the API: every
// kind of movement of a client's debt, on past days and today, with figures worked by hand.
import { boutique, client, ok, produit, type Shop } from './shop-fixtures';

const DAY = 86_400_000;
/** A time `n` days back, as a device's outbox sends it (saisi_le); the server keeps it within 31 days. */
export const typedDaysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
export const dayAgo = (n: number) => typedDaysAgo(n).slice(0, 10);
export const TODAY = dayAgo(0);

export async function creditSale(s: Shop, idClient: number, lines: { id: number; q: number }[], daysAgo: number) {
  return ok(
    s.post('/api/vente', {
      produits: lines.map((l) => ({ id_produit: l.id, quantite: l.q })),
      type: 'EMPRUNT',
      id_client: idClient,
      saisi_le: typedDaysAgo(daysAgo),
    }),
  );
}

/**
 * Fatou's account: D−10 sale 10 000; D−5 sale of two lines 3 000 + 2 000; D−3 repayment 4 000
 * (typed offline); today: line 2 000 cancelled, order 6 000 with a 1 000 deposit delivered (balance
 * 5 000), repayment 1 500 then cancelled. Debt: 10 000 + 5 000 − 4 000 − 2 000 + 5 000 − 1 500 + 1 500 = 14 000.
 */
export async function fatou(s: Shop) {
  await boutique(s);
  const c = await client(s, { telephone: '775551234' });
  const riz = await produit(s, 10, 10000, 'Sac de riz');
  const poulet = await produit(s, 20, 3000, 'Poulet');
  const oeufs = await produit(s, 10, 2000, 'Plateau');
  const v1 = await creditSale(s, c.id, [{ id: riz.id, q: 1 }], 10);
  const v2 = await creditSale(
    s,
    c.id,
    [
      { id: poulet.id, q: 1 },
      { id: oeufs.id, q: 1 },
    ],
    5,
  );
  const r1 = await ok(s.post('/api/versement', { id_client: c.id, montant: 4000, saisi_le: typedDaysAgo(3) }));
  const ligneOeufs = v2.ventes.find((l: any) => l.id_produit === oeufs.id);
  await ok(s.post('/api/vente/annulerVente', { id_vente: ligneOeufs.id }));
  const cmd = await ok(
    s.post('/api/commande/addCommande', {
      id_client: c.id,
      produits: [{ id_produit: poulet.id, quantite: 2 }],
      accompte: 1000,
      date_livraison: dayAgo(-3),
    }),
  );
  await ok(s.post('/api/commande/toDeliver', { id_commande: cmd.id }));
  const r2 = await ok(s.post('/api/versement', { id_client: c.id, montant: 1500 }));
  const r2c = await ok(s.get(`/api/versement/annuler/${r2.versement.id}`));
  return { c, v1, v2, r1, r2, r2c, cmd };
}
