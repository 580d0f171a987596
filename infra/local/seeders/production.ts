// Demo of the shed feeding the shop for `npm start` (decision 0251). The demo shop gets two
// egg products, « Plateau d'œufs calibre M » and « Plateau d'œufs calibre L » (30 eggs a unit, no
// stock typed by hand), and a « Poulet PAC » product. The layer flock of ./bandes.ts sends them
// trays of its own sizes on several past days (one move typed twice by mistake and cancelled), a
// few eggs are broken, the shop sells some of those trays; the broiler batch's slaughter of
// yesterday names « Poulet PAC » for its lighter birds, and the shop sells some of them.
// Everything through the public API, each record on its true day. Before writing, the seeder
// replays the flock's egg stock with what it is about to send (shared/formulas/oeufs.ts, the
// server's rule) and throws if any day would run short; after, it reads the server's figures back
// (the flock's egg stock by size, the products' stock, the restock lines of origin Production) and
// throws if one of them is not what the entries make.
import { CALIBRES, oeufsDeVente, rejouerOeufs, rupturesOeufs, type Calibre, type MouvementOeufs, type ParCalibre } from '@shared/formulas';
import type { Abattage, SaveAbattageResponse } from '@shared/schemas/abattages';
import type { BandeDetail, Collecte } from '@shared/schemas/bandes';
import type { CasseOeufsResponse, StockOeufsResponse, TransfertOeufsResponse } from '@shared/schemas/oeufs';
import type { Produit, Reappro } from '@shared/schemas/produits';
import type { DemoSession } from './session';

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
/** A sale's typing time on a past day (the outbox's `saisi_le`), as ./shop.ts sends them. */
const at = (offset: number, hour: number) => {
  const d = new Date(Date.now() + offset * 86400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

const OEUFS_PAR_PLATEAU = 30;

/** Trays sent to the shop: [size, trays, days from today]. The flock lays ~120 M and ~90 L a day. */
const ENVOIS: [calibre: 'm' | 'l', plateaux: number, offset: number][] = [
  ['m', 3, -15],
  ['l', 2, -15],
  ['m', 4, -9],
  ['l', 3, -9],
  ['m', 3, -2],
  ['l', 2, -2],
];
/** Eggs broken or cracked: [eggs, size or none (smallest first), reason, days from today]. */
const CASSES: [oeufs: number, calibre: Calibre | null, motif: string, offset: number][] = [
  [12, null, 'Œufs cassés', -6],
  [5, 'm', 'Œufs fêlés', -1],
];
/** The trays the shop sold yesterday, and the broiler slaughter's birds sold. */
const VENDUS = { m: 5, l: 3, pac: 6 };

export async function seedProduction(s: DemoSession): Promise<void> {
  const bandes = await s.call<{ id: number; nom: string }[]>('GET', '/api/bande');
  const named = (nom: string) => {
    const b = bandes.find((x) => x.nom === nom);
    if (!b) throw new Error(`demo seed: the batch « ${nom} » of ./bandes.ts is missing`);
    return b.id;
  };
  const ponte = named('Pondeuses — bâtiment B');
  const chair = named('Chair — bâtiment A');

  const produit = async (nom: string, description: string, prix_cession: number, prix_vente: number, oeufs_par_unite?: number) =>
    s.call<Produit>('POST', '/api/produit', {
      id: 0,
      nom,
      description,
      quantite: 0,
      prix_cession,
      prix_vente,
      ...(oeufs_par_unite ? { oeufs_par_unite } : {}),
    });
  // Prices: a tray (tablette) of 30 eggs sold 2 500 to 3 000 FCFA in Dakar (SenePlus, « Les œufs
  // quasi introuvables sur le marché », seneplus.com/economie/les-oeufs-quasi-introuvables-sur-le-marche),
  // medium trays 2 500 and large 2 700 FCFA at a poultry farmers' union (Togo Tribune, « Togo : les
  // prix des œufs ont déjà augmenté dans la Centrale »); a 2 kg bird 3 000 to 3 500 FCFA at Dakar's
  // markets (Vox Populi via Leral, « Malgré le Gamou et le Magal, les poulets inondent le marché… »)
  // and farmers selling at no less than 3 500 FCFA once feed rose (SeneNews 2022, « Sénégal : vers
  // une hausse du prix du poulet »): « Poulet PAC » (prêt à cuire, 1,5–2 kg) at 3 800 FCFA.
  const plateauM = await produit("Plateau d'œufs calibre M", 'Œufs de la bande Pondeuses — bâtiment B, calibre M', 1800, 2500, OEUFS_PAR_PLATEAU);
  const plateauL = await produit("Plateau d'œufs calibre L", 'Œufs de la bande Pondeuses — bâtiment B, calibre L', 2000, 2800, OEUFS_PAR_PLATEAU);
  const pac = await produit('Poulet PAC', 'Poulet prêt à cuire de la ferme, 1,5 à 2 kg', 2600, 3800);
  const parCalibre = { m: plateauM, l: plateauL };

  // ── the egg stock as the flock's entries make it, with what is about to be sent and broken ──
  const collectes = await s.call<Collecte[]>('GET', `/api/bande/collect/get/${ponte}`);
  const detail = await s.call<BandeDetail>('GET', `/api/bande/${ponte}`);
  const connus: MouvementOeufs[] = [
    ...collectes.map((c): MouvementOeufs => ({
      kind: 'collecte',
      id: c.id,
      day: c.date,
      calibres: { s: 0, m: 0, l: 0, xl: 0, ...(JSON.parse(c.calibres || '{}') as Partial<ParCalibre>) },
      non_commercialisable: !!c.non_commercialisable,
    })),
    ...detail.ventes
      .filter((v) => v.etat !== 'DELETED')
      .map((v): MouvementOeufs => ({ kind: 'vente', id: v.id, day: (v.date ?? v.created_at).slice(0, 10), oeufs: oeufsDeVente('pondeuse', v) })),
  ];
  const prevus: MouvementOeufs[] = [
    ...ENVOIS.map(([calibre, plateaux, offset], i): MouvementOeufs => ({
      kind: 'transfert',
      id: -1 - i,
      day: day(offset),
      oeufs: plateaux * OEUFS_PAR_PLATEAU,
      calibre,
    })),
    ...CASSES.map(([oeufs, calibre, , offset], i): MouvementOeufs => ({ kind: 'casse', id: -100 - i, day: day(offset), oeufs, calibre })),
  ];
  const attendu = rejouerOeufs([...connus, ...prevus]);
  const manques = rupturesOeufs(attendu);
  if (manques.length) throw new Error(`demo seed: the flock would be short of eggs: ${JSON.stringify(manques)} (send fewer trays in ENVOIS)`);

  // ── the moves and the breakage, each on its day ──
  for (const [calibre, plateaux, offset] of ENVOIS) {
    await s.call<TransfertOeufsResponse>('POST', '/api/bande/oeufs/transfert', {
      id_bande: ponte,
      id_produit: parCalibre[calibre].id,
      quantite: plateaux,
      unite: 'plateau',
      calibre,
      date: day(offset),
    });
  }
  // The last L move typed a second time by mistake, then cancelled: its eggs back in the flock.
  const doublon = await s.call<TransfertOeufsResponse>('POST', '/api/bande/oeufs/transfert', {
    id_bande: ponte,
    id_produit: plateauL.id,
    quantite: 2,
    unite: 'plateau',
    calibre: 'l',
    date: day(-2),
  });
  await s.call<TransfertOeufsResponse>('GET', `/api/bande/oeufs/transfert/delete/${doublon.transfert.id}`);
  for (const [quantite, calibre, motif, offset] of CASSES)
    await s.call<CasseOeufsResponse>('POST', '/api/bande/oeufs/casse', { id_bande: ponte, quantite, unite: 'oeuf', calibre, date: day(offset), motif });

  // ── yesterday's slaughter: the lighter birds become « Poulet PAC », the heavier ones are sold whole ──
  const abattage = await s.call<SaveAbattageResponse>('POST', '/api/bande/abatage', {
    id: -1,
    quantite: 20,
    id_bande: chair,
    date: day(-1),
    category: [
      { id: -1, quantite: 14, poids_min: 1.5, poids_max: 2, id_produit: pac.id },
      { id: -1, quantite: 6, poids_min: 2, poids_max: 2.6 },
    ],
    deleted_categories_id: [],
  });

  // ── the shop sells some of them (no batch named: their eggs and birds already left the flock) ──
  await s.call('POST', '/api/vente', {
    id_bande: null,
    id_client: null,
    type: 'DIRECT',
    produits: [
      { id_produit: plateauM.id, quantite: VENDUS.m, type_remise: 'MONTANT', valeur_remise: 0 },
      { id_produit: plateauL.id, quantite: VENDUS.l, type_remise: 'MONTANT', valeur_remise: 0 },
    ],
    saisi_le: at(-1, 11),
  });
  await s.call('POST', '/api/vente', {
    id_bande: null,
    id_client: null,
    type: 'DIRECT',
    produits: [{ id_produit: pac.id, quantite: VENDUS.pac, type_remise: 'MONTANT', valeur_remise: 0 }],
    saisi_le: at(-1, 17),
  });

  await verifier(s, {
    ponte,
    attendu: { total: attendu.total, par_calibre: attendu.par_calibre },
    produits: { [plateauM.id]: trays('m') - VENDUS.m, [plateauL.id]: trays('l') - VENDUS.l, [pac.id]: 14 - VENDUS.pac },
    abattage: abattage.abatage,
    lignesProduction: ENVOIS.length + 1 + 1,
  });
}

const trays = (c: 'm' | 'l') => ENVOIS.filter(([calibre]) => calibre === c).reduce((n, [, p]) => n + p, 0);

/** The server's figures read back: any one that is not what the entries make stops the seed. */
async function verifier(
  s: DemoSession,
  x: { ponte: number; attendu: { total: number; par_calibre: ParCalibre }; produits: Record<number, number>; abattage: Abattage; lignesProduction: number },
): Promise<void> {
  const fail = (what: string, got: unknown, want: unknown) => {
    throw new Error(`demo seed: ${what} is ${JSON.stringify(got)}, the entries make ${JSON.stringify(want)}`);
  };
  const stock = await s.call<StockOeufsResponse>('GET', `/api/bande/oeufs/${x.ponte}`);
  if (stock.stock_oeufs !== x.attendu.total) fail("the flock's egg stock", stock.stock_oeufs, x.attendu.total);
  for (const c of CALIBRES)
    if (stock.par_calibre[c] !== x.attendu.par_calibre[c]) fail(`the flock's ${c} eggs`, stock.par_calibre[c], x.attendu.par_calibre[c]);
  if (stock.ruptures.length) fail("the flock's short days", stock.ruptures, []);
  const envoyes = ENVOIS.reduce((n, [, p]) => n + p * OEUFS_PAR_PLATEAU, 0);
  if (stock.bilan.transferes !== envoyes) fail('the eggs sent to the shop', stock.bilan.transferes, envoyes);
  const casses = CASSES.reduce((n, [o]) => n + o, 0);
  if (stock.bilan.casses !== casses) fail('the broken eggs', stock.bilan.casses, casses);

  const produits = await s.call<Produit[]>('GET', '/api/produit');
  for (const [id, want] of Object.entries(x.produits)) {
    const p = produits.find((q) => q.id === Number(id));
    if (p?.quantite !== want) fail(`the stock of « ${p?.nom ?? id} »`, p?.quantite, want);
  }
  const cat = x.abattage.categories.find((c) => c.id_produit);
  if (!cat?.id_reappro) fail("the slaughter's restock line", cat, 'a category with its id_reappro');

  const reappros = await s.call<Reappro[]>('GET', '/api/produit/reappro/get');
  const production = reappros.filter((r) => r.origine === 'PRODUCTION');
  if (production.length !== x.lignesProduction) fail('the restock lines of origin Production', production.length, x.lignesProduction);
  if (production.filter((r) => r.etat === 'CANCELED').length !== 1)
    fail(
      'the cancelled Production lines',
      production.filter((r) => r.etat === 'CANCELED'),
      1,
    );
}
