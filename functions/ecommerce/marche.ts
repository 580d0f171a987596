// The marketplace's order (docs/decisions/0306-marketplace-fair-pages.md): which products of the
// sellers in force go on which page. Pure: the storefront reads the products, this cuts the pages.
//
// The rule, for the products matching a search (town, type):
// 1. Rounds: every seller's first product, then every seller's second, and so on. Within a round
//    sellers come in a daily rotation (sorted by business id, the start moving by one each day), so
//    a new seller with one product stands in the first round beside the oldest one, and with more
//    sellers than a page holds, each seller's turn on the first page comes round.
// 2. A seller's products take turns too: its list (by id) starts at a point moving by one each day.
// 3. Pages are cut from that sequence: at most `perSeller` products of one seller on a page; a
//    product past its seller's share waits, in order, for the next page. A page may so be shorter
//    than `limit`: the last product says whether another page follows (`suite`).

export interface Placeable {
  tenantId: number;
  id: number;
}

/** The day number of `YYYY-MM-DD` (days since 1970-01-01), which turns the rotations. */
export const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

const rotate = <T>(list: T[], by: number): T[] => {
  if (!list.length) return list;
  const k = ((by % list.length) + list.length) % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
};

/** The pages of the search in order, cut one at a time (a page past the one asked is never cut). */
function* cutPages<P extends Placeable>(products: readonly P[], opts: { day: number; limit: number; perSeller: number }): Generator<P[]> {
  const bySeller = new Map<number, P[]>();
  for (const p of products) {
    const list = bySeller.get(p.tenantId);
    if (list) list.push(p);
    else bySeller.set(p.tenantId, [p]);
  }
  const sellers = rotate(
    [...bySeller.keys()].sort((a, b) => a - b),
    opts.day,
  );
  const lists = sellers.map((t) =>
    rotate(
      bySeller.get(t)!.sort((a, b) => a.id - b.id),
      opts.day,
    ),
  );
  const sequence: P[] = [];
  for (let round = 0; lists.some((l) => round < l.length); round++) {
    for (const l of lists) if (round < l.length) sequence.push(l[round]);
  }
  let waiting = sequence;
  while (waiting.length) {
    const page: P[] = [];
    const taken = new Map<number, number>();
    const next: P[] = [];
    for (const p of waiting) {
      const n = taken.get(p.tenantId) ?? 0;
      if (page.length < opts.limit && n < opts.perSeller) {
        page.push(p);
        taken.set(p.tenantId, n + 1);
      } else next.push(p);
    }
    yield page;
    waiting = next;
  }
}

/** Every page of the search, in order (an empty search: no page). */
export function marchePages<P extends Placeable>(products: readonly P[], opts: { day: number; limit: number; perSeller: number }): P[][] {
  return [...cutPages(products, opts)];
}

/**
 * The page that follows the one ending with product `after` (`<tenant>.<id>`), or the first page;
 * `undefined` when `after` is on no page (unpublished since, or its seller no longer in force).
 */
export function marchePage<P extends Placeable>(pages: P[][], after?: { tenantId: number; id: number }): { page: P[]; suite: boolean } | undefined {
  if (!after) return { page: pages[0] ?? [], suite: pages.length > 1 };
  const i = pages.findIndex((page) => page.some((p) => p.tenantId === after.tenantId && p.id === after.id));
  if (i < 0) return undefined;
  return { page: pages[i + 1] ?? [], suite: pages.length > i + 2 };
}

/**
 * `marchePage(marchePages(products, opts), after)`, cutting no page past the one after the page
 * asked (its `suite`): the storefront's first page of a big town cuts 2 pages, not all of them.
 */
export function marchePageOf<P extends Placeable>(
  products: readonly P[],
  opts: { day: number; limit: number; perSeller: number },
  after?: { tenantId: number; id: number },
): { page: P[]; suite: boolean } | undefined {
  const pages = cutPages(products, opts);
  const then = () => {
    const page = pages.next();
    return page.done ? { page: [], suite: false } : { page: page.value, suite: !pages.next().done };
  };
  if (!after) return then();
  for (let page = pages.next(); !page.done; page = pages.next()) {
    if (page.value.some((p) => p.tenantId === after.tenantId && p.id === after.id)) return then();
  }
  return undefined;
}
