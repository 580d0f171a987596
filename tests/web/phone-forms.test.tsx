// The phone rule in the other feature forms of a Côte d'Ivoire business: the shop dialog
// and the user form read a number in Côte d'Ivoire and refuse in French before anything is sent;
// the shop's dial code follows the number; the new sale finds a client by a number typed as people
// write it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { RIGHT_CODES } from '@shared/rights';
import BoutiqueListPage from '../../web/src/features/boutiques/routes/BoutiqueListPage';
import UtilisateurFormPage from '../../web/src/features/utilisateurs/routes/UtilisateurFormPage';
import { findClientByPhone } from '../../web/src/features/ventes/logic/client-by-phone';
import { renderWithApp, stubFetch } from './helpers';

const CI_INVALID = "Numéro de téléphone invalide pour la Côte d'Ivoire : 10 chiffres, par ex. 07 07 07 07 07.";
const entreprise = { body: { nom: 'Ferme Yamoussoukro', telephone: '+2250101010101', pays: "Cote d'Ivoire", pays_tel: 'ci', boutiques: [] } };

describe("a Côte d'Ivoire business's forms", () => {
  it('the shop dialog refuses "2722" in French and sends a fixed line with +225', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/boutique': { body: [] },
      'GET api/entreprise': entreprise,
      'POST api/boutique': {
        body: { id: 2, nom: 'Boutique Plateau', adresse: null, indicatif: '+225', telephone: '+2252722444444', email: null, etat: 'ACTIVE', created_at: '' },
      },
    });
    renderWithApp(<BoutiqueListPage />, '/boutique');
    await user.click(screen.getByRole('button', { name: 'Créer une boutique' }));
    const dialog = await screen.findByRole('dialog', { name: "Création d'une boutique" });
    await waitFor(() => expect(within(dialog).getByLabelText('Téléphone').getAttribute('placeholder')).toBe('ex. 07 07 07 07 07'));
    await user.type(within(dialog).getByLabelText('Nom'), 'Boutique Plateau');
    await user.type(within(dialog).getByLabelText('Téléphone'), '2722');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText(CI_INVALID)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(dialog).getByLabelText('Téléphone'));
    await user.type(within(dialog).getByLabelText('Téléphone'), '27 22 44 44 44');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ nom: 'Boutique Plateau', telephone: '27 22 44 44 44', indicatif: '+225' });
  });

  it("the user form requires a number of Côte d'Ivoire (or one with its code) and shows a stored one in its national writing", async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      'GET api/entreprise': entreprise,
      'GET api/user/fonctionnalites': { body: RIGHT_CODES.map((code, i) => ({ id: i + 1, code, nom: code, accordable: true })) },
      'GET api/boutique': { body: [] },
      'GET api/user/4': {
        body: {
          user: {
            id: 4,
            prenom: 'Yao',
            nom: 'Kouadio',
            email: 'yao@ferme.ci',
            telephone: '+2250544556677',
            role: 'production',
            id_boutique: null,
            user_foncts: [],
          },
          boutique: null,
        },
      },
      'POST api/user/create': { body: { code: 200, message: 'Utilisateur ajouté', user: {} } },
    });
    const edit = renderWithApp(
      <Routes>
        <Route path="/utilisateur/nouveau/:id" element={<UtilisateurFormPage />} />
        <Route path="/utilisateur" element={<p>liste</p>} />
      </Routes>,
      '/utilisateur/nouveau/4',
    );
    await waitFor(() => expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('05 44 55 66 77'));
    edit.unmount();

    renderWithApp(
      <Routes>
        <Route path="/utilisateur/nouveau/:id" element={<UtilisateurFormPage />} />
        <Route path="/utilisateur" element={<p>liste</p>} />
      </Routes>,
      '/utilisateur/nouveau/0',
    );
    const tel = await screen.findByLabelText('Téléphone');
    const form = tel.closest('form')!;
    await user.type(within(form).getByLabelText('Prénom'), 'Awa');
    await user.type(within(form).getByLabelText('Nom'), 'Koné');
    await user.type(within(form).getByLabelText('Email'), 'awa@ferme.ci');
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(await within(form).findByText('Téléphone requis')).toBeTruthy();
    await user.type(tel, '12');
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(await within(form).findByText(CI_INVALID)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(tel);
    await user.type(tel, '+221 78 111 22 33');
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ prenom: 'Awa', telephone: '+221 78 111 22 33' });
  });

  it("the new sale's client search reads the number typed in the business's country", () => {
    const clients = [
      { id: 1, telephone: '+2250707070707' },
      { id: 2, telephone: '+221771234567' },
      { id: 3, telephone: '0102030405' }, // an older record, before the phone rule
    ];
    expect(findClientByPhone(clients, '07 07 07 07 07', 'ci')?.id).toBe(1);
    expect(findClientByPhone(clients, '+225 07.07.07.07.07', 'ci')?.id).toBe(1);
    expect(findClientByPhone(clients, '00221 77 123 45 67', 'ci')?.id).toBe(2);
    expect(findClientByPhone(clients, '77 123 45 67', 'ci')).toBeNull();
    expect(findClientByPhone(clients, '01 02 03 04 05', 'ci')?.id).toBe(3);
    expect(findClientByPhone(clients, '07 07 07 07', 'ci')).toBeNull();
  });
});
