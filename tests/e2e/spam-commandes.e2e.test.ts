// A spam wave of online orders, handled by the seller on a 360 px phone in real Chromium: one tap
// on « Bloquer » beside a fake order, the confirmation says how many pending orders of that number
// go, and afterwards they are cancelled, the real buyer's order stays pending, and the number is
// listed as blocked until « Débloquer ».
import type { Page } from 'playwright-core';
import { call, newBusiness, post, testIp, viaCloudFront, type Account } from '../helpers/api';
import { smallPng, uploadImage } from '../helpers/images';
import { login, go, openSession, type Session } from '../helpers/browser';

const card = (page: Page, text: string | RegExp) => page.locator('tbody tr, li.dt-card').filter({ hasText: text });

describe('a spam wave of online orders at 360 px', () => {
  let acc: Account;
  let s: Session | undefined;

  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it('the seller blocks the number and cancels its pending orders in one action, then unblocks it', async () => {
    acc = await newBusiness({ entreprise: 'Ferme Diop Kaolack' });
    const p = await post(
      '/api/produit',
      { id: 0, nom: 'Poulet de chair', description: 'Poulet', quantite: 20, prix_cession: 2000, prix_vente: 3500 },
      acc.token,
    );
    expect(p.status).toBe(200);
    const img = await uploadImage(acc.token, await smallPng(), 'p.png', 'image/png');
    const e = await post(
      '/api/produit/addToEcom',
      {
        id: 0,
        id_produit: p.body.id,
        produit: 'Poulet de chair',
        prix_unitaire: 3500,
        type_produit: 'poulet',
        currency: 'XOF',
        images: [img.body.img],
        pays: 'Senegal',
        code_pays: 'sn',
        ville: 'Kaolack',
        adresse: 'Quartier Léona',
        description: 'Poulet de chair, 2 kg',
        publier: true,
      },
      acc.token,
    );
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const order = (prenom: string, telephone: string) =>
      call(
        'POST',
        '/api/vitrine/commande',
        { id_entreprise: acc.tenantId, id_produit: e.body.id, prenom, nom: 'Faye', telephone, adresse: 'Kaolack', quantite: 1 },
        { headers: viaCloudFront(testIp()) },
      );
    for (let i = 0; i < 3; i++) expect((await order('Faux', '781112233')).status).toBe(200);
    expect((await order('Mariama', '774445566')).status).toBe(200);

    s = await openSession({ width: 360, height: 740 });
    const { page, baseUrl } = s;
    await login(s, acc);
    await go(page, baseUrl, '/ecommerce');
    await card(page, 'Mariama').waitFor();
    expect(await card(page, 'Faux').count()).toBe(3);
    await card(page, 'Faux').first().getByRole('button', { name: 'Bloquer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloquer ce numéro et annuler ses commandes' });
    await dialog.getByText(/Ses 3 commandes en attente seront annulées/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await s.shot('ecom-bloquer-confirmation');
    await dialog.getByRole('button', { name: 'Oui, bloquer' }).click();
    await page.getByText(/bloqué : 3 commandes annulées/).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The wave is cancelled; the real buyer's order is still waiting, with its actions.
    await card(page, 'Faux').filter({ hasText: 'Annulée' }).nth(2).waitFor();
    expect(await card(page, 'Faux').filter({ hasText: 'En attente' }).count()).toBe(0);
    await card(page, 'Mariama').getByText('En attente').waitFor();
    await card(page, 'Mariama').getByRole('button', { name: 'Bloquer' }).waitFor();
    const blocked = page.getByTestId('ecom-bloques');
    await blocked.getByRole('heading', { name: 'Numéros bloqués' }).waitFor();
    await blocked.getByText(/78 111 22 33/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await s.shot('ecom-numero-bloque');
    // The storefront refuses the number now.
    expect((await order('Faux', '781112233')).status).toBe(403);

    await blocked.getByRole('button', { name: 'Débloquer' }).click();
    await page.getByText(/débloqué/).waitFor();
    await blocked.waitFor({ state: 'detached' });
    expect((await order('Faux', '781112233')).status).toBe(200);
  });
});
