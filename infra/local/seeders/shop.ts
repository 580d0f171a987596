// Demo shop for `npm start`: a shop, products with stock (and a restock), clients of whom some owe
// money (two with weeks of credit sales, part repayments and a cancelled line: statement
// and follow-up list), orders (one delivered: it counts in today's takings), repayments (one cancelled; the first
// pays the delivered order) and a week of sales of every type with one cancelled. Everything goes
// through the public API, so stock, receivables and takings are the real result of these
// operations; the past days' sales are sent as the outbox sends an entry typed offline, with the
// time they were typed (`saisi_le`, within the server's 31 days).
import type { DemoSession } from './session';

const day = (offset: number, hour: number, minute = 0) => {
  const d = new Date(Date.now() + offset * 86400_000);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString();
};

type Line = [produit: number, quantite: number, remise?: ['MONTANT' | 'POURCENTAGE', number]];

export async function seedShop(s: DemoSession): Promise<void> {
  // Sign-up created the first shop (named after the business): the demo gives it its details.
  await s.call('POST', '/api/boutique/update', {
    id_boutique: 1,
    nom: 'Boutique Keur Massar',
    adresse: 'Marché central, Keur Massar',
    telephone: '338001122',
    email: 'boutique@ganaar.sn',
  });

  const produit = async (nom: string, description: string, quantite: number, prix_cession: number, prix_vente: number) =>
    (await s.call('POST', '/api/produit', { id: 0, nom, description, quantite, prix_cession, prix_vente })).id as number;
  const poulet = await produit('Poulet de chair vif', 'Cobb 500, 2 kg environ', 120, 2300, 3500);
  const decoupe = await produit('Poulet découpé (kg)', 'Découpe du jour', 40, 2400, 3800);
  const oeufs = await produit('Plateau de 30 œufs', 'Œufs de la bande pondeuses', 80, 1800, 2750);
  const aliment = await produit('Aliment ponte (sac 50 kg)', 'Revente aux éleveurs voisins', 20, 15500, 17500);
  const fumier = await produit('Fumier (sac)', 'Engrais organique', 30, 300, 1000);
  await s.call('POST', '/api/produit/reappro/new', { id_produit: oeufs, quantite: 40 });
  await s.call('POST', '/api/produit/reappro/new', { id_produit: aliment, quantite: 10 });

  const client = async (prenom: string, nom: string, telephone: string, email?: string) =>
    (await s.call('POST', '/api/addOrUpdateClient', { id: 0, prenom, nom, telephone, email })).id as number;
  const aminata = await client('Aminata', 'Diallo', '771234501', 'aminata.diallo@exemple.sn');
  const cheikh = await client('Cheikh', 'Mbaye', '772345602');
  const restoTeranga = await client('Restaurant', 'Teranga', '338245603', 'commandes@teranga.sn');
  const ousmane = await client('Ousmane', 'Sarr', '763456704');
  const khady = await client('Khady', 'Ndoye', '784567805');
  const mamadou = await client('Mamadou', 'Faye', '705678906');

  // A week of sales: every day some cash sales, a few on credit, one gift. A time later than now
  // (today's 10:00 seeded at 08:00) is the server's now: saisi_le never lies in the future.
  const sell = async (offset: number, hour: number, type: 'DIRECT' | 'DON' | 'EMPRUNT', lines: Line[], id_client?: number, id_bande?: number) => {
    const r = await s.call('POST', '/api/vente', {
      id_bande: id_bande ?? null,
      id_client: id_client ?? null,
      type,
      produits: lines.map(([id_produit, quantite, remise]) => ({
        id_produit,
        quantite,
        type_remise: remise?.[0] ?? 'MONTANT',
        valeur_remise: remise?.[1] ?? 0,
      })),
      saisi_le: day(offset, hour),
    });
    return r.ventes as { id: number }[];
  };
  await sell(-6, 9, 'DIRECT', [
    [poulet, 6],
    [oeufs, 4],
  ]);
  await sell(-6, 17, 'EMPRUNT', [[poulet, 10, ['MONTANT', 250]]], restoTeranga);
  await sell(-5, 10, 'DIRECT', [
    [decoupe, 5],
    [oeufs, 3],
  ]);
  await sell(-5, 16, 'DIRECT', [[aliment, 2]]);
  await sell(
    -4,
    9,
    'EMPRUNT',
    [
      [oeufs, 6],
      [aliment, 1],
    ],
    aminata,
  );
  await sell(-4, 12, 'DIRECT', [[poulet, 4]]);
  await sell(-3, 11, 'DIRECT', [
    [poulet, 8, ['POURCENTAGE', 5]],
    [decoupe, 3],
  ]);
  await sell(-3, 15, 'DON', [[oeufs, 1]], cheikh);
  const wrong = await sell(-2, 10, 'DIRECT', [[aliment, 3]]);
  await sell(-2, 14, 'EMPRUNT', [[decoupe, 6]], ousmane);
  await sell(-1, 9, 'DIRECT', [
    [poulet, 5],
    [oeufs, 5],
  ]);
  await sell(-1, 18, 'EMPRUNT', [[poulet, 12]], restoTeranga);
  // Today: a cash sale counted in the current broiler batch, when the batches demo has one.
  const bandes = (await s.call('GET', '/api/bande')) as { id: number; type: string; statut?: string }[];
  const chair = bandes.find((b) => b.type === 'chair' && (b.statut ?? 'ACTIVE') === 'ACTIVE');
  await sell(0, 9, 'DIRECT', [[poulet, 7]], undefined, chair?.id);
  await sell(0, 10, 'DIRECT', [
    [oeufs, 2],
    [decoupe, 2],
  ]);
  // A sale entered by mistake two days ago, cancelled: stock back, out of the turnover.
  await s.call('POST', '/api/vente/annulerVente', { id_vente: wrong[0].id });

  // Orders: one delivered today (its lines are today's takings, its balance went onto the client's
  // creance), two waiting.
  const order = (id_client: number, produits: [number, number][], accompte: number, offset: number) =>
    s.call('POST', '/api/commande/addCommande', {
      id: 0,
      id_client,
      produits: produits.map(([id_produit, quantite]) => ({ id_produit, quantite })),
      accompte,
      date_livraison: day(offset, 0).slice(0, 10),
    });
  const delivered = await order(
    restoTeranga,
    [
      [poulet, 15],
      [decoupe, 5],
    ],
    30000,
    0,
  );
  await s.call('POST', '/api/commande/toDeliver', { id_commande: delivered.id });
  await order(aminata, [[oeufs, 10]], 10000, 3);
  await order(
    cheikh,
    [
      [poulet, 20],
      [aliment, 2],
    ],
    0,
    5,
  );

  // Repayments: two kept (Teranga's pays part of its delivered order first), one recorded by
  // mistake and cancelled.
  await s.call('POST', '/api/versement', { id_client: restoTeranga, montant: 25000 });
  await s.call('POST', '/api/versement', { id_client: aminata, montant: 10000 });
  const mistaken = await s.call('POST', '/api/versement', { id_client: ousmane, montant: 5000 });
  await s.call('GET', `/api/versement/annuler/${mistaken.versement.id}`);

  // Accounts with a past (the client statement and the follow-up list show real
  // figures): Mamadou bought feed on credit four weeks ago and repaid part of it a week later, then
  // manure and eggs on credit; Khady's credit sale had a line typed by mistake, cancelled, and she
  // repaid part. Typed offline on their days (saisi_le, within the server's 31 days).
  await sell(-26, 10, 'EMPRUNT', [[aliment, 2]], mamadou);
  await s.call('POST', '/api/versement', { id_client: mamadou, montant: 20000, saisi_le: day(-20, 11) });
  await sell(
    -12,
    9,
    'EMPRUNT',
    [
      [fumier, 10],
      [oeufs, 2],
    ],
    mamadou,
  );
  const khadyLines = await sell(
    -9,
    16,
    'EMPRUNT',
    [
      [oeufs, 3],
      [fumier, 5],
    ],
    khady,
  );
  await s.call('POST', '/api/vente/annulerVente', { id_vente: khadyLines[1].id });
  await s.call('POST', '/api/versement', { id_client: khady, montant: 3000, saisi_le: day(-4, 17) });
}
