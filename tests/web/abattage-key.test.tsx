// The slaughter form sends an Idempotency-Key (web/src/lib/idempotency-key.ts): the same form sent
// again after an answer lost on the way carries the same key, so the server answers its first answer
// instead of slaughtering the birds twice; a changed form is another write with another key.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import AbattageFormPage from '../../web/src/features/abattages/routes/AbattageFormPage';
import { renderWithApp, stubFetch } from './helpers';

const bande = { id: 1, nom: 'Bande A', nb_sujet: 100, statut: 'ACTIVE', type: 'chair', date_demarage: '2026-10-01' };

it('keeps one key while the same slaughter is sent again, and takes another for a changed one', async () => {
  const user = userEvent.setup();
  let posts = 0;
  const api = stubFetch({
    'GET api/bande': { body: [bande] },
    'GET api/checkplan': { body: { code: 200 } },
    'POST api/bande/abatage': () => {
      posts++;
      // The first answer is lost on the way (the write may have landed).
      if (posts === 1) throw new TypeError('Failed to fetch');
      return { status: 400, body: { code: 400, message: 'Refusé pour le test' } };
    },
  });
  renderWithApp(
    <Routes>
      <Route path="/newabatage" element={<AbattageFormPage />} />
    </Routes>,
    '/newabatage',
  );
  await screen.findByRole('option', { name: 'Bande A / 100' });
  await user.type(screen.getByLabelText('Nombre total de poulets'), '5');
  await user.selectOptions(screen.getByLabelText('Bande'), '1');
  fireEvent.change(screen.getByLabelText("Date d'abattage"), { target: { value: '2026-11-20' } });
  const send = () => user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  const keys = () => api.calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key']);

  await send();
  await waitFor(() => expect(keys()).toHaveLength(1));
  await screen.findByRole('button', { name: 'Enregistrer' });
  await send();
  await screen.findByText('Refusé pour le test');
  expect(keys()).toHaveLength(2);
  expect(keys()[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keys()[1]).toBe(keys()[0]);

  await user.clear(screen.getByLabelText('Nombre total de poulets'));
  await user.type(screen.getByLabelText('Nombre total de poulets'), '6');
  await send();
  await waitFor(() => expect(keys()).toHaveLength(3));
  expect(keys()[2]).not.toBe(keys()[0]);
  expect(api.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { quantite: number }).quantite)).toEqual([5, 5, 6]);
});
