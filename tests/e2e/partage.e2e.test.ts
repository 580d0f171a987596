// Reaching people, in real Chromium at 360 px over the real stack: a credit
// sale with two discounted lines → its receipt shows each discount and what the client owes after
// it → « Envoyer par WhatsApp »: the window opened in the tap goes to the wa.me address of the
// client's number in international form with the message (wa.me itself is never reached: the route
// is answered locally) → the link opened in a NEW signed-out browser context shows that receipt
// (same total, same balance, no menu, no link into the app) → « Révoquer » → the page answers 410.
// Then the client's statement (its closing balance is the client's debt) and the follow-up list: one
// tap records a reminder and opens WhatsApp, the list shows it. Axe on each new screen at 360 and
// 1280 px; screenshots at both widths and one session in English.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { addDays, todayFor } from '@shared/dates';
import { PARTAGE_ECRAN as T } from '@shared/messages/partage-ecran';
import { get, newBusiness, post, type Account } from '../helpers/api';
import { checkA11y } from '../helpers/axe';
import { login, nbsp } from '../helpers/bandes-ui';
import { openSession, SCREENSHOT_DIR, type Session } from '../helpers/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium';

const today = () => todayFor('sn');
const fr = (d: string) => d.split('-').reverse().join('/');

/** wa.me is the outside world: a page of our own answers it, so the test never leaves the machine. */
async function stubWhatsapp(context: BrowserContext) {
  await context.route(/^https:\/\/wa\.me\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<html lang="fr"><title>WhatsApp</title></html>' }),
  );
}

/** Taps `button` and returns the wa.me address the window opened by the tap was sent to. */
async function tapWhatsapp(page: Page, tap: () => Promise<void>): Promise<URL> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), tap()]);
  await popup.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(popup.url());
  await popup.close();
  return url;
}

describe('a receipt, a statement and a reminder sent on WhatsApp', () => {
  let acc: Account;
  let s: Session | undefined;
  let english: Browser | undefined;
  const ids = { awa: 0, moussa: 0, transaction: 0, versement: 0 };

  const ok = async (path: string, body: unknown) => {
    const r = await post(path, body, acc.token);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    acc = await newBusiness({ entreprise: 'Boutique Keur Massar' });
    ids.awa = (await ok('/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Diop', telephone: '771234567' })).id;
    ids.moussa = (await ok('/api/addOrUpdateClient', { id: 0, prenom: 'Moussa', nom: 'Fall', telephone: '781112233' })).id;
    const poulet = await ok('/api/produit', { id: 0, nom: 'Poulet fermier', description: '', quantite: 100, prix_cession: 2500, prix_vente: 3500 });
    const plateau = await ok('/api/produit', { id: 0, nom: 'Plateau de 30 œufs', description: '', quantite: 100, prix_cession: 2000, prix_vente: 2750 });
    // Awa: a first credit sale of a tray (2 750), then 2 chickens at 12,5 % off (3 063 each) and a
    // tray at 500 FCFA off (2 250): 8 376, so she owes 11 126 after it; then she repays 5 000.
    await ok('/api/vente', { produits: [{ id_produit: plateau.id, quantite: 1 }], type: 'EMPRUNT', id_client: ids.awa });
    ids.transaction = (
      await ok('/api/vente', {
        produits: [
          { id_produit: poulet.id, quantite: 2, type_remise: 'POURCENTAGE', valeur_remise: 12.5 },
          { id_produit: plateau.id, quantite: 1, type_remise: 'MONTANT', valeur_remise: 500 },
        ],
        type: 'EMPRUNT',
        id_client: ids.awa,
      })
    ).id_transaction;
    ids.versement = (await ok('/api/versement', { id_client: ids.awa, montant: 5000 })).versement.id;
    // Moussa: 10 chickens on credit.
    await ok('/api/vente', { produits: [{ id_produit: poulet.id, quantite: 10 }], type: 'EMPRUNT', id_client: ids.moussa });
  });

  afterEach(async () => {
    await s?.close();
    s = undefined;
  });
  afterAll(async () => {
    await english?.close();
  });

  it('shares a discounted credit sale’s receipt, opens it signed out, and revokes it (360 px)', async () => {
    s = await openSession({ width: 360, height: 780 });
    const { page, context, browser, baseUrl } = s;
    await stubWhatsapp(context);
    await login(s, acc);
    await page.goto(`${baseUrl}/#/recu/vente/${today()}/${ids.transaction}`);
    await page.getByTestId('doc-total').getByText('8 376 FCFA').waitFor();
    expect((await page.getByTestId('doc-remise').allTextContents()).map(nbsp)).toEqual([
      "Prix catalogue 3 500 FCFA · Remise 12,5 % · payé 3 063 FCFA l'unité",
      "Prix catalogue 2 750 FCFA · Remise 500 FCFA · payé 2 250 FCFA l'unité",
    ]);
    await page.getByTestId('doc-solde').getByText('11 126 FCFA').waitFor();
    await page.getByTestId('doc-entreprise').getByText('Boutique Keur Massar', { exact: true }).waitFor();
    await s.shot('partage-recu');
    await checkA11y(page, 'partage-recu');

    // ── tap 1: WhatsApp opens on Awa's number with the message ──
    const wa = await tapWhatsapp(page, () => page.getByRole('button', { name: T.envoyer }).click());
    expect(wa.pathname).toBe('/221771234567');
    const texte = wa.searchParams.get('text') ?? '';
    const lien = await page.getByLabel(T.lien).inputValue();
    expect(lien).toMatch(/\/p\/[A-Za-z0-9_.-]+$/);
    expect(nbsp(texte)).toBe(
      nbsp(
        `Boutique Keur Massar : votre reçu de vente V-${String(ids.transaction).padStart(6, '0')}\nMontant : 8 376 FCFA\nReste à payer : 11 126 FCFA\nÀ consulter ici : ${lien}`,
      ),
    );
    // The message shown is the one sent; the expiry is 30 days away.
    expect(await page.getByTestId('partage-message').textContent()).toBe(texte);
    expect(await page.getByTestId('partage-expire').textContent()).toBe(`Le lien expire le ${fr(addDays(today(), 30))}.`);
    await page.getByTestId('partage-lien').first().waitFor();
    await s.shot('partage-envoye');
    await checkA11y(page, 'partage-envoye');

    // ── the client opens the link on another phone, without an account ──
    const ailleurs = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'fr-FR', timezoneId: 'Africa/Dakar' });
    try {
      const pub = await ailleurs.newPage();
      const r = await pub.goto(lien);
      expect(r?.status()).toBe(200);
      const corps = nbsp(await pub.locator('body').innerText());
      expect(corps).toContain('Boutique Keur Massar');
      expect(corps).toContain('8 376 FCFA');
      expect(corps).toContain('11 126 FCFA');
      expect(corps).toContain('Remise 12,5 %');
      // One document and nothing else: no menu, no script, no link into the app.
      expect(await pub.locator('nav, script').count()).toBe(0);
      const hrefs = await pub.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(hrefs.filter((h) => h.startsWith(new URL(baseUrl).origin))).toEqual([]);
      await pub.screenshot({ path: `${SCREENSHOT_DIR}/partage-page-publique-360.jpg`, fullPage: true, type: 'jpeg', quality: 85 });

      // ── « Révoquer »: dead at once ──
      await page.getByTestId('partage-lien').first().getByRole('button', { name: T.revoquer }).click();
      const d = page.getByRole('dialog', { name: T.revoquerTitre });
      await checkA11y(page, 'partage-revoquer');
      await d.getByRole('button', { name: T.revoquerOui }).click();
      await page.getByText(T.lienRevoque).waitFor();
      expect(await page.getByTestId('partage-lien').count()).toBe(0);
      const apres = await pub.goto(lien);
      expect(apres?.status()).toBe(410);
      expect(nbsp(await pub.locator('body').innerText())).toContain('Ce lien a été retiré');
    } finally {
      await ailleurs.close();
    }

    // ── the repayment's receipt says what is left ──
    await page.goto(`${baseUrl}/#/recu/versement/${ids.versement}`);
    await page.getByTestId('doc-solde').getByText('6 126 FCFA').waitFor();
    await s.shot('partage-recu-versement');
  });

  for (const width of [360, 1280]) {
    it(`shows Awa's statement and sends Moussa a reminder from the follow-up list (${width} px)`, async () => {
      s = await openSession({ width, height: 900 });
      const { page, context, baseUrl } = s;
      await stubWhatsapp(context);
      await login(s, acc);

      // ── the statement, reached from the client list ──
      await page.goto(`${baseUrl}/#/client`);
      await page.getByRole('link', { name: `${T.releveBouton} : Awa Diop` }).click();
      await page.getByTestId('releve-cloture').waitFor();
      const creance = ((await get('/api/clients', acc.token)).body as { id: number; creance: number }[]).find((c) => c.id === ids.awa)!.creance;
      expect(creance).toBe(6126);
      expect(nbsp(await page.getByTestId('releve-cloture').textContent())).toBe('6 126 FCFA');
      expect(nbsp(await page.getByTestId('releve-ventes').textContent())).toBe('11 126 FCFA');
      expect(nbsp(await page.getByTestId('releve-versements').textContent())).toBe('5 000 FCFA');
      expect(await page.getByTestId('releve-ligne').count()).toBe(3);
      await s.shot('releve');
      await checkA11y(page, 'releve');

      // ── the follow-up list: both clients, oldest debt first; one tap reminds Moussa ──
      await page.goto(`${baseUrl}/#/relances`);
      await page.getByTestId(`relance-montant-${ids.moussa}`).waitFor();
      expect(nbsp(await page.getByTestId(`relance-montant-${ids.moussa}`).first().textContent())).toBe('35 000 FCFA');
      expect(nbsp(await page.getByTestId(`relance-age-${ids.awa}`).first().textContent())).toBe(`${fr(today())}, depuis aujourd'hui`);
      const avant = nbsp(await page.getByTestId(`relance-derniere-${ids.moussa}`).first().textContent());
      if (width === 360) expect(avant).toBe(T.jamais);
      await s.shot('relances');
      await checkA11y(page, 'relances');
      const wa = await tapWhatsapp(page, () => page.getByRole('button', { name: `${T.relancer} : Moussa Fall` }).click());
      expect(wa.pathname).toBe('/221781112233');
      expect(wa.searchParams.get('text')).toContain('relevé de compte');
      await expect
        .poll(async () => nbsp(await page.getByTestId(`relance-derniere-${ids.moussa}`).first().textContent()))
        .toMatch(new RegExp(`^relancé le ${fr(today())} par `));
      const r = ((await get('/api/relances', acc.token)).body as { client: { id: number }; derniere_relance: { le: string } | null }[]).find(
        (l) => l.client.id === ids.moussa,
      )!;
      expect(r.derniere_relance?.le.slice(0, 10)).toBe(today());
      await s.shot('relances-relance');
    });
  }

  it('shows the statement and the follow-up list in an English-language browser (360 px)', async () => {
    english = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS.filter((x) => !x.startsWith('--lang=')), '--lang=en-US'],
      env: { ...process.env, LANGUAGE: 'en', LANG: 'en_US.UTF-8' },
    });
    const context = await english.newContext({
      viewport: { width: 360, height: 800 },
      locale: 'en-US',
      timezoneId: 'Africa/Dakar',
      extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' },
    });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    const baseUrl = inject('baseUrl');
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await login({ page, baseUrl } as never, acc);
    await page.goto(`${baseUrl}/#/client/${ids.awa}/releve`);
    expect(nbsp(await (await page.getByTestId('releve-cloture').elementHandle())!.textContent())).toBe('6 126 FCFA');
    // Amounts and dates stay French whatever the browser's language.
    expect(nbsp(await page.getByTestId('releve-periode').textContent())).toBe(`Période du ${fr(`${today().slice(0, 7)}-01`)} au ${fr(today())}`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/releve-en-360.jpg`, fullPage: true, type: 'jpeg', quality: 85 });
    await page.goto(`${baseUrl}/#/relances`);
    await page.getByTestId(`relance-montant-${ids.awa}`).waitFor();
    expect(nbsp(await page.getByTestId(`relance-montant-${ids.awa}`).textContent())).toBe('6 126 FCFA');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/relances-en-360.jpg`, fullPage: true, type: 'jpeg', quality: 85 });
  });
});
