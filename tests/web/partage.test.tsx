// « Envoyer par WhatsApp » on a document and what a receipt says is still owed
// (the balance): tap 1 asks POST api/partage and the window opened in the tap goes to the answer's wa.me
// address; a blocked window leaves « Ouvrir WhatsApp » as the second tap; the message, the link to
// copy and its expiry are shown; the document's live links each have « Révoquer » (confirm, then
// POST api/partage/revoquer); offline the button says a share needs a connection and sends
// nothing; a refusal shows the server's words and closes the empty window; without the document's
// right there is no button. A discounted line says its discount; a credit sale and a repayment
// say the balance after them. The browser's window is the edge: window.open is stubbed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { PARTAGE_ECRAN as T } from '@shared/messages/partage-ecran';
import type { Partage, PartageResult } from '@shared/schemas/partage';
import RecuVentePage from '../../web/src/app/documents/routes/RecuVentePage';
import RecuVersementPage from '../../web/src/app/documents/routes/RecuVersementPage';
import { renderWithApp, stubFetch, type Answer, type FakeCall } from './helpers';

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const entreprise = { body: { nom: 'Boutique Keur Massar', telephone: '+221338001122', pays: 'sn', pays_tel: 'sn', boutiques: [] } };

function online(v: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => v });
}

/** A window as window.open gives it: where it was sent, whether it was closed. */
function fakeWindow() {
  const w = { opener: {} as unknown, closed: false, location: { href: 'about:blank' }, close: vi.fn(() => void (w.closed = true)) };
  return w;
}

// Sale 12: a credit sale to Awa Diop of 2 chickens at 3 500 FCFA less 12,5 % (3 063 FCFA each) and
// 1 tray at 2 750 FCFA less 500 FCFA; Awa owed 10 000 FCFA before, 18 376 FCFA after.
const ligne = (over: Record<string, unknown>) => ({
  id: 1,
  id_transaction: 12,
  boutique: { id: 1, nom: 'Boutique Keur Massar' },
  id_produit: 4,
  produit: 'Poulet fermier',
  prix_vente: 3500,
  prix_unitaire: 3063,
  quantite: 2,
  total: 6126,
  type_remise: 'POURCENTAGE',
  valeur_remise: 12.5,
  type: 'EMPRUNT',
  etat: 'VALID',
  id_client: 7,
  client: { id: 7, prenom: 'Awa', nom: 'Diop' },
  id_bande: null,
  created_at: '2026-11-21T09:00:00Z',
  date: '2026-11-21',
  source: 'BOUTIQUE',
  solde_client_apres: 18376,
  ...over,
});
const ventes = [
  ligne({}),
  ligne({
    id: 2,
    id_produit: 5,
    produit: 'Plateau d’œufs',
    prix_vente: 2750,
    prix_unitaire: 2250,
    quantite: 1,
    total: 2250,
    type_remise: 'MONTANT',
    valeur_remise: 500,
  }),
];

const URL_LIEN = 'https://ganaar.example/p/Zm9vYmFyYmF6cXV4.c2lnbmF0dXJl';
const message = `Boutique Keur Massar : votre reçu de vente V-000012\nMontant : 8 376 FCFA\nReste à payer : 18 376 FCFA\nÀ consulter ici : ${URL_LIEN}`;
const whatsapp = `https://wa.me/221771234567?text=${encodeURIComponent(message)}`;
const lien = (over: Partial<Partage> = {}): Partage => ({
  id: 'lienA1b2c3d4',
  type: 'recu_vente',
  id_document: 12,
  url: URL_LIEN,
  cree_le: '2026-11-21T10:00:00Z',
  expire_le: '2026-12-21T10:00:00Z',
  revoque_le: null,
  cree_par: { id: 1, nom: 'Fatou Sow' },
  ...over,
});
const result: PartageResult = { ...lien(), whatsapp, message };

function openRecu(extra: Record<string, Answer> = {}, droits = ['ventav', 'prav']) {
  const api = stubFetch({
    'GET api/user/checkPermission': { body: { status: 'yes', droits } },
    'GET api/entreprise': entreprise,
    'POST api/vente/boutique': { body: { ventes, chiffre_affaire: 8376 } },
    'GET api/produit?archives=1': { body: [] },
    'GET api/partage?type=recu_vente&id=12': { body: [] },
    ...extra,
  });
  renderWithApp(
    <Routes>
      <Route path="/recu/vente/:jour/:transaction" element={<RecuVentePage />} />
    </Routes>,
    '/recu/vente/2026-11-21/12',
  );
  return api;
}
const posts = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

describe('a sale’s receipt', () => {
  it('says each discount, the catalogue price and the price paid, and what the client owes after the sale', async () => {
    openRecu();
    const remises = await screen.findAllByTestId('doc-remise');
    expect(remises.map((r) => nbsp(r.textContent))).toEqual([
      "Prix catalogue 3 500 FCFA · Remise 12,5 % · payé 3 063 FCFA l'unité",
      "Prix catalogue 2 750 FCFA · Remise 500 FCFA · payé 2 250 FCFA l'unité",
    ]);
    expect(nbsp(screen.getByTestId('doc-total').textContent)).toBe('Total : 8 376 FCFA');
    expect(nbsp(screen.getByTestId('doc-solde').textContent)).toBe('18 376 FCFA');
    expect(nbsp(screen.getByTestId('doc-solde').parentElement!.textContent)).toBe('Reste à payer après cette vente : 18 376 FCFA');
  });

  it('of a cash sale says no balance, and a line without discount says none', async () => {
    const comptant = [ligne({ type: 'DIRECT', id_client: null, client: null, solde_client_apres: null, valeur_remise: 0, prix_unitaire: 3500, total: 7000 })];
    openRecu({ 'POST api/vente/boutique': { body: { ventes: comptant, chiffre_affaire: 7000 } } });
    await screen.findByText('Poulet fermier');
    expect(screen.queryByTestId('doc-remise')).toBeNull();
    expect(screen.queryByTestId('doc-solde')).toBeNull();
  });
});

describe('« Envoyer par WhatsApp »', () => {
  it('opens WhatsApp on the answer in the window opened by the tap, shows the message, the link and its expiry, and revokes a live link', async () => {
    const user = userEvent.setup();
    const w = fakeWindow();
    const open = vi.spyOn(window, 'open').mockImplementation(() => w as unknown as Window);
    let liens: Partage[] = [];
    let revoked = false;
    const api = openRecu({
      'POST api/partage': () => ((liens = [lien()]), { body: result }),
      'GET api/partage?type=recu_vente&id=12': () => ({ body: liens }),
      'POST api/partage/revoquer': () => ((revoked = true), (liens = [lien({ revoque_le: '2026-11-21T11:00:00Z' })]), { body: liens[0] }),
    });
    const bouton = await screen.findByRole('button', { name: T.envoyer });
    await waitFor(() => expect((bouton as HTMLButtonElement).disabled).toBe(false));
    await user.click(bouton);
    // The window was opened in the tap itself, empty, then sent to WhatsApp once the link came back.
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0][0]).toBe('');
    await waitFor(() => expect(w.location.href).toBe(whatsapp));
    expect(w.opener).toBeNull();
    expect(posts(api.calls, 'api/partage').map((c) => c.body)).toEqual([{ type: 'recu_vente', id: 12 }]);
    expect(posts(api.calls, 'api/partage')[0].headers.droit).toBe('ventav:r');
    // What was sent, the link to copy, its expiry, and the second tap's link in case.
    expect(screen.getByTestId('partage-message').textContent).toBe(message);
    expect((screen.getByLabelText(T.lien) as HTMLInputElement).value).toBe(URL_LIEN);
    expect(screen.getByTestId('partage-expire').textContent).toBe('Le lien expire le 21/12/2026.');
    expect(screen.getByTestId('partage-ouvrir').getAttribute('href')).toBe(whatsapp);
    expect(screen.queryByText(T.whatsappBloque)).toBeNull();

    // « Copier le lien »: the clipboard gets the link.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(screen.getByRole('button', { name: T.copierLien }));
    expect(writeText).toHaveBeenCalledWith(URL_LIEN);
    await screen.findByText(T.lienCopie);

    // The live link is listed; « Révoquer » asks first, then revokes it and the list empties.
    const liste = await screen.findByTestId('partage-liens');
    const item = within(liste).getByTestId('partage-lien');
    expect(item.textContent).toContain(URL_LIEN);
    expect(item.textContent).toContain("Créé le 21/11/2026 par Fatou Sow, valable jusqu'au 21/12/2026");
    await user.click(within(item).getByRole('button', { name: T.revoquer }));
    const d = screen.getByRole('dialog', { name: T.revoquerTitre });
    expect(revoked).toBe(false);
    await user.click(within(d).getByRole('button', { name: T.revoquerOui }));
    await screen.findByText(T.lienRevoque);
    expect(posts(api.calls, 'api/partage/revoquer').map((c) => c.body)).toEqual([{ id: 'lienA1b2c3d4' }]);
    await waitFor(() => expect(screen.queryAllByTestId('partage-lien')).toHaveLength(0));
    // The panel of the link just revoked is gone: its message no longer stands.
    expect(screen.queryByTestId('partage-result')).toBeNull();
  });

  it('leaves « Ouvrir WhatsApp » as the second tap when the browser opened no window', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockImplementation(() => null);
    openRecu({ 'POST api/partage': { body: result } });
    const bouton = await screen.findByRole('button', { name: T.envoyer });
    await waitFor(() => expect((bouton as HTMLButtonElement).disabled).toBe(false));
    await user.click(bouton);
    await screen.findByText(T.whatsappBloque);
    expect(screen.getByRole('link', { name: T.ouvrirWhatsapp }).getAttribute('href')).toBe(whatsapp);
  });

  it('shows the server’s refusal in its words and closes the empty window', async () => {
    const user = userEvent.setup();
    const w = fakeWindow();
    vi.spyOn(window, 'open').mockImplementation(() => w as unknown as Window);
    openRecu({ 'POST api/partage': { status: 404, body: { code: 404, message: 'Vente introuvable.' } } });
    const bouton = await screen.findByRole('button', { name: T.envoyer });
    await waitFor(() => expect((bouton as HTMLButtonElement).disabled).toBe(false));
    await user.click(bouton);
    expect((await screen.findByRole('alert')).textContent).toBe('Vente introuvable.');
    expect(w.close).toHaveBeenCalled();
    expect(w.location.href).toBe('about:blank');
    expect(screen.queryByTestId('partage-result')).toBeNull();
  });

  it('offline, says a share needs a connection and sends nothing', async () => {
    online(false);
    try {
      const open = vi.spyOn(window, 'open');
      const api = openRecu();
      await screen.findByText('Poulet fermier');
      const bouton = await screen.findByRole('button', { name: T.envoyer });
      expect((bouton as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByTestId('partage-hors-ligne').textContent).toBe(T.horsLigne);
      expect(document.getElementById(bouton.getAttribute('aria-describedby')!)?.textContent).toBe(T.horsLigne);
      await userEvent.setup().click(bouton);
      expect(open).not.toHaveBeenCalled();
      expect(posts(api.calls, 'api/partage')).toHaveLength(0);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
    }
  });

  it('is not offered without the right of the document', async () => {
    const api = openRecu({}, ['prav']);
    await screen.findByText('Poulet fermier');
    // the rights have been read (the products' right shows the eggs' detail): still no button
    await waitFor(() => expect(api.calls.some((c) => c.url === 'api/user/checkPermission')).toBe(true));
    expect(screen.queryByRole('button', { name: T.envoyer })).toBeNull();
    expect(api.calls.some((c) => c.url.startsWith('api/partage'))).toBe(false);
  });
});

describe('a repayment’s receipt', () => {
  it('says what the client still owes after it, and shares it as a repayment receipt', async () => {
    const user = userEvent.setup();
    const w = fakeWindow();
    vi.spyOn(window, 'open').mockImplementation(() => w as unknown as Window);
    const api = stubFetch({
      'GET api/user/checkPermission': { body: { status: 'yes', droits: ['remav'] } },
      'GET api/entreprise': entreprise,
      'GET api/versement': {
        body: [
          {
            id: 9,
            id_client: 7,
            client: { id: 7, prenom: 'Awa', nom: 'Diop', numero_compte: 'C-0007', telephone: '+221771234567' },
            montant: 5000,
            etat: 'VALID',
            created_at: '2026-11-22T10:00:00Z',
            date: '2026-11-22',
            affectations: [],
            solde_apres: 13376,
          },
        ],
      },
      'GET api/partage?type=recu_versement&id=9': { body: [] },
      'POST api/partage': { body: { ...result, type: 'recu_versement', id_document: 9 } },
    });
    renderWithApp(
      <Routes>
        <Route path="/recu/versement/:id" element={<RecuVersementPage />} />
      </Routes>,
      '/recu/versement/9',
    );
    expect(nbsp((await screen.findByTestId('doc-solde')).parentElement!.textContent)).toBe('Reste à payer : 13 376 FCFA');
    const bouton = await screen.findByRole('button', { name: T.envoyer });
    await waitFor(() => expect((bouton as HTMLButtonElement).disabled).toBe(false));
    await user.click(bouton);
    await waitFor(() => expect(w.location.href).toBe(whatsapp));
    expect(posts(api.calls, 'api/partage').map((c) => [c.body, c.headers.droit])).toEqual([[{ type: 'recu_versement', id: 9 }, 'remav:r']]);
  });
});
