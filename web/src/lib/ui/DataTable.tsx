// The list every feature screen shares (lists built for phones). One component, two
// layouts of the same columns:
// - on a phone (viewport ≤ 700 px, the width where the sidebar slides in) each row is a card: its
//   title, its figures with their labels, and ALL its actions as buttons that wrap — nothing
//   scrolls sideways, nothing is cut;
// - wider, a table whose actions cell wraps its buttons, so every action fits its column.
// `layout="table"` keeps a table on a phone too (a matrix read across rows, such as the months of
// a year): when it is wider than its card its scroll container becomes a named, focusable region
// (arrow keys scroll it) with a visible cue that more columns follow.
// Around it: an optional card with a toolbar (h2 title, buttons, search, CSV export), the load
// error, the loading or empty text (never cut: it wraps) and the paginator; `bare` drops the card
// for a list inside a dialog or a form card.
import { useEffect, useRef, useState, useSyncExternalStore, type Key, type ReactNode, type RefObject } from 'react';
import { downloadCsv, type CsvColumn } from '../csv';
import { Alert } from './Alert';
import { Paginator } from './Paginator';
import { loadMessage } from '../http';

export interface Column<T> {
  /** Header of the column, and the figure's label on a card. */
  label: string;
  /** What the row shows in this column. */
  cell: (row: T) => ReactNode;
  /** 'num' right-aligns a figure column; 'wrap' lets a long name wrap; 'cell-break' breaks an e-mail. */
  className?: string;
  /** The header cell names the column to screen readers only (a photo column). */
  hideLabel?: boolean;
  /**
   * On a card: 'title' heads the card (several title columns share its first line; without any,
   * the first column heads it); 'hide' leaves the column out (a thumbnail, a detail the title
   * already says). Otherwise the column is one labelled figure of the card.
   */
  card?: 'title' | 'hide';
  /** data-testid of the cell (table) or of the figure's value (card). */
  testId?: (row: T) => string;
}

interface Props<T, C> {
  columns: readonly Column<T>[];
  /** React key of a row. */
  rowKey: (row: T) => Key;
  /** The row's actions (buttons, links): the last column of the table, the foot of a card. */
  actions?: (row: T) => ReactNode;
  /** The actions column's name for screen readers (the header shows no text). */
  actionsLabel?: string;
  /** Extra class of a row or card (a cancelled line is greyed). */
  rowClassName?: (row: T) => string | undefined;
  /** 'table' keeps a table on a phone (it scrolls inside its region); default: cards on a phone. */
  layout?: 'auto' | 'table';
  /** Name of the list for screen readers when it has no title. */
  label?: string;
  /** The usePaged() result, or just `{ rows }` for a list shown whole (no paginator). */
  page: { rows: readonly T[]; pager?: Parameters<typeof Paginator>[0] };
  /** Shown instead of the rows when there is nothing to list; nothing when omitted. */
  empty?: ReactNode;
  /** Replaces the empty text with 'Chargement…' while the first load runs. */
  loading?: boolean;
  /** The list query's failure (its `error`), shown above the list. */
  error?: Error | null;
  title?: string;
  /** Buttons or a search field in the card toolbar, after the title. */
  toolbar?: ReactNode;
  testId?: string;
  /** Only the list, for a dialog or a card that holds other things. */
  bare?: boolean;
  /** An "Exporter CSV" button in the toolbar: every row (not only the page shown; they may be the
   * lines behind a summary table), these columns. */
  csv?: { filename: string; columns: readonly CsvColumn<C>[]; rows: readonly C[] };
}

const LOADING_TEXT = 'Chargement…';

/** The phone layout's breakpoint: the shell's sidebar slides in at the same width (styles.css). */
export const NARROW_QUERY = '(max-width: 700px)';

function subscribeNarrow(onChange: () => void): () => void {
  const m = typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
  m?.addEventListener('change', onChange);
  return () => m?.removeEventListener('change', onChange);
}
const narrowNow = () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY).matches : false);

/** True on a phone-sized viewport; follows rotation and resizing. */
function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribeNarrow, narrowNow, () => false);
}

/** A cell value that shows nothing (a card leaves such a figure out rather than print a bare label). */
const blank = (v: ReactNode) => v === null || v === undefined || v === false || v === '';

/**
 * True while the element is wider inside than outside (its content scrolls sideways); measured
 * again whenever it or its content changes size. Measured in the ResizeObserver's callback, which
 * runs once layout is done: reading the widths during React's commit would force a layout of the
 * whole page in the middle of the first render (the dashboard's month table is on its first screen).
 */
function useOverflowing(ref: RefObject<HTMLElement | null>, deps: unknown[]): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOver(el.scrollWidth > el.clientWidth + 1);
    if (typeof ResizeObserver !== 'function') return measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return over;
}

export function DataTable<T, C = T>(props: Props<T, C>) {
  const { page, empty, loading, error, title, toolbar, testId, bare, csv, layout = 'auto' } = props;
  const narrow = useNarrowScreen();
  const name = props.label ?? title;
  const status = loading ? LOADING_TEXT : page.rows.length === 0 && empty !== undefined ? empty : null;
  const body = narrow && layout === 'auto' ? <Cards {...props} name={name} status={status} /> : <Table {...props} name={name} status={status} />;
  if (bare) return body;
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
      {error && <Alert kind="error">{loadMessage(error)}</Alert>}
      {body}
      {page.pager && <Paginator {...page.pager} />}
    </div>
  );
}

type BodyProps<T, C> = Props<T, C> & { name: string | undefined; status: ReactNode };

function Table<T, C>({ columns, rowKey, actions, actionsLabel = 'Actions', rowClassName, page, testId, name, status }: BodyProps<T, C>) {
  const wrap = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowing(wrap, [page.rows, columns.length]);
  const span = columns.length + (actions ? 1 : 0);
  return (
    <div
      ref={wrap}
      className={scrolls ? 'table-wrap table-scrolls' : 'table-wrap'}
      // Wider than its card: a keyboard must reach it (arrow keys scroll a focused region) and a
      // screen reader hears what it is.
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': name ? `${name} (tableau défilant)` : 'Tableau défilant' } : {})}
    >
      <table className="table" data-testid={testId} aria-label={name}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.className}>
                {c.hideLabel ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
            {actions && (
              <th scope="col" className="actions">
                <span className="sr-only">{actionsLabel}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {status !== null && (
            <tr>
              <td colSpan={span} className="empty">
                {status}
              </td>
            </tr>
          )}
          {status === null &&
            page.rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((c) => (
                  <td key={c.label} className={c.className} data-testid={c.testId?.(row)}>
                    {c.cell(row)}
                  </td>
                ))}
                {actions && (
                  <td className="actions">
                    <div className="row-actions">{actions(row)}</div>
                  </td>
                )}
              </tr>
            ))}
        </tbody>
      </table>
      {scrolls && (
        <p className="table-scroll-hint" aria-hidden="true">
          Faites glisser le tableau pour voir les autres colonnes →
        </p>
      )}
    </div>
  );
}

function Cards<T, C>({ columns, rowKey, actions, actionsLabel = 'Actions', rowClassName, page, testId, name, status }: BodyProps<T, C>) {
  const titled = columns.some((c) => c.card === 'title');
  const heads = titled ? columns.filter((c) => c.card === 'title') : columns.slice(0, 1);
  const figures = columns.filter((c) => c.card !== 'hide' && !heads.includes(c));
  if (status !== null) {
    return (
      <p className="dt-status" data-testid={testId}>
        {status}
      </p>
    );
  }
  return (
    <ul className="dt-cards" data-testid={testId} aria-label={name}>
      {page.rows.map((row) => {
        const acts = actions?.(row);
        return (
          <li key={rowKey(row)} className={['dt-card', rowClassName?.(row)].filter(Boolean).join(' ')}>
            <div className="dt-card-title">
              {heads.map((c) => (
                <span key={c.label} className="dt-card-title-part" data-testid={c.testId?.(row)}>
                  {c.cell(row)}
                </span>
              ))}
            </div>
            <dl className="dt-card-fields">
              {figures.map((c) => {
                const v = c.cell(row);
                if (blank(v)) return null;
                return (
                  <div key={c.label} className="dt-field">
                    <dt>{c.label}</dt>
                    <dd className={c.className} data-testid={c.testId?.(row)}>
                      {v}
                    </dd>
                  </div>
                );
              })}
            </dl>
            {!blank(acts) && (
              <div className="dt-card-actions row-actions" role="group" aria-label={actionsLabel}>
                {acts}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
