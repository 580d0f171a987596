// Client-side paginator of the feature tables: rows per page, the range shown, previous and next.
// The page sizes are the caller's (spec part 1 §9 and part 2 §9): LIST_SIZES for the lists,
// DETAIL_SIZES for the batch detail tables and the sales history.
import { useState } from 'react';

export const LIST_SIZES = [10, 20, 30] as const;
export const DETAIL_SIZES = [5, 10, 20, 30] as const;

export function usePaged<T>(items: readonly T[], sizes: readonly number[]) {
  const [size, setSize] = useState(sizes[0]);
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(items.length / size));
  // A search or a reload can shrink the list below the current page: show its last page.
  const current = Math.min(page, pages - 1);
  return {
    rows: items.slice(current * size, current * size + size),
    pager: {
      total: items.length,
      page: current,
      size,
      sizes,
      onPage: setPage,
      onSize: (s: number) => {
        setSize(s);
        setPage(0);
      },
    },
  };
}

interface Props {
  total: number;
  page: number;
  size: number;
  sizes: readonly number[];
  onPage: (p: number) => void;
  onSize: (s: number) => void;
}

export function Paginator({ total, page, size, sizes, onPage, onSize }: Props) {
  const from = total === 0 ? 0 : page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  const last = Math.max(0, Math.ceil(total / size) - 1);
  return (
    <div className="ui-paginator">
      <label>
        Lignes par page
        <select value={size} onChange={(e) => onSize(Number(e.target.value))}>
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <span className="ui-paginator-range">
        {from}–{to} sur {total}
      </span>
      <button type="button" className="btn btn-small" aria-label="Page précédente" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        ‹
      </button>
      <button type="button" className="btn btn-small" aria-label="Page suivante" disabled={page >= last} onClick={() => onPage(page + 1)}>
        ›
      </button>
    </div>
  );
}
