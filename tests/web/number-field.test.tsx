// The app's one number input (web/src/lib/ui/NumberField.tsx, decision 0213) in jsdom: a text
// input, so `2,5` and `2.5` both reach the form as 2.5 (an `<input type="number">` let an
// English-language browser drop the comma: `1,5` sacks saved as 15); spaces group thousands; the
// ambiguous `1.500` is refused with both readings; once left, the field shows French digits
// without changing the value. Then the same through a batch dialog over the real detail screen.
import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { vi } from 'vitest';
import { quantite, z } from '@shared/schemas/common';
import { ReapproDialog } from '../../web/src/features/produits/components/ReapproDialog';
import { NumberField, nombreTape } from '../../web/src/lib/ui/NumberField';
import { openBatchDetail } from './batch-detail-page';
import { batchDetail, renderWithApp, stubFetch, type FakeCall } from './helpers';

const schema = z.object({ sacs: quantite('Nombre de sacs', { decimal: true }), prix: quantite('Prix') });

function Form({ onValues }: { onValues: (v: z.infer<typeof schema>) => void }) {
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(schema), mode: 'onChange' });
  return (
    <form onSubmit={handleSubmit(onValues)}>
      <NumberField label="Nombre de sacs" decimal {...register('sacs', nombreTape)} error={formState.errors.sacs?.message} />
      <NumberField label="Prix" {...register('prix', nombreTape)} error={formState.errors.prix?.message} />
      <button type="submit">Valider</button>
    </form>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('NumberField', () => {
  it('is a text input with a digit pad, never type=number', () => {
    renderWithApp(<Form onValues={() => {}} />);
    expect(field('Nombre de sacs').type).toBe('text');
    expect(field('Nombre de sacs').inputMode).toBe('decimal');
    expect(field('Prix').inputMode).toBe('numeric');
  });

  it('reads 2,5 and 2.5 alike and 16 500 with its space, shows them back in French and keeps numbers for zod', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    renderWithApp(<Form onValues={onValues} />);
    await user.type(field('Nombre de sacs'), '2.5');
    await user.type(field('Prix'), '16500');
    expect(field('Nombre de sacs').value).toBe('2,5'); // left for the price: French
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(field('Prix').value).toBe('16 500');
    await waitFor(() => expect(onValues).toHaveBeenCalledTimes(1));
    expect(onValues.mock.calls[0][0]).toEqual({ sacs: 2.5, prix: 16500 });

    await user.clear(field('Nombre de sacs'));
    await user.type(field('Nombre de sacs'), '1,5');
    await user.clear(field('Prix'));
    await user.type(field('Prix'), '1\u202f250\u00a0000');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(onValues).toHaveBeenCalledTimes(2));
    expect(onValues.mock.calls[1][0]).toEqual({ sacs: 1.5, prix: 1250000 });
    expect(field('Prix').value).toBe('1 250 000');
  });

  it('refuses 1,2,3 and letters naming the field, and 1.500 with both readings, never a changed number', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    renderWithApp(<Form onValues={onValues} />);
    await user.type(field('Nombre de sacs'), '1,2,3');
    await user.type(field('Prix'), '16.500');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Nombre de sacs doit être un nombre')).toBeTruthy();
    expect(screen.getByText('Prix : « 16.500 » veut dire 16 500 ? Tapez 16500, sans point ni virgule')).toBeTruthy();
    // left as typed: nothing is rewritten into another number
    expect(field('Nombre de sacs').value).toBe('1,2,3');
    expect(field('Prix').value).toBe('16.500');
    await user.clear(field('Nombre de sacs'));
    await user.type(field('Nombre de sacs'), '1.500');
    expect(await screen.findByText('Nombre de sacs : « 1.500 » veut dire 1 500 ou 1,5 ? Tapez 1500 ou 1,5')).toBeTruthy();
    await user.clear(field('Nombre de sacs'));
    await user.type(field('Nombre de sacs'), '2abc');
    expect(await screen.findByText('Nombre de sacs doit être un nombre')).toBeTruthy();
    expect(onValues).not.toHaveBeenCalled();
  });
});

// ── through the batch dialogs ──
const posts = (calls: FakeCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

function open() {
  return openBatchDetail(batchDetail(), { 'POST api/bande/depense': { body: { id: 3 } }, 'POST api/bande/vente': { body: { id: 4 } } });
}

describe('numbers in the batch dialogs', () => {
  it('saves an expense of 1,5 sacks at 16 500 FCFA as 1,5 (total 24 750), not 15', async () => {
    const user = userEvent.setup();
    const api = open();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une dépense' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une dépense' });
    await within(d).findByRole('option', { name: 'Aliment' });
    await user.selectOptions(within(d).getByLabelText('Type de dépense'), 'Aliment');
    await user.type(within(d).getByLabelText('Désignation'), 'Aliment croissance');
    await user.type(within(d).getByLabelText('Prix unitaire (FCFA)'), '16500');
    await user.type(within(d).getByLabelText('Quantité'), '1,5');
    expect(within(d).getByTestId('depense-total').textContent?.replace(/\s/g, ' ')).toBe('Total : 24 750 FCFA');
    expect((within(d).getByLabelText('Prix unitaire (FCFA)') as HTMLInputElement).value).toBe('16 500');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Dépense ajoutée');
    expect(posts(api.calls, 'api/bande/depense')[0].body).toMatchObject({ depense: { prix_unitaire: 16500, quantite: 1.5 } });
  });

  it('refuses a broiler sale of 2,5 birds as not whole, and 1.500 as ambiguous: nothing sent', async () => {
    const user = userEvent.setup();
    const api = open();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une vente' }));
    const d = await screen.findByRole('dialog', { name: 'Ajouter une vente' });
    await user.type(within(d).getByLabelText('Prix unitaire (FCFA)'), '3250');
    await user.type(within(d).getByLabelText('Quantité'), '2,5');
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(d).findByText(/la quantité doit être un nombre entier/)).toBeTruthy();
    await user.clear(within(d).getByLabelText('Quantité'));
    await user.type(within(d).getByLabelText('Quantité'), '1.500');
    expect(await within(d).findByText('Quantité : « 1.500 » veut dire 1 500 ? Tapez 1500, sans point ni virgule')).toBeTruthy();
    await user.click(within(d).getByRole('button', { name: 'Enregistrer' }));
    expect(posts(api.calls, 'api/bande/vente')).toHaveLength(0);
  });
});

describe('numbers in the shop forms', () => {
  it('restock: refuses 1.500 with both readings and 1 2 3 (once read as 123), shows 1500 back as 1 500, sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubFetch({});
    renderWithApp(
      <ReapproDialog
        produit={{ id: 1, nom: 'Poulet', description: null, quantite: 50, prix_cession: 2000, prix_vente: 3500, created_at: '2026-11-01T08:00:00Z' }}
        onClose={() => {}}
        onSaved={() => {}}
      />,
    );
    const input = screen.getByLabelText('Quantité') as HTMLInputElement;
    expect(input.type).toBe('text');
    await user.type(input, '1.500');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(screen.getByText('La quantité : « 1.500 » veut dire 1 500 ? Tapez 1500, sans point ni virgule')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '1 2 3');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(screen.getByText('La quantité doit être un nombre')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.clear(input);
    await user.type(input, '1500');
    await user.tab();
    expect(input.value).toBe('1 500');
  });
});
