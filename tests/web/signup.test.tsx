// Sign-up screen: password mismatch message, country order of the spec, payload (hashed password,
// no rpassword), success reset + message, 421 and unknown-error messages, grey submit while invalid,
// and the phone rule read in the chosen country (an Ivorian farmer with 0707070707).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../web/src/app/router';
import { COUNTRIES, orderedCountries } from '../../web/src/lib/countries';
import { renderWithApp, stubFetch } from './helpers';

/**
 * Fills the form with valid values, each pasted in one input event: the tests that use it are
 * about what is sent and shown after, not about typing (the phone and password tests above type
 * key by key). Typing re-rendered the form and its 200 countries once per key, about 60 times.
 */
async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  const paste = async (field: HTMLElement, text: string) => {
    await user.click(field);
    await user.paste(text);
  };
  await paste(await screen.findByLabelText('Prénom'), 'Awa');
  await paste(screen.getByLabelText('Nom'), 'Ndiaye');
  await paste(screen.getByLabelText('Entreprise'), 'Ferme Awa');
  await user.selectOptions(screen.getByLabelText('Pays'), "Cote d'Ivoire");
  await paste(screen.getByLabelText('Téléphone'), '07 07 07 07 07');
  await paste(screen.getByLabelText('Email'), 'awa@ferme.sn');
  await paste(screen.getByLabelText('Mot de passe'), 'poulet1');
  await paste(screen.getByLabelText('Confirmer le mot de passe'), 'poulet1');
}

describe('SignupPage', () => {
  it("lists Senegal, Cote d'Ivoire, Togo, Cameroon, Benin, United States, then the rest A→Z, named in French", async () => {
    stubFetch({});
    renderWithApp(<AppRoutes />, '/signup');
    const select = await screen.findByLabelText('Pays');
    const values = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
      .filter(Boolean);
    expect(values.slice(0, 6)).toEqual(['Senegal', "Cote d'Ivoire", 'Togo', 'Cameroon', 'Benin', 'United States']);
    const labels = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent ?? '');
    // The names shown are French; the values sent as `pays` stay the spec's.
    expect(labels.slice(1, 7)).toEqual(['Sénégal', "Côte d'Ivoire", 'Togo', 'Cameroun', 'Bénin', 'États-Unis']);
    const rest = labels.slice(7);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(rest).toContain('Allemagne');
    expect(rest).toContain('France');
    expect(new Set(values).size).toBe(values.length);
    expect(values.length).toBe(COUNTRIES.length);
    expect(values.length).toBeGreaterThan(190);
    expect(orderedCountries()[0]).toMatchObject({ name: 'Senegal', local: 'Sénégal' });
  });

  it('says the passwords differ, and keeps the button grey while the form is invalid', async () => {
    const { calls } = stubFetch({});
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/signup');
    const button = await screen.findByRole('button', { name: 'Créer le compte' });
    await waitFor(() => expect(button.className).toContain('btn-muted'));
    await user.type(screen.getByLabelText('Mot de passe'), 'abcd');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'abce');
    await user.tab();
    expect(await screen.findByText('Les mots de passe ne sont pas identiques')).toBeTruthy();
    await user.click(button);
    expect(calls).toHaveLength(0);
  });

  it('reads the phone in the chosen country, in French: letters, "12", a wrong country\'s number; 0707070707 in Côte d\'Ivoire', async () => {
    const { calls } = stubFetch({});
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/signup');
    const tel = await screen.findByLabelText('Téléphone');
    await user.selectOptions(screen.getByLabelText('Pays'), 'Senegal');
    // the rule's chunk arrives after the screen paints: the example follows the chosen country
    await waitFor(() => expect(tel.getAttribute('placeholder')).toBe('ex. 77 123 45 67'));
    await user.type(tel, '77a123');
    await user.tab();
    expect(await screen.findByText("Numéro de téléphone invalide : des chiffres, et + ou 00 devant l'indicatif.")).toBeTruthy();
    await user.clear(tel);
    await user.type(tel, '12');
    await user.tab();
    expect(await screen.findByText('Numéro de téléphone invalide pour le Sénégal : 9 chiffres, par ex. 77 123 45 67.')).toBeTruthy();
    await user.clear(tel);
    await user.type(tel, '0707070707');
    expect(
      await screen.findByText(
        "Numéro de téléphone invalide pour le Sénégal : 9 chiffres, par ex. 77 123 45 67. Pour un numéro de Côte d'Ivoire, ajoutez +225 devant.",
      ),
    ).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Pays'), "Cote d'Ivoire");
    await waitFor(() => expect(screen.queryByText(/Numéro de téléphone invalide/)).toBeNull());
    expect(tel.getAttribute('placeholder')).toBe('ex. 07 07 07 07 07');
    await user.clear(tel);
    await user.type(tel, '+221 77 123 45 67');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(/Numéro de téléphone invalide/)).toBeNull());
    // another country of the list: the number with its code
    await user.selectOptions(screen.getByLabelText('Pays'), 'Togo');
    await user.clear(tel);
    await user.type(tel, '90 12 34 56');
    expect(await screen.findByText("Indiquez le numéro avec son indicatif : +221 pour le Sénégal, +225 pour la Côte d'Ivoire.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(calls.filter((c) => c.url.includes('inscription'))).toHaveLength(0);
  });

  it('a submit made before the phone rule has arrived waits for it and sends nothing the rule refuses', async () => {
    const { calls } = stubFetch({ 'POST api/inscription': { body: { code: 200, message: 'Votre compte a bien été créé.' } } });
    renderWithApp(<AppRoutes />, '/signup');
    await screen.findByLabelText('Prénom');
    // values typed without a focus event (a password manager's autofill): the rule was never asked for
    const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
    set('Prénom', 'Awa');
    set('Nom', 'Ndiaye');
    set('Entreprise', 'Ferme Awa');
    set('Pays', 'Senegal');
    set('Téléphone', '0707070707');
    set('Email', 'awa@ferme.sn');
    set('Mot de passe', 'poulet1');
    set('Confirmer le mot de passe', 'poulet1');
    fireEvent.submit(screen.getByRole('button', { name: 'Créer le compte' }).closest('form')!);
    expect(await screen.findByText(/Numéro de téléphone invalide pour le Sénégal/)).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('inscription'))).toHaveLength(0);
  });

  // No login answer here: the sign-in that follows fails, so the screen stays, reset, with the message
  // (the signed-in path: signup-signed-in.test.tsx).
  it('sends the hashed password without rpassword, then resets the form and confirms', async () => {
    const { calls } = stubFetch({ 'POST api/inscription': { body: { code: 200, message: 'Votre compte a bien été créé.' } } });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/signup');
    await fillValid(user);
    const button = screen.getByRole('button', { name: 'Créer le compte' });
    await waitFor(() => expect(button.className).not.toContain('btn-muted'));
    await user.click(button);
    expect(await screen.findByText('Votre compte a bien été créé.')).toBeTruthy();
    expect(calls[0].body).toEqual({
      prenom: 'Awa',
      nom: 'Ndiaye',
      email: 'awa@ferme.sn',
      password: expect.stringMatching(/^[a-f0-9]{64}$/),
      telephone: '07 07 07 07 07',
      pays: "Cote d'Ivoire",
      entreprise: 'Ferme Awa',
    });
    expect(screen.getByLabelText('Prénom')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Pays')).toHaveProperty('value', '');
    // Typing clears the message.
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'A' } });
    await waitFor(() => expect(screen.queryByText('Votre compte a bien été créé.')).toBeNull());
  });

  it('explains a used e-mail (421) and any other failure', async () => {
    let status = 421;
    stubFetch({ 'POST api/inscription': () => ({ status, body: { code: status, message: 'x' } }) });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/signup');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText('Votre adresse email est déjà utilisée.')).toBeTruthy();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText("Une erreur inconnue s'est produite au niveau du serveur, veuillez réessayer.")).toBeTruthy();
    // a field the server refused: its French reason
    status = 400;
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText('x')).toBeTruthy();
  });

  it('disables the form and shows Chargement… while the call runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { fn } = stubFetch({ 'POST api/inscription': { body: { code: 200 } } });
    const inner = fn.getMockImplementation()!;
    fn.mockImplementation(async (...a: Parameters<typeof inner>) => {
      await gate;
      return inner(...a);
    });
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, '/signup');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByRole('button', { name: 'Chargement…' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Prénom').closest('fieldset')).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText('Votre compte a bien été créé.')).toBeTruthy();
  });
});
