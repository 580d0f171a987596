// The shared table frame (web/src/lib/ui/DataTable.tsx): card, toolbar title, headers (num class,
// hidden actions label), the loading row before the empty row, the load error, the paginator,
// and the bare variant without the card.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from '../../web/src/lib/ui/DataTable';
import { DETAIL_SIZES, usePaged } from '../../web/src/lib/ui/Paginator';

const COLUMNS = [{ label: 'Nom' }, { label: 'Montant', className: 'num' }, { label: 'Actions', hideLabel: true }];
type Row = { id: number; nom: string };
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, nom: `Ligne ${i + 1}` }));
const renderRow = (r: Row) => (
  <tr key={r.id}>
    <td>{r.nom}</td>
    <td className="num">{r.id}</td>
    <td />
  </tr>
);

function Paged({ items, loading, error }: { items: Row[]; loading?: boolean; error?: Error | null }) {
  const page = usePaged(items, DETAIL_SIZES);
  return (
    <DataTable
      title="Lignes"
      toolbar={<button type="button">Ajouter</button>}
      testId="table-lignes"
      columns={COLUMNS}
      page={page}
      loading={loading}
      error={error}
      empty="Aucune ligne"
      renderRow={renderRow}
    />
  );
}

describe('DataTable', () => {
  it('renders the card, its toolbar, the headers and one page of rows with the paginator', async () => {
    const { container } = render(<Paged items={rows(7)} />);
    const card = container.firstElementChild as HTMLElement;
    expect(card.className).toBe('card');
    expect(within(card.querySelector('.card-toolbar') as HTMLElement).getByRole('heading', { level: 2, name: 'Lignes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter' })).toBeTruthy();
    const table = screen.getByTestId('table-lignes');
    expect(table.className).toBe('table');
    expect(table.parentElement?.className).toBe('table-wrap');
    const ths = table.querySelectorAll('th');
    expect([...ths].map((th) => th.textContent)).toEqual(['Nom', 'Montant', '']);
    expect(ths[1].className).toBe('num');
    expect(ths[2].getAttribute('aria-label')).toBe('Actions');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(5);
    expect(screen.getByText('1–5 sur 7')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect([...table.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent)).toEqual(['Ligne 6', 'Ligne 7']);
  });

  it('says Chargement… while loading, then the empty text spanning every column, and shows the load error', () => {
    const { rerender } = render(<Paged items={[]} loading />);
    expect(screen.getByText('Chargement…').getAttribute('colspan')).toBe('3');
    expect(screen.queryByText('Aucune ligne')).toBeNull();
    rerender(<Paged items={[]} error={new Error('Erreur réseau')} />);
    const empty = screen.getByText('Aucune ligne');
    expect(empty.className).toBe('empty');
    expect(empty.getAttribute('colspan')).toBe('3');
    expect(screen.queryByText('Chargement…')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Erreur réseau');
  });

  it('bare: only the scrolling table, every row, no empty row when no empty text is given', () => {
    const { container, rerender } = render(<DataTable bare columns={COLUMNS} page={{ rows: rows(12) }} renderRow={renderRow} />);
    expect((container.firstElementChild as HTMLElement).className).toBe('table-wrap');
    expect(container.querySelector('.card, .card-toolbar, .ui-paginator')).toBeNull();
    expect(container.querySelectorAll('tbody tr')).toHaveLength(12);
    rerender(<DataTable bare columns={COLUMNS} page={{ rows: [] }} renderRow={renderRow} />);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(0);
  });
});
