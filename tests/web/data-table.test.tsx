// The shared list (web/src/lib/ui/DataTable.tsx): a table on a laptop and a card per row
// on a phone (by the viewport's width), with the row's figures and ALL its actions in both; the
// actions column named for screen readers; loading and empty texts; the card frame, toolbar and
// paginator; a kept table (layout="table") that becomes a named, focusable region when it scrolls.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { DataTable, NARROW_QUERY, type Column } from '../../web/src/lib/ui/DataTable';
import { DETAIL_SIZES, usePaged } from '../../web/src/lib/ui/Paginator';
import { ApiError } from '../../web/src/lib/http';

type Row = { id: number; nom: string; montant: number };
const COLUMNS: Column<Row>[] = [
  { label: 'Nom', cell: (r) => r.nom },
  { label: 'Montant', cell: (r) => `${r.montant} FCFA`, className: 'num', testId: (r) => `montant-${r.id}` },
  { label: 'Note', cell: (r) => (r.id % 2 ? 'impair' : '') },
];
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, nom: `Ligne ${i + 1}`, montant: (i + 1) * 100 }));
const actions = (r: Row) => (
  <>
    <button type="button">Modifier {r.nom}</button>
    <button type="button">Mettre en ligne {r.nom}</button>
  </>
);

/**
 * A viewport `width` px wide as matchMedia answers it (jsdom has no layout): the query of the
 * phone layout matches at 700 px and below; `resize` changes it and tells the listeners.
 */
function viewport(width: number) {
  let w = width;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (q: string) => ({
    get matches() {
      return q === NARROW_QUERY && w <= 700;
    },
    media: q,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  return {
    resize(next: number) {
      w = next;
      act(() => listeners.forEach((l) => l()));
    },
  };
}

function Paged({ items, loading, error }: { items: Row[]; loading?: boolean; error?: Error | null }) {
  const page = usePaged(items, DETAIL_SIZES);
  return (
    <DataTable
      title="Lignes"
      toolbar={<button type="button">Ajouter</button>}
      testId="table-lignes"
      columns={COLUMNS}
      rowKey={(r) => r.id}
      actions={actions}
      page={page}
      loading={loading}
      error={error}
      empty="Aucune ligne pour le moment : ajoutez la première avec « Ajouter »."
    />
  );
}

describe('DataTable', () => {
  it('at 1280 px: a table in its card, the headers, an actions column named for screen readers, one page of rows with every action', async () => {
    viewport(1280);
    const { container } = render(<Paged items={rows(7)} />);
    const card = container.firstElementChild as HTMLElement;
    expect(card.className).toBe('card');
    expect(within(card.querySelector('.card-toolbar') as HTMLElement).getByRole('heading', { level: 2, name: 'Lignes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter' })).toBeTruthy();
    const table = screen.getByTestId('table-lignes');
    expect(table.tagName).toBe('TABLE');
    expect(table.parentElement?.classList.contains('table-wrap')).toBe(true);
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual(['Nom', 'Montant', 'Note', 'Actions']);
    // The actions header shows nothing but has text for a screen reader (never an empty header).
    expect(headers[3].querySelector('.sr-only')?.textContent).toBe('Actions');
    expect(headers[1].className).toBe('num');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(5);
    expect(screen.getByTestId('montant-3').textContent).toBe('300 FCFA');
    expect(screen.getAllByRole('button', { name: /^Mettre en ligne Ligne/ })).toHaveLength(5);
    // The actions sit in a wrapping group inside their cell, so none is ever cut.
    expect(screen.getByRole('button', { name: 'Mettre en ligne Ligne 1' }).closest('td')?.className).toBe('actions');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('1–5 sur 7')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect([...table.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent)).toEqual(['Ligne 6', 'Ligne 7']);
  });

  it('at 360 px: one card per row, its title, its labelled figures (blank ones left out) and all its actions; no table', () => {
    viewport(360);
    render(<Paged items={rows(3)} />);
    expect(document.querySelector('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Lignes' });
    expect(list.getAttribute('data-testid')).toBe('table-lignes');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const first = cards[0];
    expect(first.querySelector('.dt-card-title')?.textContent).toBe('Ligne 1');
    const terms = [...first.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['Montant', 'Note']);
    expect(within(first).getByTestId('montant-1').textContent).toBe('100 FCFA');
    // Row 2 has no note: its card does not print a bare "Note" label.
    expect([...cards[1].querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Montant']);
    for (const [i, card] of cards.entries()) {
      const group = within(card).getByRole('group', { name: 'Actions' });
      expect(within(group).getByRole('button', { name: `Modifier Ligne ${i + 1}` })).toBeTruthy();
      expect(within(group).getByRole('button', { name: `Mettre en ligne Ligne ${i + 1}` })).toBeTruthy();
    }
  });

  it('follows the viewport: turning a phone to landscape past 700 px gives the table back, and back to cards', () => {
    const v = viewport(360);
    render(<Paged items={rows(2)} />);
    expect(screen.getByRole('list', { name: 'Lignes' })).toBeTruthy();
    v.resize(1024);
    expect(screen.queryByRole('list', { name: 'Lignes' })).toBeNull();
    expect(screen.getByTestId('table-lignes').tagName).toBe('TABLE');
    expect(screen.getAllByRole('button', { name: /^Modifier/ })).toHaveLength(2);
    v.resize(700);
    expect(screen.getByRole('list', { name: 'Lignes' })).toBeTruthy();
  });

  it('loading then the empty text, whole (it says what to do next), in both layouts; the load error above', () => {
    viewport(1280);
    const { rerender } = render(<Paged items={[]} loading />);
    expect(screen.getByText('Chargement…').getAttribute('colspan')).toBe('4');
    // A list's load error reads as every screen's (loadMessage): the refusal's words here.
    rerender(<Paged items={[]} error={new ApiError(404, 'Boutique introuvable.')} />);
    const empty = screen.getByText(/^Aucune ligne pour le moment/);
    expect(empty.className).toBe('empty');
    expect(empty.textContent).toBe('Aucune ligne pour le moment : ajoutez la première avec « Ajouter ».');
    expect(screen.getByRole('alert').textContent).toBe('Boutique introuvable.');
    viewport(360);
    render(<Paged items={[]} />, { container: document.body.appendChild(document.createElement('div')) });
    const status = document.querySelector('p.dt-status');
    expect(status?.textContent).toBe('Aucune ligne pour le moment : ajoutez la première avec « Ajouter ».');
  });

  it('bare: only the list, every row, nothing when there is no empty text', () => {
    viewport(1280);
    const { container, rerender } = render(<DataTable bare label="Lignes" columns={COLUMNS} rowKey={(r) => r.id} page={{ rows: rows(12) }} />);
    expect((container.firstElementChild as HTMLElement).classList.contains('table-wrap')).toBe(true);
    expect(container.querySelector('.card, .card-toolbar, .ui-paginator')).toBeNull();
    expect(container.querySelectorAll('tbody tr')).toHaveLength(12);
    // No actions: no actions column at all.
    expect(container.querySelectorAll('th')).toHaveLength(3);
    rerender(<DataTable bare label="Lignes" columns={COLUMNS} rowKey={(r) => r.id} page={{ rows: [] }} />);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(0);
  });

  it('a kept table (layout="table") stays a table on a phone; wider than its card it is a named region the keyboard reaches, with a visible hint', () => {
    viewport(360);
    // jsdom has no layout: the table's wrapper says it is 900 px inside and 330 px outside.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('table-wrap') ? 900 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('table-wrap') ? 330 : 0;
    });
    render(<DataTable title="Mois par mois" layout="table" columns={COLUMNS} rowKey={(r) => r.id} page={{ rows: rows(12) }} />);
    expect(screen.getByRole('table', { name: 'Mois par mois' })).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Mois par mois (tableau défilant)' });
    expect(region.tabIndex).toBe(0);
    expect(region.classList.contains('table-scrolls')).toBe(true);
    expect(region.querySelector('.table-scroll-hint')?.textContent).toMatch(/Faites glisser le tableau/);
  });

  it('a table that fits its card is no region and takes no tab stop', () => {
    viewport(1280);
    render(<DataTable title="Lignes" columns={COLUMNS} rowKey={(r) => r.id} page={{ rows: rows(2) }} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.querySelector('.table-wrap')?.hasAttribute('tabindex')).toBe(false);
  });
});
