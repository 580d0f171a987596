// The table frame every feature list shares: a card with an optional toolbar (h2 title, buttons,
// search), the load error, a table that scrolls sideways on a phone, one row saying it is loading
// or empty, the caller's rows and the paginator; `bare` drops the card for a table inside a dialog
// or a form card.
import type { ReactElement, ReactNode } from 'react';
import { downloadCsv, type CsvColumn } from '../csv';
import { Alert } from './Alert';
import { EmptyRow } from './EmptyRow';
import { Paginator } from './Paginator';

export interface Column {
  label: string;
  /** 'num' right-aligns a figure column. */
  className?: string;
  /** The header cell stays empty and only names the column to screen readers (an actions column). */
  hideLabel?: boolean;
}

interface Props<T, C> {
  columns: readonly Column[];
  /** The usePaged() result, or just `{ rows }` for a table shown whole (no paginator). */
  page: { rows: readonly T[]; pager?: Parameters<typeof Paginator>[0] };
  /** One `<tr>` per row, carrying its own key. */
  renderRow: (row: T) => ReactElement;
  /** Shown in a full-width row when there is nothing to list; none when omitted. */
  empty?: ReactNode;
  /** Replaces the empty row with 'Chargement…' while the first load runs. */
  loading?: boolean;
  /** The list query's failure (its `error`), shown above the table. */
  error?: Error | null;
  title?: string;
  /** Buttons or a search field in the card toolbar, after the title. */
  toolbar?: ReactNode;
  testId?: string;
  /** Only the scrolling table, for a dialog or a card that holds other things. */
  bare?: boolean;
  /** An "Exporter CSV" button in the toolbar: every row (not only the page shown; they may be the
   * lines behind a summary table), these columns. */
  csv?: { filename: string; columns: readonly CsvColumn<C>[]; rows: readonly C[] };
}

export function DataTable<T, C = T>({ columns, page, renderRow, empty, loading, error, title, toolbar, testId, bare, csv }: Props<T, C>) {
  const span = columns.length;
  const table = (
    <div className="table-wrap">
      <table className="table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} className={c.className} aria-label={c.hideLabel ? c.label : undefined}>
                {c.hideLabel ? null : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && <EmptyRow colSpan={span}>Chargement…</EmptyRow>}
          {!loading && empty !== undefined && page.rows.length === 0 && <EmptyRow colSpan={span}>{empty}</EmptyRow>}
          {page.rows.map(renderRow)}
        </tbody>
      </table>
    </div>
  );
  if (bare) return table;
  return (
    <div className="card">
      {(title || toolbar || csv) && (
        <div className="card-toolbar">
          {title && <h2>{title}</h2>}
          {toolbar}
          {csv && (
            <button
              type="button"
              className="btn btn-small csv-export"
              disabled={csv.rows.length === 0}
              data-testid={testId ? `${testId}-csv` : undefined}
              onClick={() => downloadCsv(csv.filename, csv.columns, csv.rows)}
            >
              Exporter CSV
            </button>
          )}
        </div>
      )}
      {error && <Alert kind="error">{error.message}</Alert>}
      {table}
      {page.pager && <Paginator {...page.pager} />}
    </div>
  );
}
