// A first week that guides: the "Commencez ici" list (ticks read from the business's real
// lists, a link per step, the trial's end date, gone once all is done or hidden on this device), the
// dashboard's transaction table hidden when empty, the payment dialog's end-date sentence (the
// server's rule, shared/period.ts) and the operator console telling an offered extension from a
// payment.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { extendPeriod } from '../../functions/paiements/period';
import { PLANS } from '@shared/plans';
import { FIRST_STEPS_HIDDEN_KEY, CommencezIci } from '../../web/src/features/tableau-de-bord/components/CommencezIci';
import { TransactionsParService } from '../../web/src/features/tableau-de-bord/components/TransactionsParService';
import { EndDateNote } from '../../web/src/features/paiements/components/PaiementDialog';
import type { Abonnement } from '../../web/src/features/paiements/api/get-paiements';
import EntrepriseListPage from '../../web/src/features/operateur/routes/EntrepriseListPage';
import JournalPage from '../../web/src/features/operateur/routes/JournalPage';
import TableauDeBordPage from '../../web/src/features/tableau-de-bord/routes/TableauDeBordPage';
import VenteHistoriquePage from '../../web/src/features/ventes/routes/VenteHistoriquePage';
import { vi } from 'vitest';
import { renderWithApp, stubFetch } from './helpers';

const TRIAL: Abonnement = { code_plan: 'db1', plan: 'Démarrage', valid_until: '2026-12-10T08:00:00.000Z', essai: true, suspendu: false, valide: true };
const lot = (o: Partial<{ id: number; depense: number; nb_vendu: number }> = {}) => ({
  id: 4,
  nom: 'Bande 1',
  type: 'chair',
  nb_sujet: 200,
  date_demarage: '2026-11-20',
  statut: 'ACTIVE',
  nb_perte: 0,
  chiffre_affaire: 0,
  depense: 0,
  nb_vendu: 0,
  created_at: '2026-11-20T09:00:00.000Z',
  ...o,
});

// api/checkplan's answer for a subscription (the list reads the trial and its end date there).
const planCheck = (a: Abonnement) => ({ body: { code: 200, plan: a.code_plan, nom: a.plan, validUntil: a.valid_until, trial: a.essai } });

function stubFirstWeek(o: { abonnement?: Abonnement; bandes?: unknown[]; produits?: unknown[]; ventes?: unknown[] }) {
  return stubFetch({
    'GET api/checkplan': planCheck(o.abonnement ?? TRIAL),
    'GET api/bande?archives=1': { body: o.bandes ?? [] },
    'GET api/produit?archives=1': { body: o.produits ?? [] },
    'POST api/vente/boutique': { body: { ventes: o.ventes ?? [], chiffre_affaire: 0 } },
  });
}

const step = (key: string) => screen.getByTestId(`first-step-${key}`);

describe('Commencez ici', () => {
  it('a new business: nothing ticked, a link to each screen, and the trial end date', async () => {
    const { calls } = stubFirstWeek({});
    renderWithApp(<CommencezIci />);
    expect(await screen.findByRole('heading', { name: 'Commencez ici' })).toBeTruthy();
    expect(screen.getByTestId('first-steps-essai').textContent).toBe("Essai gratuit jusqu'au 10/12/2026");
    expect(await screen.findByText('Étapes faites : 0 sur 4')).toBeTruthy();
    for (const k of ['bande', 'depense', 'produit', 'vente']) expect(step(k).dataset.done).toBe('non');
    expect(within(step('bande')).getByRole('link', { name: 'Créer une bande' }).getAttribute('href')).toBe('#/bande');
    expect(within(step('depense')).getByRole('link', { name: "Créer d'abord une bande" }).getAttribute('href')).toBe('#/bande');
    expect(within(step('produit')).getByRole('link', { name: 'Ajouter un produit' }).getAttribute('href')).toBe('#/produit');
    expect(within(step('vente')).getByRole('link', { name: 'Nouvelle vente' }).getAttribute('href')).toBe('#/vente/vente');
    // the shop's history is read from the start, up to today
    const ventes = calls.find((c) => c.url === 'api/vente/boutique')!;
    expect(ventes.body).toEqual({ debut: '2000-01-01', fin: new Date().toISOString().slice(0, 10) });
  });

  it('ticks each step from the real lists: a batch, its expense, a product, a sale', async () => {
    stubFirstWeek({ bandes: [lot({ id: 9, depense: 15000 })], produits: [{ id: 1, nom: 'Œufs' }] });
    renderWithApp(<CommencezIci />);
    await screen.findByText('Étapes faites : 3 sur 4');
    expect(step('bande').dataset.done).toBe('oui');
    expect(step('depense').dataset.done).toBe('oui');
    expect(step('produit').dataset.done).toBe('oui');
    expect(step('vente').dataset.done).toBe('non');
    // a done step has no button; the screen reader hears "fait"
    expect(within(step('bande')).queryByRole('link')).toBeNull();
    expect(step('bande').textContent).toContain(': fait');
  });

  it('the expense link opens the first batch; a cancelled shop sale does not count, a batch sale does', async () => {
    stubFirstWeek({ bandes: [lot({ id: 9 })], ventes: [{ id: 1, etat: 'DELETED', type: 'DIRECT', total: 500 }] });
    const first = renderWithApp(<CommencezIci />);
    await screen.findByText('Étapes faites : 1 sur 4');
    expect(within(step('depense')).getByRole('link', { name: 'Ouvrir la bande' }).getAttribute('href')).toBe('#/bande/9');
    expect(step('vente').dataset.done).toBe('non');
    first.unmount();
    stubFirstWeek({ bandes: [lot({ id: 9, nb_vendu: 3 })] });
    const second = renderWithApp(<CommencezIci />);
    await screen.findByText('Étapes faites : 2 sur 4');
    expect(step('vente').dataset.done).toBe('oui');
    second.unmount();
    // A layer batch that sold only réforme hens (decision 0217) has sold too.
    stubFirstWeek({ bandes: [{ ...lot({ id: 9 }), type: 'pondeuse', nb_reforme: 20 }] });
    renderWithApp(<CommencezIci />);
    await screen.findByText('Étapes faites : 2 sur 4');
    expect(step('vente').dataset.done).toBe('oui');
  });

  it('disappears once the four are done', async () => {
    const { calls } = stubFirstWeek({ bandes: [lot({ depense: 1 })], produits: [{ id: 1 }], ventes: [{ id: 2, etat: 'VALID', type: 'DIRECT', total: 100 }] });
    const { container } = renderWithApp(<CommencezIci />);
    await waitFor(() => expect(calls.some((c) => c.url === 'api/vente/boutique')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="first-steps"]')).toBeNull();
  });

  it('(the same wait shows it when one step is left: the test above cannot pass on a list still loading)', async () => {
    const { calls } = stubFirstWeek({ bandes: [lot({ depense: 1 })], produits: [{ id: 1 }] });
    const { container } = renderWithApp(<CommencezIci />);
    await waitFor(() => expect(calls.some((c) => c.url === 'api/vente/boutique')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="first-steps"]')).not.toBeNull();
  });

  it('"Masquer cette liste" hides it and this device remembers', async () => {
    stubFirstWeek({});
    const first = renderWithApp(<CommencezIci />);
    fireEvent.click(await screen.findByRole('button', { name: 'Masquer cette liste' }));
    expect(screen.queryByTestId('first-steps')).toBeNull();
    expect(localStorage.getItem(FIRST_STEPS_HIDDEN_KEY)).toBe('1');
    first.unmount();
    const { calls } = stubFirstWeek({});
    renderWithApp(<CommencezIci />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('first-steps')).toBeNull();
    // The plan check is the dashboard's own (its banner); none of the list's reads is made.
    expect(calls.map((c) => c.url).filter((u) => u !== 'api/checkplan')).toEqual([]);
  });

  it('a paying business (not the trial) does not get it, and reads nothing more', async () => {
    const { calls } = stubFirstWeek({ abonnement: { ...TRIAL, essai: false, code_plan: 'pro', plan: 'Professionnel' } });
    renderWithApp(<CommencezIci />);
    await waitFor(() => expect(calls.some((c) => c.url === 'api/checkplan')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('first-steps')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['api/checkplan']);
  });

  it('paints its four labels as soon as the trial is known, and ticks nothing before the lists answer', async () => {
    // The shop's history never answers in this test: the list must show, with no step ticked or unticked.
    const { calls } = stubFetch({
      'GET api/checkplan': planCheck(TRIAL),
      'GET api/bande?archives=1': { body: [lot({ depense: 1 })] },
      'GET api/produit?archives=1': { body: [{ id: 1 }] },
    });
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === 'api/vente/boutique'
        ? new Promise<Response>(() => calls.push({ url: String(input), method: 'POST', headers: {}, body: undefined }))
        : answered(input, init),
    );
    renderWithApp(<CommencezIci />);
    expect(await screen.findByText('Créer votre première bande')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === 'api/vente/boutique')).toBe(true));
    expect(screen.getByText('Vérification de vos étapes…')).toBeTruthy();
    for (const k of ['bande', 'depense', 'produit', 'vente']) {
      expect(step(k).dataset.done).toBeUndefined();
      expect(step(k).textContent).toContain(': vérification');
      expect(within(step(k)).queryByRole('link')).toBeNull();
    }
  });

  it('a user who may not read one of the lists does not get it', async () => {
    const { calls } = stubFirstWeek({});
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === 'api/produit?archives=1'
        ? Promise.resolve(
            new Response(JSON.stringify({ code: 403, message: 'Accès refusé' }), { status: 403, headers: { 'content-type': 'application/json' } }),
          )
        : answered(input, init),
    );
    const { container } = renderWithApp(<CommencezIci />);
    await waitFor(() => expect(calls.some((c) => c.url === 'api/vente/boutique')).toBe(true));
    await waitFor(() => expect(container.querySelector('[data-testid="first-steps"]')).toBeNull());
  });

  it('four steps done: this device stops asking', async () => {
    stubFirstWeek({ bandes: [lot({ depense: 1, nb_vendu: 2 })], produits: [{ id: 1 }] });
    renderWithApp(<CommencezIci />);
    await waitFor(() => expect(localStorage.getItem(FIRST_STEPS_HIDDEN_KEY)).toBe('1'));
    expect(screen.queryByTestId('first-steps')).toBeNull();
  });
});

describe('the dashboard transaction table', () => {
  it('stays hidden with no subscription payment in the period, and says what it is when shown', async () => {
    const range = { start: '2026-01-01', end: '2026-11-26' };
    const path = 'GET api/paiement/transactions?debut=2026-01-01&fin=2026-11-26';
    const { calls } = stubFetch({ [path]: { body: { services: [] } } });
    const first = renderWithApp(<TransactionsParService range={range} />);
    await waitFor(() => expect(calls.length).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Transactions par service')).toBeNull();
    first.unmount();
    stubFetch({ [path]: { body: { services: [{ code_service: 'wave', service: 'Wave', nombre: 1, reussite: 1, pending: 0, failed: 0, volume: 10000 }] } } });
    renderWithApp(<TransactionsParService range={range} />);
    expect(await screen.findByText('Transactions par service')).toBeTruthy();
    expect(screen.getByTestId('dash-transactions-aide').textContent).toContain('paiements de votre abonnement Ganaar');
  });
});

describe('the payment dialog says what the payment does to the end date', () => {
  const now = new Date('2026-11-26T10:00:00.000Z');
  const note = (plan: keyof typeof PLANS, nbMois: number, current: Abonnement | null) => {
    const r = render(<EndDateNote plan={PLANS[plan]} nbMois={nbMois} current={current} now={now} />);
    const text = r.getByTestId('pay-fin').textContent;
    r.unmount();
    return text;
  };

  it('the same plan: the months are added to the current end date', () => {
    const cur = { ...TRIAL, essai: false, plan: 'Démarrage' };
    expect(note('db1', 2, cur)).toBe(`Votre abonnement actuel (Démarrage) court jusqu'au 10/12/2026 ; après paiement il ira jusqu'au 10/02/2027.`);
  });

  it('no subscription or an expired one: from today', () => {
    expect(note('pro', 1, null)).toBe(`Après paiement, votre abonnement Professionnel ira jusqu'au 26/12/2026.`);
    expect(note('pro', 1, { ...TRIAL, valid_until: '2026-11-01T00:00:00.000Z' })).toBe(
      `Après paiement, votre abonnement Professionnel ira jusqu'au 26/12/2026.`,
    );
  });

  it('another plan: the days left are converted, and an earlier end date is said plainly', () => {
    // Démarrage until 25/05/2027 = 180 days left; Entreprise costs more per month, so they shrink.
    const cur: Abonnement = { ...TRIAL, essai: false, valid_until: '2027-05-25T10:00:00.000Z' };
    const text = note('ent', 1, cur)!;
    // the date said is the one the server's activation computes (functions/paiements/repository.ts)
    const fin = extendPeriod({ plan: 'db1', validUntil: cur.valid_until }, PLANS.ent, 1, now).fin.toISOString();
    expect(text).toContain(`ira jusqu'au ${fin.slice(8, 10)}/${fin.slice(5, 7)}/${fin.slice(0, 4)} :`);
    expect(fin < cur.valid_until).toBe(true);
    expect(text).toMatch(
      /^Votre abonnement actuel \(Démarrage\) court jusqu'au 25\/05\/2027 ; après paiement, le plan Entreprise s'applique tout de suite et ira jusqu'au \d\d\/\d\d\/\d{4} : les jours qui vous restent sont convertis au prix du nouveau plan\. Votre date de fin sera donc plus proche qu'elle ne l'est aujourd'hui\.$/,
    );
    // the trial is named as such
    expect(note('pro', 12, TRIAL)).toMatch(/^Votre abonnement actuel \(essai gratuit\) court jusqu'au 10\/12\/2026 ; après paiement, le plan Professionnel/);
    expect(note('pro', 12, TRIAL)).not.toContain('plus proche');
  });
});

describe('operator console', () => {
  const biz = (o: object) => ({
    id: 3,
    nom: 'Ferme Test',
    pays: 'Senegal',
    created_at: '2026-11-01T00:00:00.000Z',
    code_plan: 'pro',
    plan: 'Professionnel',
    valid_until: '2026-12-30T00:00:00.000Z',
    essai: false,
    suspendu: false,
    actif: true,
    usage: { utilisateurs: 1, boutiques: 1, sujets_actifs: 0 },
    limites: { utilisateurs: 5, boutiques: 3, sujets: 5000, produits_en_ligne: 20 },
    derniere_activite: null,
    ...o,
  });

  it('labels a business by where its period came from: trial, operator extension, payment', async () => {
    stubFetch({
      'GET api/operateur/entreprises': {
        body: {
          entreprises: [
            biz({ id: 1, nom: 'A', essai: true, origine: 'essai' }),
            biz({ id: 2, nom: 'B', origine: 'operateur' }),
            biz({ id: 3, nom: 'C', origine: 'paiement' }),
            biz({ id: 4, nom: 'D' }),
          ],
        },
      },
    });
    renderWithApp(<EntrepriseListPage />);
    const row = async (nom: string) => (await screen.findAllByText(nom))[0].closest('tr, li')! as HTMLElement;
    expect((await row('A')).textContent).toContain('Essai');
    expect((await row('B')).textContent).toContain("Prolongé par l'opérateur");
    expect((await row('B')).textContent).not.toContain('Payé');
    expect((await row('C')).textContent).toContain('Payé');
    expect((await row('D')).textContent).toContain('Actif');
    expect((await row('D')).textContent).not.toContain('Payé');
  });

  it('the journal names an extension of a trial as offered, not paid', async () => {
    const e = (essai: boolean) => ({
      date: `2026-11-2${essai ? 1 : 2}T10:00:00.000Z`,
      operateur: 'op@ganaar.sn',
      id_entreprise: essai ? 1 : 2,
      action: 'prolonger',
      motif: 'Geste commercial',
      avant: { plan: 'db1', valid_until: '2026-12-01T00:00:00.000Z', suspendu: false, essai },
      apres: { plan: 'pro', valid_until: '2026-12-11T00:00:00.000Z', suspendu: false, essai: false },
    });
    stubFetch({ 'GET api/operateur/journal': { body: { entrees: [e(true), e(false)] } } });
    renderWithApp(<JournalPage />);
    expect(await screen.findByText("Prolongation de l'essai (offerte, sans paiement)")).toBeTruthy();
    expect(screen.getByText('Prolongation (offerte, sans paiement)')).toBeTruthy();
    expect(screen.getByText("Démarrage (essai) jusqu'au 01/12/2026")).toBeTruthy();
  });
});

describe('empty screens say what to do next', () => {
  function stubByPrefix(answers: [string, unknown][]) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        const body = answers.find(([prefix]) => url.startsWith(prefix))?.[1] ?? { code: 200 };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  }
  const periode = (bandes: number) => ({
    debut: '2026-01-01',
    fin: '2026-11-26',
    bandes,
    sujets: 0,
    depense: 0,
    chiffre_affaire: 0,
    nb_vendu: 0,
    pertes: 0,
    oeufs: 0,
    pesages: 0,
    ventes_boutique: 0,
  });

  it('the dashboard of a period without figures says where they come from, with the way to the batches', async () => {
    stubByPrefix([
      ['api/dashboard/periode/', periode(0)],
      ['api/dashboard/mois/', { annee: 2026, mois: [] }],
      ['api/paiement/transactions', { services: [] }],
    ]);
    const first = renderWithApp(<TableauDeBordPage />, '/dashboard');
    const block = await screen.findByTestId('dash-vide');
    expect(block.textContent).toContain('Aucun chiffre sur cette période');
    expect(within(block).getByRole('link', { name: 'Voir les bandes' }).getAttribute('href')).toBe('#/bande');
    // the transaction table of a business that paid nothing stays hidden
    expect(screen.queryByText('Transactions par service')).toBeNull();
    first.unmount();
    stubByPrefix([
      ['api/dashboard/periode/', periode(1)],
      ['api/dashboard/mois/', { annee: 2026, mois: [] }],
      ['api/paiement/transactions', { services: [] }],
    ]);
    renderWithApp(<TableauDeBordPage />, '/dashboard');
    await waitFor(() => expect(screen.getByTestId('dash-bandes').textContent).toContain('1'));
    expect(screen.queryByTestId('dash-vide')).toBeNull();
  });

  it('the sales history with no sale links to a new sale', async () => {
    stubByPrefix([['api/vente/boutique', { ventes: [], chiffre_affaire: 0 }]]);
    renderWithApp(<VenteHistoriquePage />, '/vente');
    const link = await screen.findByRole('link', { name: 'Enregistrer une vente' });
    expect(link.getAttribute('href')).toBe('#/vente/vente');
    expect(link.parentElement!.textContent).toContain('Aucune vente sur cette période.');
  });
});
