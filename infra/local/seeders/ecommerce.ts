// Demo online shop: three products of the demo farm put online with photos (drawn here, sent
// through api/produit/saveEcomImage like a phone photo), published, and four orders placed from
// the public storefront, then moved through the states an owner sees: pending, paid, paid and
// delivered (the stock taken), cancelled.
import sharp from 'sharp';
import type { DemoSession } from './session';

/** A simple illustration (no stock photo to license): a coloured scene with the product's shape. */
function illustration(kind: 'poulet' | 'oeufs' | 'aliment'): string {
  const shapes = {
    poulet: `<ellipse cx="600" cy="520" rx="300" ry="220" fill="#f5f0e6"/><circle cx="820" cy="330" r="110" fill="#f5f0e6"/><polygon points="920,320 990,345 920,370" fill="#e0a800"/><path d="M800 220 q20 -60 40 0 q20 -60 40 0" fill="#c62828"/><circle cx="845" cy="315" r="12" fill="#222"/><rect x="520" y="730" width="20" height="110" fill="#e0a800"/><rect x="660" y="730" width="20" height="110" fill="#e0a800"/>`,
    oeufs: Array.from(
      { length: 12 },
      (_, i) => `<ellipse cx="${260 + (i % 4) * 230}" cy="${270 + Math.floor(i / 4) * 230}" rx="85" ry="105" fill="#f2e2c4"/>`,
    ).join(''),
    aliment: `<rect x="380" y="180" width="440" height="620" rx="40" fill="#d9c8a0"/><rect x="430" y="330" width="340" height="160" fill="#1f6f43"/><text x="600" y="430" font-size="70" text-anchor="middle" fill="#fff" font-family="sans-serif">PONTE</text>`,
  };
  const bg = { poulet: '#8bbf6a', oeufs: '#b5835a', aliment: '#e8e2d0' }[kind];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="${bg}"/>${shapes[kind]}</svg>`;
}

async function uploadPhoto(s: DemoSession, kind: 'poulet' | 'oeufs' | 'aliment'): Promise<string> {
  const jpeg = await sharp(Buffer.from(illustration(kind)))
    .jpeg({ quality: 88 })
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${kind}.jpg`);
  const r = await fetch(`${s.baseUrl}/api/produit/saveEcomImage`, { method: 'POST', headers: { authorization: `Bearer ${s.token}` }, body: form });
  if (r.status !== 200) throw new Error(`demo seed saveEcomImage: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { img: string }).img;
}

export async function seedEcommerce(s: DemoSession): Promise<void> {
  const produits = await s.call<{ id: number; nom: string; description: string; prix_vente: number }[]>('GET', '/api/produit');
  const byName = (nom: string) => produits.find((p) => p.nom === nom)!;
  const offers = [
    {
      p: byName('Poulet de chair vif'),
      kind: 'poulet' as const,
      type: 'poulet',
      nom: 'Poulet de chair vif (2 kg)',
      prix: 3500,
      desc: 'Poulets Cobb 500 de 42 jours, environ 2 kg, élevés à Keur Massar. Livraison à Dakar et environs.',
    },
    {
      p: byName('Plateau de 30 œufs'),
      kind: 'oeufs' as const,
      type: 'poulet',
      nom: 'Plateau de 30 œufs frais',
      prix: 2750,
      desc: 'Œufs du jour de nos pondeuses, calibre moyen.',
    },
    {
      p: byName('Aliment ponte (sac 50 kg)'),
      kind: 'aliment' as const,
      type: 'materiel',
      nom: 'Aliment ponte, sac de 50 kg',
      prix: 17500,
      desc: 'Aliment complet pour pondeuses, revendu aux éleveurs voisins.',
    },
  ];
  const online: number[] = [];
  // Towns of the list (shared/villes.ts) around the farm, so the marketplace's town filter has more than one.
  const towns = [
    { ville: 'Keur Massar', adresse: 'Marché central, Keur Massar' },
    { ville: 'Rufisque', adresse: 'Marché de Rufisque, en face de la gare' },
    { ville: 'Thiès', adresse: 'Marché central de Thiès' },
  ];
  for (const [i, o] of offers.entries()) {
    const img = await uploadPhoto(s, o.kind);
    const e = await s.call<{ id: number }>('POST', '/api/produit/addToEcom', {
      id: 0,
      id_produit: o.p.id,
      produit: o.nom,
      prix_unitaire: o.prix,
      type_produit: o.type,
      currency: 'XOF',
      images: [img],
      pays: 'Senegal',
      code_pays: 'sn',
      ...towns[i % towns.length],
      description: o.desc,
    });
    await s.call('POST', '/api/produit/publierEcom', { id: e.id });
    online.push(e.id);
  }
  // Four buyers order from the storefront (a public route: no token).
  // The demo business's id, from its session token (claim `ent`, functions/lib/tokens.ts).
  const tenant = Number(JSON.parse(Buffer.from(s.token.split('.')[1], 'base64url').toString()).ent);
  const buyers = [
    { prenom: 'Mariama', nom: 'Ba', telephone: '776543210', adresse: 'Parcelles Assainies, unité 15', produit: online[0], quantite: 6 },
    { prenom: 'Ibrahima', nom: 'Sarr', telephone: '781112233', adresse: 'Pikine Icotaf', produit: online[1], quantite: 2 },
    { prenom: 'Coumba', nom: 'Faye', telephone: '709998877', adresse: 'Rufisque, cité Diokoul', produit: online[0], quantite: 10 },
    { prenom: 'Ousmane', nom: 'Diallo', telephone: '775554433', adresse: 'Thiaroye sur mer', produit: online[2], quantite: 1 },
  ];
  for (const b of buyers) {
    const r = await fetch(`${s.baseUrl}/api/vitrine/commande`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id_entreprise: tenant,
        id_produit: b.produit,
        prenom: b.prenom,
        nom: b.nom,
        telephone: b.telephone,
        adresse: b.adresse,
        quantite: b.quantite,
      }),
    });
    if (r.status !== 200) throw new Error(`demo seed vitrine/commande: ${r.status} ${await r.text()}`);
  }
  const orders = await s.call<{ id: number; info_client: string }[]>('GET', '/api/produit/onlineCommande');
  const of = (nom: string) => orders.find((o) => JSON.parse(o.info_client).nom === nom)!.id;
  await s.call('GET', `/api/produit/marquerCommePayer/${of('Sarr')}`);
  await s.call('GET', `/api/produit/marquerCommePayer/${of('Faye')}`);
  await s.call('GET', `/api/produit/marquerCommeLivrer/${of('Faye')}`);
  await s.call('GET', `/api/produit/cancelOnlineCommande/${of('Diallo')}`);
}
