// Staff and rights in real Chromium over the local stack: the owner creates a vendeur
// holding only Vente in a shop; the vendeur signs in, sees only the sale screens, sells in that
// shop, cannot open the batch or user screens (menu or address); the owner removes the right and
// the vendeur's next call is refused. Screens at 1280 and 360 px.
import type { Page } from 'playwright-core';
import { get, newBusiness, post, uniqueEmail, type Account } from '../helpers/api';
import { login, go, openSession, type Session } from '../helpers/browser';

const row = (page: Page, text: string | RegExp) => page.locator('tbody tr, li.dt-card').filter({ hasText: text });

describe('staff and rights journey', () => {
  let acc: Account;
  let shopId: number;
  const vendeur = { email: uniqueEmail('vendeur'), password: 'vente1234' };
  let owner: Session | undefined;
  let seller: Session | undefined;

  beforeAll(async () => {
    acc = await newBusiness({ entreprise: 'Ferme Keur Ndiaye' });
    const shops = await get('/api/boutique', acc.token);
    shopId = shops.body[0]?.id ?? (await post('/api/boutique', { nom: 'Boutique Ferme Keur Ndiaye' }, acc.token)).body.id;
    await post('/api/boutique/update', { id_boutique: shopId, nom: 'Boutique Marché', adresse: 'Thiès' }, acc.token);
    const p = await post('/api/produit', { id: 0, nom: 'Poulet fermier', description: '', quantite: 20, prix_cession: 2000, prix_vente: 3500 }, acc.token);
    expect(p.status).toBe(200);
  });

  afterAll(async () => {
    await owner?.close();
    await seller?.close();
  });

  it('owner creates a vendeur with only Vente; the vendeur sells in their shop and nothing else; removing the right stops the next call', async () => {
    owner = await openSession();
    owner.page.on('console', (m) => m.type() === 'error' && console.log('[console]', m.text()));
    await login(owner, acc);
    const op = owner.page;
    await op.getByRole('navigation').getByRole('link', { name: 'Utilisateurs', exact: true }).click();
    await row(op, acc.email).waitFor();
    await owner.shot('users-list');
    await op.getByRole('link', { name: 'Nouvel utilisateur' }).click();
    await op.getByLabel('Prénom').fill('Fatou');
    await op.getByLabel('Nom', { exact: true }).fill('Sarr');
    await op.getByLabel('Téléphone').fill('776543210');
    await op.getByLabel('Email').fill(vendeur.email);
    await op.getByLabel('Mot de passe').fill(vendeur.password);
    await op.getByLabel('Rôle').selectOption('vendeur');
    await op.getByLabel('Boutique', { exact: true }).selectOption(String(shopId));
    await op.getByLabel('Vente', { exact: true }).check();
    await owner.shot('users-form');
    await op.getByRole('button', { name: 'Valider' }).click();
    await op
      .getByText('Utilisateur ajouté')
      .waitFor()
      .catch(async (e) => {
        await owner!.shot('users-form-error');
        throw e;
      });
    await row(op, vendeur.email).getByText('vendeur', { exact: true }).waitFor();

    // ── the vendeur ──
    seller = await openSession();
    const sp = seller.page;
    await login(seller, vendeur);
    // The index (dashboard) is not theirs: they land on the sales screen.
    await sp.waitForURL(/#\/vente$/);
    const nav = sp.locator('#sidebar nav');
    await nav.getByRole('link', { name: 'Vente', exact: true }).waitFor();
    await sp.waitForLoadState('networkidle');
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Vente']);
    await seller.shot('users-vendeur-menu');

    await go(sp, seller.baseUrl, '/vente/vente');
    await sp.getByPlaceholder('Rechercher un produit').fill('poulet');
    await sp.getByRole('option', { name: /Poulet fermier/ }).click();
    await sp.getByLabel('Quantité').fill('2');
    await sp.getByRole('button', { name: 'Ajouter' }).click();
    await sp.getByRole('button', { name: 'Valider' }).click();
    await sp.getByText(/Vente enregistrée/).waitFor();
    await sp.getByRole('link', { name: 'Historique' }).click();
    await row(sp, 'Poulet fermier').getByText('Boutique Marché').waitFor();

    for (const path of ['/bande', '/utilisateur', '/utilisateur/nouveau/1', '/client', '/plan']) {
      await go(sp, seller.baseUrl, path);
      await sp.getByTestId('no-access').waitFor();
    }
    await seller.shot('users-vendeur-refused');

    // ── the owner removes Vente ──
    await go(op, owner.baseUrl, '/utilisateur');
    await row(op, vendeur.email).getByRole('link', { name: 'Détails' }).click();
    await op.getByLabel('Vente', { exact: true }).waitFor();
    expect(await op.getByLabel('Vente', { exact: true }).isChecked()).toBe(true);
    await op.getByLabel('Vente', { exact: true }).uncheck();
    await owner.shot('users-edit');
    await op.getByRole('button', { name: 'Modifier' }).click();
    await op.getByText('Utilisateur modifié').waitFor();

    // The vendeur's next call is refused, and the screen says so once reopened.
    const status = await sp.evaluate(async () => {
      const r = await fetch('api/produit', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return r.status;
    });
    expect(status).toBe(403);
    await go(sp, seller.baseUrl, '/vente/vente');
    await sp.getByTestId('no-access').waitFor();
    expect(await nav.getByRole('link').count()).toBe(0);
  });

  it('a stock count after a theft: the owner adjusts the stock with a reason, the movement shows in the restock list', async () => {
    const s = await openSession();
    try {
      await login(s, acc);
      await go(s.page, s.baseUrl, '/produit');
      await row(s.page, 'Poulet fermier').getByRole('button', { name: 'Ajuster' }).click();
      const dialog = s.page.getByRole('dialog', { name: /Ajuster le stock/ });
      await dialog.getByLabel('Stock compté').fill('15');
      await dialog.getByLabel('Motif').fill('Vol constaté');
      await dialog.getByTestId('ajustement-ecart').getByText('Écart : -3').waitFor();
      await s.shot('produit-ajustement');
      await dialog.getByRole('button', { name: 'Valider' }).click();
      await s.page.getByText('Stock ajusté').waitFor();
      await row(s.page, 'Poulet fermier').locator('td:nth-child(2)', { hasText: /^15$/ }).waitFor();
      await go(s.page, s.baseUrl, '/produit/liste');
      await row(s.page, 'Ajustement : Vol constaté').getByText('-3').waitFor();
      await s.shot('produit-reappro-ajustement');
    } finally {
      await s.close();
    }
  });

  it('user screens at 360 px', async () => {
    const s = await openSession({ width: 360 });
    try {
      await login(s, acc);
      await go(s.page, s.baseUrl, '/utilisateur');
      await row(s.page, vendeur.email).waitFor();
      await s.shot('users-list');
      await go(s.page, s.baseUrl, '/utilisateur/nouveau/2');
      await s.page.getByLabel('Prénom').waitFor();
      await s.shot('users-edit');
      await go(s.page, s.baseUrl, '/utilisateur/nouveau/0');
      await s.page.getByLabel('Prénom').waitFor();
      await s.shot('users-form');
      const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
    } finally {
      await s.close();
    }
  });
});
