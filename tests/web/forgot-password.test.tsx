// Forgotten password: email → code (4 digits) → new password (show/hide, must match) → alert and
// /login; each failing step stays put with its message.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../web/src/app/router';
import { renderWithApp, stubFetch } from './helpers';

describe('ForgotPasswordPage', () => {
  it('walks the three steps and returns to login', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = stubFetch({
      'POST api/initRecoveryPassword': { body: { code: 200 } },
      'POST api/checkpasswordotp': (c) =>
        (c.body as { code: string }).code === '4821' ? { body: { code: 200 } } : { status: 400, body: { code: 400, message: 'Code invalide ou expiré' } },
      'POST api/resetPassword': { body: { code: 200 } },
    });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/forgetpassword');

    await user.type(await screen.findByLabelText('Email'), 'awa@ferme.sn');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText(/a été envoyé à l'adresse email/)).toBeTruthy();
    expect(screen.getByText('awa@ferme.sn')).toBeTruthy();

    const validate = screen.getByRole('button', { name: 'Valider le code' });
    await user.type(screen.getByLabelText('Code'), '123');
    expect(validate).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Code'), '4');
    await waitFor(() => expect(validate).toHaveProperty('disabled', false));
    await user.click(validate);
    expect(await screen.findByText('Code invalide ou expiré')).toBeTruthy();
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '4821');
    await user.click(screen.getByRole('button', { name: 'Valider le code' }));

    const pwd = await screen.findByLabelText('Nouveau mot de passe');
    const reset = screen.getByRole('button', { name: 'Réinitialiser' });
    expect(pwd).toHaveProperty('type', 'password');
    await user.click(screen.getByLabelText('Afficher les mots de passe'));
    expect(pwd).toHaveProperty('type', 'text');
    await user.type(pwd, 'abc');
    await user.type(screen.getByLabelText('Répéter le mot de passe'), 'abc');
    expect(reset).toHaveProperty('disabled', true); // fewer than 4 characters
    await user.type(pwd, 'd');
    await user.type(screen.getByLabelText('Répéter le mot de passe'), 'e');
    expect(await screen.findByText('Les mots de passe ne sont pas identiques')).toBeTruthy();
    expect(reset).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('Répéter le mot de passe'));
    await user.type(screen.getByLabelText('Répéter le mot de passe'), 'abcd');
    await waitFor(() => expect(reset).toHaveProperty('disabled', false));
    await user.click(reset);

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Mot de passe mis à jour'));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    const last = calls.at(-1)!;
    expect(last.url).toBe('api/resetPassword');
    expect(last.body).toEqual({ email: 'awa@ferme.sn', code: '4821', password: expect.stringMatching(/^[a-f0-9]{64}$/) });
  });

  it('stays on the e-mail step when no account matches', async () => {
    stubFetch({ 'POST api/initRecoveryPassword': { status: 404, body: { code: 404, message: 'x' } } });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/forgetpassword');
    await user.type(await screen.findByLabelText('Email'), 'inconnu@ferme.sn');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Aucun compte lié à cette adresse email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeTruthy();
  });

  it('shows the reset failure message and stays on the last step', async () => {
    stubFetch({
      'POST api/initRecoveryPassword': { body: { code: 200 } },
      'POST api/checkpasswordotp': { body: { code: 200 } },
      'POST api/resetPassword': { status: 400, body: { code: 400, message: 'Code invalide ou expiré' } },
    });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/forgetpassword');
    await user.type(await screen.findByLabelText('Email'), 'awa@ferme.sn');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByLabelText('Code'), '1111');
    await user.click(screen.getByRole('button', { name: 'Valider le code' }));
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'abcd');
    await user.type(screen.getByLabelText('Répéter le mot de passe'), 'abcd');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('Une erreur est survenue lors de la mise à jour du mot de passe.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réinitialiser' })).toBeTruthy();
  });
});
