// Offline entries a farmer can find and correct: the sync screen and the
// lists of unsent entries say what each entry is, its batch by name and the day it counts on (its
// `date`, not the moment it was typed; an entry queued by an older version falls back on its
// body's day and the batch's number); an entry the server refused after sync opens prefilled in its
// own dialog on the batch's detail, and its correction is sent as a new write (its own
// idempotency key) that replaces the refused one. IndexedDB is the edge: idb-keyval is a Map here.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { vi } from 'vitest';
import { RACES } from '@shared/breeds';
import { addDays, todayFor } from '@shared/dates';
import { TYPES_DEPENSE } from '@shared/schemas/bandes';
import { saveVente } from '../../web/src/features/bandes/api/mutations';
import SynchroPage from '../../web/src/features/synchro/routes/SynchroPage';
import { flushOutbox, isQueued, refreshOutbox, type OutboxEntry } from '../../web/src/lib/offline/outbox';
import { renderBatchDetail } from './batch-detail-page';
import { batchDetail, stubFetch } from './helpers';
import { signedInDevice } from './device';
import { db, online, queue } from './fake-idb';

// The outbox decides at import whether the device has IndexedDB.
vi.hoisted(() => vi.stubGlobal('indexedDB', {}));
vi.mock('idb-keyval', () => import('./fake-idb'));

const today = todayFor();
const saleDay = addDays(today, -2);
const jj = (day: string) => day.split('-').reverse().join('/');

const bande = batchDetail({ nb_sujet: 30 });

function open(path: string) {
  return renderBatchDetail(path, <Route path="/synchro" element={<SynchroPage />} />);
}

/** A sale of 20 birds at 3 250 FCFA typed offline two days after… its own day (dated two days ago). */
async function typeSaleOffline(): Promise<OutboxEntry> {
  online(false);
  const r = await saveVente({ prix_unitaire: 3250, quantite: 20, id_bande: 1, id_vente: -1, date: saleDay }, bande.nom);
  if (!isQueued(r)) throw new Error('not queued');
  return r.entry;
}

describe('offline entries: their day, their batch, and their correction', () => {
  beforeEach(async () => {
    await signedInDevice();
  });
  afterEach(() => online(true));

  it('lists each entry with what it is, its batch by name and its own day; an older entry falls back on its body', async () => {
    stubFetch({});
    await typeSaleOffline();
    // Queued by the previous version: no batch name, no day of its own, typed today.
    const old: OutboxEntry = {
      id: 'old-entry-0000000001',
      owner: '3:7',
      kind: 'perte',
      url: 'api/bande/perte',
      body: { nombre: 3, id_bande: 4, date: addDays(today, -5), saisi_le: `${today}T07:00:00.000Z` },
      label: 'Perte de 3 sujet(s)',
      bandeId: 4,
      invalidate: [],
      createdAt: `${today}T07:00:00.000Z`,
      state: 'pending',
      attempts: 0,
    };
    db.set('queue', [...queue(), old]);
    await refreshOutbox();
    open('/synchro');
    const rows = await screen.findAllByTestId('sync-pending');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Vente de 20 sujets à 3 250 FCFA');
    expect(within(rows[0]).getByTestId('sync-day').textContent).toBe(`Bande Chair novembre · le ${jj(saleDay)}`);
    expect(within(rows[1]).getByTestId('sync-day').textContent).toBe(`Bande n° 4 · le ${jj(addDays(today, -5))}`);
  });

  it('opens a refused sale prefilled in its dialog; the corrected sale is sent with a new key and replaces it', async () => {
    let n = 0;
    const api = stubFetch({
      'GET api/bande/1': { body: bande },
      'GET api/typedepense': { body: TYPES_DEPENSE },
      'GET api/races': { body: RACES },
      'POST api/bande/vente': (c) =>
        ++n === 1
          ? { status: 400, body: { code: 400, message: 'Il ne reste que 15 sujets vivants dans cette bande.' } }
          : { body: { id: 8, ...(c.body as object) } },
    });
    const refused = await typeSaleOffline();
    online(true);
    await flushOutbox();
    expect(queue()).toMatchObject([{ id: refused.id, state: 'failed' }]);

    // #/synchro's « Corriger » leads to the batch's detail, where its dialog opens.
    const user = userEvent.setup();
    const sync = open('/synchro');
    const corriger = await within(await screen.findByTestId('sync-failed')).findByRole('link', { name: 'Corriger' });
    expect(corriger.getAttribute('href')).toBe(`#/bande/1?corriger=${refused.id}`);
    sync.unmount();

    open(`/bande/1?corriger=${refused.id}`);
    const d = await screen.findByRole('dialog', { name: 'Ajouter une vente' });
    expect(d.textContent).toContain('Il ne reste que 15 sujets vivants dans cette bande.');
    const field = (label: string) => within(d).getByLabelText(label) as HTMLInputElement;
    expect(field('Prix unitaire (FCFA)').value).toBe('3250');
    expect(field('Quantité').value).toBe('20');
    expect(field('Date de la vente').value).toBe(saleDay);

    fireEvent.change(field('Quantité'), { target: { value: '10' } });
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Vente enregistrée.');
    const sent = api.calls.filter((c) => c.method === 'POST' && c.url === 'api/bande/vente');
    expect(sent).toHaveLength(2);
    expect(sent[1].body).toMatchObject({ prix_unitaire: 3250, quantite: 10, date: saleDay, id_bande: 1, id_vente: -1 });
    expect(sent[1].headers['Idempotency-Key']).toBeTruthy();
    expect(sent[1].headers['Idempotency-Key']).not.toBe(refused.id);
    await waitFor(() => expect(queue()).toEqual([]));
    await waitFor(() => expect(screen.queryByTestId('pending-entries')).toBeNull());
  });

  it('offers « Corriger » on the batch detail’s list of refused entries', async () => {
    stubFetch({
      'GET api/bande/1': { body: bande },
      'GET api/typedepense': { body: TYPES_DEPENSE },
      'GET api/races': { body: RACES },
      'POST api/bande/vente': { status: 400, body: { code: 400, message: 'Il ne reste que 15 sujets vivants dans cette bande.' } },
    });
    await typeSaleOffline();
    online(true);
    await flushOutbox();
    const user = userEvent.setup();
    open('/bande/1');
    const pending = await screen.findByTestId('pending-entries');
    expect(within(pending).getByTestId('pending-day').textContent).toBe(`Bande Chair novembre · ${jj(saleDay)}`);
    await user.click(within(pending).getByRole('button', { name: 'Corriger' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une vente' });
    expect((within(d).getByLabelText('Quantité') as HTMLInputElement).value).toBe('20');
  });
});
