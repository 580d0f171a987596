// The slaughter form offline: with no connection a slaughter naming a shop product waits in the
// outbox with its own day and its Idempotency-Key (nothing is posted); once the connection returns
// it is sent once with that key and the same bytes, and a second sync sends nothing. A slaughter
// the server refuses for good on arrival (a 409 « déjà vendu ») turns « À corriger » with the
// server's words, and « Corriger » opens the form prefilled with what was typed and those words;
// the correction, saved, replaces the refused entry. IndexedDB is the edge: idb-keyval is a Map.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { addDays, todayFor } from '@shared/dates';
import { SYNC_MSG } from '@shared/messages/sync';
import AbattageFormPage from '../../web/src/features/abattages/routes/AbattageFormPage';
import AbattageListPage from '../../web/src/features/abattages/routes/AbattageListPage';
import { flushOutbox } from '../../web/src/lib/offline/outbox';
import { renderWithApp, stubFetch } from './helpers';
import { signedInDevice } from './device';
import { online, queue } from './fake-idb';

// The outbox decides at import whether the device has IndexedDB.
vi.hoisted(() => vi.stubGlobal('indexedDB', {}));
vi.mock('idb-keyval', () => import('./fake-idb'));

const day = addDays(todayFor(), -2);
const jj = (d: string) => d.split('-').reverse().join('/');
const bande = { id: 3, nom: 'Lot Cobb', type: 'chair', nb_sujet: 500, nb_perte: 0, nb_vendu: 0, nb_abattu: 0, statut: 'ACTIVE', date_demarage: '2026-10-01' };
const pac = { id: 6, nom: 'Poulet PAC', description: '', quantite: 0, prix_cession: 2500, prix_vente: 3500, created_at: '2026-11-01T08:00:00Z' };
const refus = 'Le produit Poulet PAC n’a plus que 0 unité en stock : 20 ont déjà été vendues.';

const reads = {
  'GET api/bande': { body: [bande] },
  'GET api/checkplan': { body: { code: 200 } },
  'GET api/user/checkPermission': { body: { status: 'yes', droits: ['abatav', 'prav'] } },
  'GET api/produit': { body: [pac] },
  'GET api/bande/abatage/list': { body: [] },
};

function renderApp(path: string) {
  renderWithApp(
    <Routes>
      <Route path="/newabatage" element={<AbattageFormPage />} />
      <Route path="/abatage" element={<AbattageListPage />} />
    </Routes>,
    path,
  );
}

/** 20 birds of Lot Cobb on `day`, all into Poulet PAC, typed and saved. */
async function typeSlaughter(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/newabatage');
  await screen.findByRole('option', { name: 'Lot Cobb / 500 vivants' });
  await user.type(screen.getByLabelText('Nombre total de poulets'), '20');
  await user.selectOptions(screen.getByLabelText('Bande'), '3');
  await user.clear(screen.getByLabelText("Date d'abattage"));
  await user.type(screen.getByLabelText("Date d'abattage"), day);
  await user.click(screen.getByLabelText('Ajouter une catégorie'));
  const select = await screen.findByLabelText('Produit de la boutique');
  await screen.findByRole('option', { name: 'Poulet PAC' });
  await user.type(screen.getByLabelText('Quantité'), '20');
  await user.type(screen.getByLabelText('Poids min (kg)'), '1,5');
  await user.type(screen.getByLabelText('Poids max (kg)'), '2');
  await user.selectOptions(select, '6');
  await user.click(screen.getByRole('button', { name: 'Ajouter' }));
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

describe('the slaughter form through the outbox', () => {
  beforeEach(async () => {
    await signedInDevice();
  });
  afterEach(() => online(true));

  it('offline: waits on the device with its day and key, then is written once when the connection returns', async () => {
    const posts: { key: string; body: unknown }[] = [];
    const { calls } = stubFetch({
      ...reads,
      'POST api/bande/abatage': (c) => {
        posts.push({ key: c.headers['Idempotency-Key'], body: c.body });
        return { body: { code: 200, message: 'Abattage enregistré', abatage: { id: 1 } } };
      },
    });
    const user = userEvent.setup();
    online(false);
    await typeSlaughter(user);
    // Back on the list: the outbox's word, and the slaughter among the unsent entries with its day.
    await screen.findByText(SYNC_MSG.queued);
    const pending = await screen.findByTestId('pending-entries');
    expect(within(pending).getByText(`Abattage du ${jj(day)} : 20 sujets`)).toBeTruthy();
    expect(within(pending).getByTestId('pending-day').textContent).toBe(`Bande Lot Cobb · ${jj(day)}`);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const [entry] = queue();
    expect(entry).toMatchObject({ kind: 'abattage', url: 'api/bande/abatage', state: 'pending', day, bandeId: 3 });
    expect(entry.id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(entry.body).toMatchObject({
      id: -1,
      quantite: 20,
      id_bande: 3,
      date: day,
      category: [{ id: -1, quantite: 20, poids_min: 1.5, poids_max: 2, id_produit: 6 }],
    });

    online(true);
    await flushOutbox();
    await flushOutbox();
    expect(posts).toEqual([{ key: entry.id, body: entry.body }]);
    expect(queue()).toEqual([]);
    await waitFor(() => expect(screen.queryByTestId('pending-entries')).toBeNull());
  });

  it('a 409 on arrival turns « À corriger », opens the form prefilled with the server’s words, and its correction replaces it', async () => {
    let answer: { status: number; body: unknown } = { status: 409, body: { code: 409, message: refus, definitif: true } };
    const posts: { key: string; body: unknown }[] = [];
    stubFetch({
      ...reads,
      'POST api/bande/abatage': (c) => {
        posts.push({ key: c.headers['Idempotency-Key'], body: c.body });
        return answer;
      },
    });
    const user = userEvent.setup();
    online(false);
    await typeSlaughter(user);
    await screen.findByText(SYNC_MSG.queued);
    online(true);
    await flushOutbox();
    expect(queue()).toMatchObject([{ kind: 'abattage', state: 'failed', error: refus }]);
    const refused = queue()[0];

    const pending = await screen.findByTestId('pending-entries');
    await within(pending).findByText('à corriger');
    expect(within(pending).getByText(refus)).toBeTruthy();
    await user.click(within(pending).getByRole('button', { name: 'Corriger' }));

    // The form as it was typed, with the server's words.
    await screen.findByRole('heading', { name: 'Nouvel abattage' });
    await waitFor(() => expect((screen.getByLabelText('Nombre total de poulets') as HTMLInputElement).value).toBe('20'));
    expect(screen.getByRole('alert').textContent).toContain(refus);
    await waitFor(() => expect((screen.getByLabelText('Bande') as HTMLSelectElement).value).toBe('3'));
    expect((screen.getByLabelText("Date d'abattage") as HTMLInputElement).value).toBe(day);
    const table = screen.getByTestId('categories-table');
    await within(table).findByText('Poulet PAC');

    // Corrected (no product this time) and saved online: a new write, the refused entry gone.
    answer = { status: 200, body: { code: 200, message: 'Abattage enregistré', abatage: { id: 2 } } };
    await user.click(within(table).getByRole('button', { name: 'Supprimer' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Abattage enregistré');
    expect(posts).toHaveLength(2);
    expect(posts[1].key).not.toBe(refused.id);
    expect(posts[1].body).toMatchObject({ quantite: 20, id_bande: 3, date: day, category: [] });
    await waitFor(() => expect(queue()).toEqual([]));
  });
});
