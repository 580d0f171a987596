// The plan page and its payment dialog (spec part 2 §2, §4, §5, §9): three plan cards; months × the
// monthly price; the services a country offers; the phone checked per country before any call; the
// Orange Money code only for Orange Money Sénégal; the spec's three results.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import PlanPage from '../../web/src/features/paiements/routes/PlanPage';
import { renderWithApp, stubFetch } from './helpers';

const history = {
  abonnement: { code_plan: 'db1', plan: 'Démarrage', valid_until: '2026-12-23T10:00:00.000Z', essai: true, suspendu: false, valide: true },
  paiements: [],
};

async function openDialog(plan: 'Démarrage' | 'Professionnel' | 'Entreprise') {
  const user = userEvent.setup();
  const card = (await screen.findByRole('heading', { name: new RegExp(plan) })).closest('article')!;
  await user.click(within(card as HTMLElement).getByRole('button', { name: 'Choisir ce plan' }));
  return { user, dialog: await screen.findByRole('dialog', { name: `Paiement : ${plan}` }) };
}

describe('plan page', () => {
  it('shows the three plans with their prices and limits, and the current trial', async () => {
    stubFetch({ 'GET api/paiement': { body: history }, 'GET api/checkplan': { body: { code: 200 } } });
    renderWithApp(<PlanPage />, '/plan');
    await screen.findByText(/essai gratuit jusqu'au 23\/12\/2026/);
    for (const [plan, price] of [
      ['db1', '5 000 FCFA'],
      ['pro', '10 000 FCFA'],
      ['ent', '20 000 FCFA'],
    ]) {
      expect(within(screen.getByTestId(`plan-${plan}`)).getByText(price)).toBeTruthy();
    }
    expect(within(screen.getByTestId('plan-db1')).getByText('Plan actuel')).toBeTruthy();
    expect(within(screen.getByTestId('plan-pro')).getByText('3 boutiques')).toBeTruthy();
    expect(within(screen.getByTestId('plan-ent')).getByText('Sujets illimités')).toBeTruthy();
  });
});

describe('payment dialog', () => {
  it('totals months × price; Côte d’Ivoire offers Wave only; the code field is for Orange Money Sénégal', async () => {
    stubFetch({ 'GET api/paiement': { body: history }, 'GET api/checkplan': { body: { code: 200 } } });
    renderWithApp(<PlanPage />, '/plan');
    const { user, dialog } = await openDialog('Entreprise');
    const months = within(dialog).getByLabelText('Nombre de mois');
    await user.clear(months);
    await user.type(months, '3');
    expect(within(dialog).getByTestId('pay-total').textContent).toContain('60 000 FCFA');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
    await user.click(within(dialog).getByText('Orange Money'));
    expect(within(dialog).getByLabelText('Code de paiement Orange Money')).toBeTruthy();
    expect(within(dialog).getByText('#144#391#')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Pays'), 'ci');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    expect(within(dialog).queryByLabelText('Code de paiement Orange Money')).toBeNull();
    expect(within(dialog).getByText('+225')).toBeTruthy();
  });

  it('checks the number for the country and asks for a service before calling the server', async () => {
    const api = stubFetch({ 'GET api/paiement': { body: history }, 'GET api/checkplan': { body: { code: 200 } } });
    renderWithApp(<PlanPage />, '/plan');
    const { user, dialog } = await openDialog('Professionnel');
    await user.type(within(dialog).getByLabelText(/Numéro de téléphone/), '33 821 12 34');
    await user.click(within(dialog).getByRole('button', { name: 'Payer 10 000 FCFA' }));
    expect(await within(dialog).findByText('Veuillez choisir un service de paiement')).toBeTruthy();
    expect(within(dialog).getByText(/Numéro mobile du Sénégal invalide/)).toBeTruthy();
    expect(api.calls.some((c) => c.url === 'api/initMensualitePaiement')).toBe(false);
  });

  it('Orange Money SUCCESS → Paiement réussi; the request carries the spec fields, utav:r, no amount', async () => {
    const api = stubFetch({
      'GET api/paiement': { body: history },
      'GET api/checkplan': { body: { code: 200 } },
      'POST api/initMensualitePaiement': { body: { code: 200, status: 'SUCCESS', message: 'Paiement réussi', id_paiement: 4 } },
    });
    renderWithApp(<PlanPage />, '/plan');
    const { user, dialog } = await openDialog('Professionnel');
    await user.click(within(dialog).getByText('Orange Money'));
    await user.type(within(dialog).getByLabelText(/Numéro de téléphone/), '77 123 45 67');
    await user.type(within(dialog).getByLabelText('Code de paiement Orange Money'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Payer 10 000 FCFA' }));
    await screen.findByText('Paiement réussi');
    const call = api.calls.find((c) => c.url === 'api/initMensualitePaiement')!;
    expect(call.headers.droit).toBe('utav:r');
    expect(call.body).toEqual({
      code_plan: 'pro',
      nb_mois: 1,
      service_pay: 'orange_money',
      info_pay: { numero: '77 123 45 67', otp: '123456' },
      pays: 'sn',
      currency: 'XOF',
    });
  });

  it('400 → the spec failure message, in the dialog', async () => {
    stubFetch({
      'GET api/paiement': { body: history },
      'GET api/checkplan': { body: { code: 200 } },
      'POST api/initMensualitePaiement': { status: 400, body: { code: 400, message: 'Échec de votre paiement, veuillez réessayer' } },
    });
    renderWithApp(<PlanPage />, '/plan');
    const { user, dialog } = await openDialog('Démarrage');
    await user.click(within(dialog).getByText('Wave'));
    await user.type(within(dialog).getByLabelText(/Numéro de téléphone/), '771234567');
    await user.click(within(dialog).getByRole('button', { name: 'Payer 5 000 FCFA' }));
    expect(await within(dialog).findByText('Échec de votre paiement, veuillez réessayer')).toBeTruthy();
  });

  it('409 (a payment with this number still awaits the payer) → the server’s sentence, in the dialog', async () => {
    const held =
      'Un paiement de 5 000 FCFA attend déjà votre validation sur le +221 77 123 45 67 (Wave) : validez-le sur votre téléphone, ou réessayez dans 4 min.';
    stubFetch({
      'GET api/paiement': { body: history },
      'GET api/checkplan': { body: { code: 200 } },
      'POST api/initMensualitePaiement': { status: 409, body: { code: 409, message: held } },
    });
    renderWithApp(<PlanPage />, '/plan');
    const { user, dialog } = await openDialog('Démarrage');
    await user.click(within(dialog).getByText('Wave'));
    await user.type(within(dialog).getByLabelText(/Numéro de téléphone/), '771234567');
    await user.click(within(dialog).getByRole('button', { name: 'Payer 5 000 FCFA' }));
    expect(await within(dialog).findByText(held)).toBeTruthy();
  });

  it('Wave PENDING → Paiement initialisé veuillez valider, then on to the payment link', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, hash: window.location.hash });
    const api = stubFetch({
      'GET api/paiement': { body: history },
      'GET api/checkplan': { body: { code: 200 } },
      'POST api/initMensualitePaiement': {
        body: { code: 200, status: 'PENDING', message: 'Paiement initialisé veuillez valider', id_paiement: 5, payment_link: 'https://pay.wave.com/c/cos-1' },
      },
    });
    renderWithApp(<PlanPage />, '/plan');
    const { user, dialog } = await openDialog('Professionnel');
    await user.click(within(dialog).getByText('Wave'));
    await user.type(within(dialog).getByLabelText(/Numéro de téléphone/), '771234567');
    await user.click(within(dialog).getByRole('button', { name: 'Payer 10 000 FCFA' }));
    expect(await within(dialog).findByText('Paiement initialisé veuillez valider')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.wave.com/c/cos-1'));
    expect((api.calls.find((c) => c.url === 'api/initMensualitePaiement')!.body as any).info_pay).toEqual({ numero: '771234567', otp: '0000' });
    vi.unstubAllGlobals();
  });
});
