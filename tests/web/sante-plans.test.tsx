// Health plans on the screens: the plan list (built-in plans read-only, marked
// indicative, with « Copier »), the editor (a copy named, a step added, moved and removed, saved as
// a new plan of one's own), the new batch's optional plan (the built-in plan of its type
// preselected, following the type; « Aucun plan » sends none), and the dashboard's « À faire
// aujourd'hui » (steps due, withdrawals running, death alerts, each opening its batch).
import { screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { addDays, formatJour, todayFor } from '@shared/dates';
import { SANTE_MSG } from '@shared/messages/sante';
import { PLANS_DEFAUT } from '@shared/sante/plans-defaut';
import type { PlanSante, SanteAFaire } from '@shared/schemas/sante';
import { BandeDialog } from '../../web/src/features/bandes/components/BandeDialog';
import PlanEditorPage from '../../web/src/features/sante/routes/PlanEditorPage';
import PlansPage from '../../web/src/features/sante/routes/PlansPage';
import AFaireAujourdhui from '../../web/src/features/tableau-de-bord/components/AFaireAujourdhui';
import TableauDeBordPage from '../../web/src/features/tableau-de-bord/routes/TableauDeBordPage';
import { flushOutbox, refreshOutbox } from '../../web/src/lib/offline/outbox';
import { renderWithApp, stubFetch, type FakeCall } from './helpers';
import { db, online, queue } from './fake-idb';

// The outbox decides at import whether the device has IndexedDB.
vi.hoisted(() => vi.stubGlobal('indexedDB', {}));
vi.mock('idb-keyval', () => import('./fake-idb'));

const today = todayFor();
const posts = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

const ownPlan: PlanSante = {
  id: 101,
  nom: 'Chair ferme Thiès',
  type: 'chair',
  defaut: false,
  etapes: [
    { age: 7, intitule: 'Newcastle HB1', voie: 'goutte_oculaire' },
    { age: 14, intitule: 'Gumboro', voie: 'eau_de_boisson' },
  ],
};

function openPlans(path: string, plans: PlanSante[] = [...PLANS_DEFAUT, ownPlan]) {
  const api = stubFetch({
    'GET api/sante/plans': { body: plans },
    'POST api/sante/plan': (c) => ({ body: { id: 102, defaut: false, ...(c.body as object) } }),
  });
  renderWithApp(
    <Routes>
      <Route path="/sante/plans" element={<PlansPage />} />
      <Route path="/sante/plans/:id" element={<PlanEditorPage />} />
    </Routes>,
    path,
  );
  return api;
}

describe('the plan screens', () => {
  it('lists the built-in plans read-only, indicative, with « Copier »; one’s own with « Modifier »', async () => {
    openPlans('/sante/plans');
    const cards = await screen.findAllByTestId('plan');
    expect(cards).toHaveLength(3);
    expect(cards[0].textContent).toContain(SANTE_MSG.indicatif);
    expect(
      within(cards[0])
        .getByRole('link', { name: /Copier/ })
        .getAttribute('href'),
    ).toBe('#/sante/plans/nouveau?copie=1');
    expect(within(cards[0]).queryByRole('link', { name: /Modifier/ })).toBeNull();
    expect(
      within(cards[2])
        .getByRole('link', { name: /Modifier/ })
        .getAttribute('href'),
    ).toBe('#/sante/plans/101');
    expect(cards[2].textContent).not.toContain(SANTE_MSG.indicatif);
  });

  it('a built-in plan does not open in the editor', async () => {
    openPlans('/sante/plans/1');
    expect((await screen.findByRole('alert')).textContent).toBe(SANTE_MSG.planDefautLectureSeule);
  });

  it('copies the built-in broiler plan, adds a step, moves it up and removes another, and saves it as a new plan', async () => {
    const user = userEvent.setup();
    const api = openPlans('/sante/plans/nouveau?copie=1');
    const nom = (await screen.findByLabelText('Nom du plan')) as HTMLInputElement;
    expect(nom.value).toBe('Poulet de chair (copie)');
    await user.clear(nom);
    await user.type(nom, 'Chair saison des pluies');
    const n = PLANS_DEFAUT[0].etapes.length;
    expect(screen.getAllByTestId('plan-etape')).toHaveLength(n);

    await user.click(screen.getByRole('button', { name: 'Ajouter une étape' }));
    const added = screen.getAllByTestId('plan-etape')[n];
    await user.clear(within(added).getByLabelText(`Âge (jours), étape ${n + 1}`));
    await user.type(within(added).getByLabelText(`Âge (jours), étape ${n + 1}`), '35');
    await user.type(within(added).getByLabelText('Intitulé'), 'Vitamines de fin de bande');
    // Moved above the step of age 28: it takes that age, so the order it was given is kept.
    await user.click(screen.getByRole('button', { name: `Monter l'étape ${n + 1}` }));
    await user.click(screen.getByRole('button', { name: "Retirer l'étape 1" }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer le plan' }));

    await waitFor(() => expect(posts(api.calls, 'api/sante/plan')).toHaveLength(1));
    const body = posts(api.calls, 'api/sante/plan')[0].body as { id_plan: number; nom: string; type: string; etapes: { age: number; intitule: string }[] };
    expect(body.id_plan).toBe(-1);
    expect(body.nom).toBe('Chair saison des pluies');
    expect(body.type).toBe('chair');
    expect(body.etapes.map((e) => [e.age, e.intitule])).toEqual([
      ...PLANS_DEFAUT[0].etapes.slice(1, -1).map((e) => [e.age, e.intitule]),
      [28, 'Vitamines de fin de bande'],
      [28, PLANS_DEFAUT[0].etapes.at(-1)!.intitule],
    ]);
    expect(await screen.findAllByTestId('plan')).toBeTruthy();
  });

  it('refuses a plan without a name or a step without an intitulé, naming the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = openPlans('/sante/plans/nouveau');
    await user.click(await screen.findByRole('button', { name: 'Enregistrer le plan' }));
    expect(await screen.findByText('Nom du plan requis')).toBeTruthy();
    expect(screen.getByText('Intitulé requis')).toBeTruthy();
    expect(posts(api.calls, 'api/sante/plan')).toHaveLength(0);
  });

  it('offline, a plan written in the editor waits on the device, is listed as waiting, and is sent once online', async () => {
    db.clear();
    localStorage.setItem('customer', JSON.stringify({ id: 7, id_entreprise: 3, prenom: 'Awa', nom: 'Diop', role: 'admin' }));
    await refreshOutbox();
    const user = userEvent.setup();
    const api = openPlans('/sante/plans/101');
    await screen.findByLabelText('Nom du plan');
    online(false);
    try {
      await user.click(screen.getByRole('button', { name: 'Enregistrer le plan' }));
      const waiting = await screen.findByTestId('pending-entries');
      expect(waiting.textContent).toContain('Plan modifié : Chair ferme Thiès (2 étapes)');
      expect(within(waiting).getByText('en attente')).toBeTruthy();
      expect(posts(api.calls, 'api/sante/plan')).toHaveLength(0);
      expect(queue()).toMatchObject([{ kind: 'sante-plan-edit', state: 'pending', body: { id_plan: 101, nom: 'Chair ferme Thiès' } }]);
    } finally {
      online(true);
    }
    await flushOutbox();
    expect(posts(api.calls, 'api/sante/plan')).toHaveLength(1);
    expect(posts(api.calls, 'api/sante/plan')[0].body).toMatchObject({ id_plan: 101, etapes: ownPlan.etapes });
    expect(queue()).toEqual([]);
    await waitFor(() => expect(screen.queryByTestId('pending-entries')).toBeNull());
  });

  it('edits one’s own plan under its id', async () => {
    const user = userEvent.setup();
    const api = openPlans('/sante/plans/101');
    const nom = (await screen.findByLabelText('Nom du plan')) as HTMLInputElement;
    expect(nom.value).toBe('Chair ferme Thiès');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le plan' }));
    await waitFor(() => expect(posts(api.calls, 'api/sante/plan')).toHaveLength(1));
    expect(posts(api.calls, 'api/sante/plan')[0].body).toMatchObject({ id_plan: 101, nom: 'Chair ferme Thiès', etapes: ownPlan.etapes });
  });
});

describe('a new batch’s plan', () => {
  function openCreation() {
    const api = stubFetch({
      'GET api/sante/plans': { body: [...PLANS_DEFAUT, ownPlan] },
      'POST api/bande/create': (c) => ({ body: { id: 4, ...(c.body as object) } }),
    });
    renderWithApp(<BandeDialog bande={null} onClose={() => undefined} onSaved={() => undefined} />);
    return api;
  }

  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Nom'), 'Chair janvier');
    await user.type(screen.getByLabelText('Nombre de sujets'), '500');
  }

  it('preselects the built-in plan of the batch’s type and sends it as id_plan', async () => {
    const user = userEvent.setup();
    const api = openCreation();
    const plan = (await screen.findByLabelText('Plan de santé')) as HTMLSelectElement;
    expect(plan.value).toBe('1');
    await waitFor(() =>
      expect(
        within(plan)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Aucun plan', PLANS_DEFAUT[0].nom, ownPlan.nom]),
    );
    await user.selectOptions(screen.getByLabelText('Type'), 'pondeuse');
    expect(plan.value).toBe('2');
    await user.selectOptions(screen.getByLabelText('Type'), 'chair');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(posts(api.calls, 'api/bande/create')).toHaveLength(1));
    expect(posts(api.calls, 'api/bande/create')[0].body).toMatchObject({ nom: 'Chair janvier', type: 'chair', id_plan: 1, id_bande: -1 });
  });

  it('« Aucun plan » sends id_plan null: the batch gets no calendar', async () => {
    const user = userEvent.setup();
    const api = openCreation();
    await fill(user);
    await user.selectOptions(await screen.findByLabelText('Plan de santé'), '');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(posts(api.calls, 'api/bande/create')).toHaveLength(1));
    expect(posts(api.calls, 'api/bande/create')[0].body).toMatchObject({ id_plan: null });
  });
});

describe('the dashboard’s « À faire aujourd’hui »', () => {
  it('lists the death alerts, the steps due and late and the withdrawals running, each opening its batch', async () => {
    const fin = addDays(today, 5);
    const d: SanteAFaire = {
      etapes: [
        {
          id: 3,
          id_bande: 4,
          nom_bande: 'Chair janvier',
          id_plan: 1,
          age: 14,
          date_prevue: addDays(today, -1),
          intitule: 'Gumboro',
          voie: 'eau_de_boisson',
          statut: 'en_retard',
        },
      ],
      attentes: [{ id_bande: 5, nom_bande: 'Pondeuses mars', id_traitement: 9, produit: 'Amprolium', oeufs_jusqu_au: fin }],
      alertes: [{ id_bande: 6, nom_bande: 'Chair février', type: 'mortalite', date: today, pertes: 12, moyenne_7j: 1.5 }],
    };
    stubFetch({ 'GET api/sante/a-faire': { body: d } });
    renderWithApp(<AFaireAujourdhui />);
    const box = await screen.findByTestId('a-faire');
    expect(within(box).getByRole('heading').textContent).toBe("À faire aujourd'hui");
    const alerte = within(box).getByTestId('a-faire-alerte');
    expect(alerte.textContent).toContain(SANTE_MSG.alerteMortalite(12, 1.5));
    expect(within(alerte).getByRole('link').getAttribute('href')).toBe('#/bande/6');
    const etape = within(box).getByTestId('a-faire-etape');
    expect(etape.textContent).toContain('En retard');
    expect(etape.textContent).toContain(formatJour(addDays(today, -1)));
    expect(within(etape).getByRole('link').getAttribute('href')).toBe('#/bande/4/sante');
    const attente = within(box).getByTestId('a-faire-attente');
    expect(attente.textContent).toContain(SANTE_MSG.attenteEnCours('oeufs', fin));
    expect(within(attente).getByRole('link').getAttribute('href')).toBe('#/bande/5/sante');
  });

  /** The dashboard with the user's rights `droits`; every other read answers an empty period. */
  function openDashboard(droits: string[], aFaire: SanteAFaire) {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        urls.push(url);
        const body = url.startsWith('api/user/checkPermission')
          ? { status: 'yes', droits }
          : url.startsWith('api/sante/a-faire')
            ? aFaire
            : url.startsWith('api/dashboard/periode/')
              ? {
                  debut: '2026-01-01',
                  fin: today,
                  bandes: 1,
                  sujets: 0,
                  depense: 0,
                  chiffre_affaire: 0,
                  nb_vendu: 0,
                  pertes: 0,
                  oeufs: 0,
                  pesages: 0,
                  ventes_boutique: 0,
                }
              : { code: 200 };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    localStorage.setItem('token', 'jwt');
    renderWithApp(<TableauDeBordPage />, '/dashboard');
    return urls;
  }
  const rien: SanteAFaire = { etapes: [], attentes: [], alertes: [] };

  it('is on the dashboard for a user with the batches’ right', async () => {
    openDashboard(['dashboardav', 'bandav'], rien);
    expect((await screen.findByTestId('a-faire')).textContent).toContain('Rien de prévu ni en retard dans vos bandes.');
  });

  it('is neither shown nor asked for a user without it', async () => {
    const urls = openDashboard(['dashboardav'], rien);
    await waitFor(() => expect(screen.getByTestId('dash-bandes').textContent).toContain('1'));
    await waitFor(() => expect(urls.some((u) => u.startsWith('api/user/checkPermission'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('a-faire')).toBeNull();
    expect(urls.filter((u) => u.startsWith('api/sante'))).toEqual([]);
  });
});
