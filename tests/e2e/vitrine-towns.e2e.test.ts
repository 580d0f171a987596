// The marketplace on a buyer's 360 px phone, in real Chromium over the local stack: the town is
// chosen from the list (not typed), the first page holds at most 4 products of one seller beside the
// others, and « Voir plus de produits » is offered under that short page and brings the rest.
import { newBusiness, post, type Account } from '../helpers/api';
import { smallPng, uploadImage } from '../helpers/images';
import { openSession, type Session } from '../helpers/browser';

/** `n` products of a business published in `ville` through the API (one photo for all). */
async function publishIn(acc: Account, ville: string, n: number, nom: string) {
  const p = await post('/api/produit', { id: 0, nom, description: 'Poulet fermier', quantite: 20, prix_cession: 2000, prix_vente: 3500 }, acc.token);
  expect(p.status).toBe(200);
  const img = (await uploadImage(acc.token, await smallPng(), 'p.png', 'image/png')).body.img;
  for (let i = 1; i <= n; i++) {
    const r = await post(
      '/api/produit/addToEcom',
      {
        id: 0,
        id_produit: p.body.id,
        produit: `${nom} ${i}`,
        prix_unitaire: 3500,
        type_produit: 'poulet',
        images: [img],
        ville,
        adresse: 'Marché central',
        description: 'Poulet fermier de 2 kg',
        publier: true,
      },
      acc.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
}

describe('marketplace at 360 px', () => {
  let buyer: Session | undefined;
  afterEach(async () => {
    await buyer?.close();
    buyer = undefined;
  });

  it('a buyer chooses a town from the list and pages past one seller’s share', async () => {
    // A town no other suite publishes in.
    const ville = 'Tambacounda';
    const big = await newBusiness({ entreprise: 'Ferme Sow Tamba' });
    const small = await newBusiness({ entreprise: 'Ferme Diallo Tamba' });
    await publishIn(big, ville, 5, 'Coquelet');
    await publishIn(small, ville, 1, 'Pintade');
    buyer = await openSession({ width: 360, height: 740 });
    const b = buyer.page;
    await b.goto(`${buyer.baseUrl}/vitrine.html#/`);
    const town = b.getByLabel('Ville');
    // A list, not a text box: the towns of both countries, grouped.
    expect(await town.evaluate((el) => el.tagName)).toBe('SELECT');
    expect(await town.locator('optgroup').evaluateAll((gs) => gs.map((g) => (g as HTMLOptGroupElement).label))).toEqual(['Sénégal', "Côte d'Ivoire"]);
    await town.selectOption(ville);
    await b.getByRole('button', { name: 'Rechercher' }).click();
    const cards = b.locator('.v-card');
    await cards.filter({ hasText: 'Pintade 1' }).waitFor();
    // The first page: 4 of the big seller's 5 beside the other seller's one, and the next page offered.
    expect(await cards.filter({ hasText: 'Coquelet' }).count()).toBe(4);
    expect(await cards.count()).toBe(5);
    expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await buyer.shot('vitrine-ville-page-1');
    await b.getByRole('button', { name: 'Voir plus de produits' }).click();
    await b.waitForFunction(() => document.querySelectorAll('.v-card').length === 6);
    expect(await cards.filter({ hasText: 'Coquelet' }).count()).toBe(5);
    await b.getByRole('button', { name: 'Voir plus de produits' }).waitFor({ state: 'detached' });
    await buyer.shot('vitrine-ville-page-2');
  });
});
