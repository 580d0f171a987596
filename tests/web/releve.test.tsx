// The client statement and the debt follow-up, the screens over the API's answers:
// the statement prints its opening balance, each movement in the debit or the credit column with
// the balance after it, the totals and the closing balance; its period follows the fields (a
// period ending in the future or upside down is refused on screen and not asked); « Envoyer par
// WhatsApp » shares that very period; the CSV has the same lines. The follow-up list shows each
// client's debt, the age of the oldest unpaid sale and the last reminder; « Relancer par WhatsApp »
// asks a statement link with `relance: true` over the reminder's period (from the oldest unpaid
// sale, 90 days back at most) and WhatsApp opens on it; the list then shows the new reminder.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { addDays, todayFor } from '@shared/dates';
import { PARTAGE_ECRAN as T } from '@shared/messages/partage-ecran';
import type { PartageResult } from '@shared/schemas/partage';
import type { RelanceLigne, ReleveResponse } from '@shared/schemas/releve';
import ReleveClientPage from '../../web/src/app/documents/routes/ReleveClientPage';
import RelancesPage from '../../web/src/features/releve/routes/RelancesPage';
import { periodeParDefaut, periodeRelance } from '../../web/src/features/releve/logic/periode';
import * as csv from '../../web/src/lib/csv';
import { renderWithApp, stubFetch, type Answer, type FakeCall } from './helpers';

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const today = todayFor('sn');
const entreprise = { body: { nom: 'Boutique Keur Massar', telephone: '+221338001122', pays: 'sn', pays_tel: 'sn', boutiques: [] } };
const posts = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);
const fakeWindow = () => {
  const w = { opener: {} as unknown, closed: false, location: { href: 'about:blank' }, close: vi.fn(() => void (w.closed = true)) };
  return w;
};

describe('the periods of a statement', () => {
  it('defaults to this month up to today; a reminder starts at the oldest unpaid sale, 90 days back at most', () => {
    expect(periodeParDefaut('2026-11-29')).toEqual({ debut: '2026-11-01', fin: '2026-11-29' });
    expect(periodeRelance('2026-11-06', '2026-11-29')).toEqual({ debut: '2026-11-06', fin: '2026-11-29' });
    expect(periodeRelance('2026-08-31', '2026-11-29')).toEqual({ debut: '2026-08-31', fin: '2026-11-29' });
    expect(periodeRelance('2026-08-30', '2026-11-29')).toEqual({ debut: '2026-08-31', fin: '2026-11-29' });
    expect(periodeRelance(null, '2026-11-29')).toEqual({ debut: '2026-08-31', fin: '2026-11-29' });
  });
});

// Awa Diop's November, worked by hand: she owed 10 000 FCFA at the end of October; a credit sale of
// 8 376 (→ 18 376), a repayment of 5 000 (→ 13 376), a cancelled line of 2 250 (→ 11 126), the
// repayment cancelled (→ 16 126), an order delivered with 4 000 left to pay (→ 20 126).
const debut = `${today.slice(0, 7)}-01`;
const d = (n: number) => addDays(debut, n);
const releve: ReleveResponse = {
  debut,
  fin: today,
  solde_ouverture: 10000,
  lignes: [
    { type: 'vente_credit', date: d(0), at: `${d(0)}T09:00:00Z`, montant: 8376, ref: 'vente:12', libelle: 'Vente V-000012', solde: 18376 },
    { type: 'versement', date: d(0), at: `${d(0)}T10:00:00Z`, montant: 5000, ref: 'versement:9', libelle: 'Remboursement R-000009', solde: 13376 },
    {
      type: 'annulation_vente',
      date: d(0),
      at: `${d(0)}T11:00:00Z`,
      montant: 2250,
      ref: 'vente:12',
      libelle: 'Annulation vente V-000012 (Plateau)',
      solde: 11126,
    },
    {
      type: 'annulation_versement',
      date: d(0),
      at: `${d(0)}T12:00:00Z`,
      montant: 5000,
      ref: 'versement:9',
      libelle: 'Annulation remboursement R-000009',
      solde: 16126,
    },
    {
      type: 'livraison_commande',
      date: d(0),
      at: `${d(0)}T13:00:00Z`,
      montant: 4000,
      ref: 'commande:3',
      libelle: 'Livraison commande CMD-000003',
      solde: 20126,
    },
  ],
  ventes_credit: 12376,
  versements: 5000,
  annulations_ventes: 2250,
  annulations_versements: 5000,
  solde_cloture: 20126,
  client: { id: 7, prenom: 'Awa', nom: 'Diop', numero_compte: 'C-0007', telephone: '+221771234567', indicatif: '+221', creance: 20126 },
  entreprise: { nom: 'Boutique Keur Massar', telephone: '+221338001122' },
};

function openReleve(path = '/client/7/releve', extra: Record<string, Answer> = {}) {
  const api = stubFetch({
    'GET api/user/checkPermission': { body: { status: 'yes', droits: ['clav'] } },
    'GET api/entreprise': entreprise,
    'GET api/partage?type=releve_client&id=7': { body: [] },
    ...extra,
  });
  renderWithApp(
    <Routes>
      <Route path="/client/:id/releve" element={<ReleveClientPage />} />
    </Routes>,
    path,
  );
  return api;
}

describe('a client’s statement', () => {
  it('prints the opening balance, each movement as a debit or a credit with the balance after it, the totals and the closing balance', async () => {
    const api = openReleve('/client/7/releve', { [`GET api/client/releve/7/${debut}/${today}`]: { body: releve } });
    const table = await screen.findByTestId('releve-lignes');
    expect(api.calls.find((c) => c.url.startsWith('api/client/releve'))!.headers.droit).toBe('clav:r');
    expect(screen.getByTestId('releve-client').textContent).toBe('Awa Diop');
    expect(screen.getByTestId('releve-periode').textContent).toBe(
      `Période du ${debut.split('-').reverse().join('/')} au ${today.split('-').reverse().join('/')}`,
    );
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => nbsp(c.textContent)),
      );
    const jj = d(0).split('-').reverse().join('/');
    expect(rows).toEqual([
      ['', `Solde au ${addDays(debut, -1).split('-').reverse().join('/')}`, '10 000'],
      [jj, `${jj}Vente V-000012`, '8 376', '', '18 376'],
      [jj, `${jj}Remboursement R-000009`, '', '5 000', '13 376'],
      [jj, `${jj}Annulation vente V-000012 (Plateau)`, '', '2 250', '11 126'],
      [jj, `${jj}Annulation remboursement R-000009`, '5 000', '', '16 126'],
      [jj, `${jj}Livraison commande CMD-000003`, '4 000', '', '20 126'],
    ]);
    expect(nbsp(screen.getByTestId('releve-ventes').textContent)).toBe('12 376 FCFA');
    expect(nbsp(screen.getByTestId('releve-versements').textContent)).toBe('5 000 FCFA');
    expect(nbsp(screen.getByTestId('releve-annulations-ventes').textContent)).toBe('2 250 FCFA');
    expect(nbsp(screen.getByTestId('releve-annulations-versements').textContent)).toBe('5 000 FCFA');
    expect(nbsp(screen.getByTestId('releve-cloture').textContent)).toBe('20 126 FCFA');

    // The CSV: the same lines, the opening balance first.
    const dl = vi.spyOn(csv, 'downloadCsv').mockImplementation(() => undefined);
    fireEvent.click(screen.getByTestId('releve-csv'));
    expect(dl).toHaveBeenCalledTimes(1);
    const [, cols, lignes] = dl.mock.calls[0] as unknown as [string, csv.CsvColumn<unknown>[], unknown[]];
    const text = csv.toCsv(cols, lignes);
    expect(text).toContain('Date;Libellé;Débit (FCFA);Crédit (FCFA);Solde (FCFA)');
    expect(text).toContain(`${jj};Annulation vente V-000012 (Plateau);;2250;11126`);
    expect(text.trim().split('\r\n')).toHaveLength(7);
  });

  it('follows the period typed, refuses one that ends in the future or starts after it ends, and shares that very period', async () => {
    const user = userEvent.setup();
    const w = fakeWindow();
    vi.spyOn(window, 'open').mockImplementation(() => w as unknown as Window);
    const hier = addDays(today, -1);
    const avant = addDays(today, -40);
    const api = openReleve('/client/7/releve', {
      [`GET api/client/releve/7/${debut}/${today}`]: { body: releve },
      [`GET api/client/releve/7/${avant}/${hier}`]: { body: { ...releve, debut: avant, fin: hier, lignes: [], solde_ouverture: 3000, solde_cloture: 3000 } },
      'POST api/partage': {
        body: { id: 'x1234567', whatsapp: 'https://wa.me/221771234567?text=r', message: 'm', url: 'u', expire_le: `${today}T00:00:00Z` } as PartageResult,
      },
    });
    await screen.findByTestId('releve-lignes');
    fireEvent.change(screen.getByLabelText(T.releveFin), { target: { value: addDays(today, 1) } });
    expect((await screen.findByRole('alert')).textContent).toBe(T.releveFinFuture);
    fireEvent.change(screen.getByLabelText(T.releveDebut), { target: { value: avant } });
    expect(screen.getByRole('alert').textContent).toBe(T.releveFinFuture);
    fireEvent.change(screen.getByLabelText(T.releveFin), { target: { value: addDays(avant, -1) } });
    expect(screen.getByRole('alert').textContent).toBe(T.releveDebutApresFin);
    // The share waits for a period it can send.
    expect((screen.getByRole('button', { name: T.envoyer }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(T.releveFin), { target: { value: hier } });
    await waitFor(() => expect(nbsp(screen.getByTestId('releve-cloture').textContent)).toBe('3 000 FCFA'));
    expect(screen.getByText(T.releveAucun)).toBeTruthy();
    // Neither refused period was asked.
    expect(api.calls.filter((c) => c.url.startsWith('api/client/releve')).map((c) => c.url)).toEqual([
      `api/client/releve/7/${debut}/${today}`,
      `api/client/releve/7/${avant}/${hier}`,
    ]);
    const bouton = screen.getByRole('button', { name: T.envoyer });
    await waitFor(() => expect((bouton as HTMLButtonElement).disabled).toBe(false));
    await user.click(bouton);
    await waitFor(() => expect(w.location.href).toBe('https://wa.me/221771234567?text=r'));
    expect(posts(api.calls, 'api/partage').map((c) => [c.body, c.headers.droit])).toEqual([
      [{ type: 'releve_client', id: 7, debut: avant, fin: hier }, 'clav:r'],
    ]);
  });

  it('says the server’s words for another business’s client', async () => {
    openReleve('/client/99/releve', { [`GET api/client/releve/99/${debut}/${today}`]: { status: 404, body: { code: 404, message: 'Client introuvable.' } } });
    expect((await screen.findByText('Client introuvable.')).className).toContain('alert-error');
  });
});

const relance = (over: Partial<RelanceLigne> & { id: number; prenom: string }): RelanceLigne => ({
  client: { id: over.id, prenom: over.prenom, nom: 'Diop', numero_compte: `C-000${over.id}`, telephone: '+221771234567', indicatif: '+221' },
  creance: 10000,
  plus_ancienne: addDays(today, -23),
  age_jours: 23,
  derniere_relance: null,
  ...over,
});

describe('the follow-up list (« Relances »)', () => {
  it('shows each debt, its age and the last reminder; one tap shares the statement as a reminder and the list shows it', async () => {
    const user = userEvent.setup();
    const w = fakeWindow();
    vi.spyOn(window, 'open').mockImplementation(() => w as unknown as Window);
    let lignes: RelanceLigne[] = [
      relance({ id: 3, prenom: 'Moussa', creance: 45000, plus_ancienne: addDays(today, -120), age_jours: 120 }),
      relance({ id: 7, prenom: 'Awa', creance: 20126, derniere_relance: { le: `${addDays(today, -5)}T08:00:00Z`, par: { id: 2, nom: 'Fatou Sow' } } }),
    ];
    const api = stubFetch({
      'GET api/user/checkPermission': { body: { status: 'yes', droits: ['clav'] } },
      'GET api/entreprise': entreprise,
      'GET api/relances': () => ({ body: lignes }),
      'POST api/partage': (c) => {
        lignes = lignes.map((l) =>
          l.client.id === (c.body as { id: number }).id ? { ...l, derniere_relance: { le: `${today}T09:30:00Z`, par: { id: 1, nom: 'Aminata Ba' } } } : l,
        );
        return { body: { id: 'r1234567', whatsapp: 'https://wa.me/221771234567?text=releve', message: 'm', url: 'u', expire_le: `${today}T00:00:00Z` } };
      },
    });
    renderWithApp(
      <Routes>
        <Route path="/relances" element={<RelancesPage />} />
      </Routes>,
      '/relances',
    );
    const fr = (j: string) => j.split('-').reverse().join('/');
    await waitFor(() => expect(nbsp(screen.getByTestId('relance-montant-3').textContent)).toBe('45 000 FCFA'));
    expect(screen.getByTestId('relances-nombre').textContent).toBe('2');
    expect(nbsp(screen.getByTestId('relances-total').textContent)).toBe('65 126 FCFA');
    expect(screen.getByTestId('relance-age-3').textContent).toBe(`${fr(addDays(today, -120))}, depuis 120 jours`);
    expect(screen.getByTestId('relance-age-7').textContent).toBe(`${fr(addDays(today, -23))}, depuis 23 jours`);
    expect(screen.getByTestId('relance-derniere-3').textContent).toBe('jamais');
    expect(screen.getByTestId('relance-derniere-7').textContent).toBe(`relancé le ${fr(addDays(today, -5))} par Fatou Sow`);
    // The statement, opened over the reminder's period.
    expect(screen.getByRole('link', { name: `${T.releveBouton} : Moussa Diop` }).getAttribute('href')).toBe(
      `#/client/3/releve?debut=${addDays(today, -90)}&fin=${today}`,
    );

    await user.click(screen.getByRole('button', { name: `${T.relancer} : Moussa Diop` }));
    await waitFor(() => expect(w.location.href).toBe('https://wa.me/221771234567?text=releve'));
    // Moussa's oldest unpaid sale is 120 days old: the statement starts 90 days back.
    expect(posts(api.calls, 'api/partage').map((c) => [c.body, c.headers.droit])).toEqual([
      [{ type: 'releve_client', id: 3, debut: addDays(today, -90), fin: today, relance: true }, 'clav:r'],
    ]);
    await waitFor(() => expect(screen.getByTestId('relance-derniere-3').textContent).toBe(`relancé le ${fr(today)} par Aminata Ba`));
    expect(screen.getByText(T.relanceFaite('Moussa Diop'), { exact: false })).toBeTruthy();
  });

  it('shows a refusal in the server’s words and closes the empty window', async () => {
    const user = userEvent.setup();
    const w = fakeWindow();
    vi.spyOn(window, 'open').mockImplementation(() => w as unknown as Window);
    stubFetch({
      'GET api/user/checkPermission': { body: { status: 'yes', droits: ['clav'] } },
      'GET api/entreprise': entreprise,
      'GET api/relances': { body: [relance({ id: 7, prenom: 'Awa' })] },
      'POST api/partage': { status: 403, body: { code: 403, message: "Vous n'avez pas accès à cette fonctionnalité." } },
    });
    renderWithApp(
      <Routes>
        <Route path="/relances" element={<RelancesPage />} />
      </Routes>,
      '/relances',
    );
    await user.click(await screen.findByRole('button', { name: `${T.relancer} : Awa Diop` }));
    expect((await screen.findByRole('alert')).textContent).toBe("Vous n'avez pas accès à cette fonctionnalité.");
    expect(w.close).toHaveBeenCalled();
  });

  it('says when nobody owes anything', async () => {
    stubFetch({
      'GET api/user/checkPermission': { body: { status: 'yes', droits: ['clav'] } },
      'GET api/entreprise': entreprise,
      'GET api/relances': { body: [] },
    });
    renderWithApp(
      <Routes>
        <Route path="/relances" element={<RelancesPage />} />
      </Routes>,
      '/relances',
    );
    await screen.findByText(T.relancesAucune);
  });
});
