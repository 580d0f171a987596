// CSV exports (web/src/lib/csv.ts): what Excel in a French locale opens as columns —
// UTF-8 BOM, ';' separator, CRLF, dates dd/mm/yyyy, decimal comma, quoted fields, formulas
// neutralised — and the DataTable button that downloads every row, not only the page shown.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../web/src/lib/csv';
import { DataTable } from '../../web/src/lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../web/src/lib/ui/Paginator';

type Vente = { id: number; produit: string; quantite: number; total: number; created_at: string };
const COLS = [
  { label: 'Date', value: (v: Vente) => v.created_at, date: true },
  { label: 'Produit', value: (v: Vente) => v.produit },
  { label: 'Quantité', value: (v: Vente) => v.quantite },
  { label: 'Total (FCFA)', value: (v: Vente) => v.total },
];

describe('toCsv', () => {
  it('writes a BOM, ";" between fields, CRLF lines, dates dd/mm/yyyy and decimal commas', () => {
    const csv = toCsv(COLS, [
      { id: 1, produit: 'Poulet', quantite: 2.5, total: 7500, created_at: '2026-03-05T10:20:00.000Z' },
      { id: 2, produit: 'Œufs; plateau "30"', quantite: 1, total: 2000, created_at: '2026-12-31' },
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Date;Produit;Quantité;Total (FCFA)',
      '05/03/2026;Poulet;2,5;7500',
      '31/12/2026;"Œufs; plateau ""30""";1;2000',
      '',
    ]);
  });

  it('neutralises a text Excel would run as a formula, leaves empty values empty', () => {
    const csv = toCsv([{ label: 'Nom', value: (r: { n: string | null }) => r.n }], [{ n: '=HYPERLINK("x")' }, { n: null }, { n: '-5 poulets' }]);
    expect(csv.slice(1).split('\r\n')).toEqual(['Nom', `"'=HYPERLINK(""x"")"`, '', "'-5 poulets", '']);
  });
});

describe('DataTable CSV button', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads every row (25), not only the 10 shown', async () => {
    const rows: Vente[] = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      produit: `P${i + 1}`,
      quantite: 1,
      total: 100 * (i + 1),
      created_at: '2026-01-02',
    }));
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => ((blob = b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    function Table() {
      const page = usePaged(rows, LIST_SIZES);
      return (
        <DataTable
          title="Ventes"
          testId="t"
          columns={[{ label: 'Produit', cell: (r: Vente) => r.produit }]}
          page={page}
          csv={{ filename: 'ventes', rows, columns: COLS }}
          rowKey={(r) => r.id}
        />
      );
    }
    render(<Table />);
    expect(screen.getAllByRole('row')).toHaveLength(11);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter CSV' }));
    expect(click).toHaveBeenCalledOnce();
    expect(blob!.type).toBe('text/csv;charset=utf-8');
    const text = await blob!.text();
    const lines = text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(26);
    expect(lines[25]).toBe('02/01/2026;P25;1;2500');
  });
});
