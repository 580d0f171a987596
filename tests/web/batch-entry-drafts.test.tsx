// A half-typed batch entry is never lost: each entry dialog of the batch detail
// keeps a draft on the device per batch (web/src/features/bandes/components/entries/
// use-entry-draft.ts), restored when the dialog opens again after the page was dropped, and
// forgotten once saved or closed on purpose; the phone's Back button (and Escape) asks
// « Abandonner cette saisie ? » before dropping typed values (web/src/lib/use-back-guard.ts).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RACES } from '@shared/breeds';
import { addDays, todayFor } from '@shared/dates';
import { FORM_MSG } from '@shared/messages/sync';
import { TYPES_DEPENSE } from '@shared/schemas/bandes';
import { entryDraftKey } from '../../web/src/features/bandes/components/entries/use-entry-draft';
import { hasDraft } from '../../web/src/lib/use-draft';
import { renderBatchDetail } from './batch-detail-page';
import { batchDetail, stubFetch } from './helpers';

const today = todayFor();

function stub(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET api/bande/1': { body: batchDetail({ id: 1, nom: 'Chair 1' }) },
    'GET api/bande/2': { body: batchDetail({ id: 2, nom: 'Chair 2' }) },
    'GET api/typedepense': { body: TYPES_DEPENSE },
    'GET api/races': { body: RACES },
    ...extra,
  });
}

const open = (id = 1) => renderBatchDetail(`/bande/${id}`);

const value = (d: HTMLElement, label: string) => (within(d).getByLabelText(label) as HTMLInputElement).value;

async function openSale(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Ajouter une vente' }));
  return screen.findByRole('dialog', { name: 'Ajouter une vente' });
}

describe('batch entry drafts', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a half-typed sale when the page is dropped and puts it back on the same batch only', async () => {
    stub();
    const user = userEvent.setup();
    const first = open(1);
    let d = await openSale(user);
    await user.type(within(d).getByLabelText('Prix unitaire (FCFA)'), '3250');
    await user.type(within(d).getByLabelText('Quantité'), '20');
    fireEvent.change(within(d).getByLabelText('Date de la vente'), { target: { value: addDays(today, -2) } });
    await waitFor(() => expect(hasDraft(entryDraftKey('vente', 1))).toBe(true));
    first.unmount(); // the phone drops the tab: no close, no save

    // Another batch's sale dialog opens empty.
    const other = open(2);
    d = await openSale(user);
    expect(within(d).queryByTestId('draft-note')).toBeNull();
    expect(value(d, 'Quantité')).toBe('');
    other.unmount();

    open(1);
    d = await openSale(user);
    expect(await within(d).findByTestId('draft-note')).toBeTruthy();
    expect(value(d, 'Prix unitaire (FCFA)')).toBe('3250');
    expect(value(d, 'Quantité')).toBe('20');
    expect(value(d, 'Date de la vente')).toBe(addDays(today, -2));
  });

  it('forgets the draft once the entry is saved, and when the dialog is closed on purpose (×)', async () => {
    const api = stub({ 'POST api/bande/perte': { body: { id: 9 } } });
    const user = userEvent.setup();
    open(1);
    await user.click(await screen.findByRole('button', { name: 'Enregistrer une perte' }));
    let d = await screen.findByRole('dialog', { name: 'Mortalité' });
    await user.type(within(d).getByLabelText('Nombre de sujets'), '4');
    await waitFor(() => expect(hasDraft(entryDraftKey('perte', 1))).toBe(true));
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Perte enregistrée');
    expect(api.calls.some((c) => c.url === 'api/bande/perte')).toBe(true);
    expect(hasDraft(entryDraftKey('perte', 1))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Enregistrer une perte' }));
    d = await screen.findByRole('dialog', { name: 'Mortalité' });
    expect(value(d, 'Nombre de sujets')).toBe('');
    await user.type(within(d).getByLabelText('Nombre de sujets'), '2');
    await waitFor(() => expect(hasDraft(entryDraftKey('perte', 1))).toBe(true));
    await user.click(within(d).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(hasDraft(entryDraftKey('perte', 1))).toBe(false);
  });

  it('asks before the Back button drops a typed entry: « Continuer la saisie » keeps it, « Oui, abandonner » drops it', async () => {
    stub();
    const user = userEvent.setup();
    open(1);
    const d = await openSale(user);
    await user.type(within(d).getByLabelText('Quantité'), '20');
    await waitFor(() => expect(hasDraft(entryDraftKey('vente', 1))).toBe(true));

    window.history.back();
    expect((await within(d).findByTestId('leave-question')).textContent).toContain(FORM_MSG.leaveQuestion);
    expect(screen.getByRole('dialog', { name: 'Ajouter une vente' })).toBe(d);
    expect(window.location.hash).toBe('#/bande/1');
    await user.click(within(d).getByRole('button', { name: FORM_MSG.leaveStay }));
    expect(within(d).queryByTestId('leave-question')).toBeNull();
    expect(value(d, 'Quantité')).toBe('20');

    // Back again asks again (the guard was put back); Escape asks the same.
    window.history.back();
    await within(d).findByTestId('leave-question');
    await user.click(within(d).getByRole('button', { name: FORM_MSG.leaveStay }));
    await user.keyboard('{Escape}');
    await within(d).findByTestId('leave-question');
    await user.click(within(d).getByRole('button', { name: FORM_MSG.leaveConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(hasDraft(entryDraftKey('vente', 1))).toBe(false);
    expect(window.location.hash).toBe('#/bande/1');
  });

  it.each([
    ['Ajouter une dépense', 'Ajouter une dépense'],
    ['Ajouter une vente', 'Ajouter une vente'],
    ['Enregistrer une perte', 'Mortalité'],
    ['Ajouter un pesage', 'Pesage'],
    ['Modifier', 'Modifier la bande'],
  ])('closes an untouched dialog (« %s ») on Escape without asking, and puts nothing in the history', async (button, title) => {
    stub();
    const user = userEvent.setup();
    open(1);
    await user.click(await screen.findByRole('button', { name: button }));
    await screen.findByRole('dialog', { name: title });
    await new Promise((r) => setTimeout(r, 50));
    expect((window.history.state as { ganaarForm?: string } | null)?.ganaarForm).toBeUndefined();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
