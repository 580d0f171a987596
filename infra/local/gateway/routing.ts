// Which route-table row a request reaches, as API Gateway decides it (the local stack has no API
// Gateway in front of it, so it matches the same way itself).
import type { RouteRow } from '@shared/api/routes';

export interface CompiledRoute {
  row: RouteRow;
  regex: RegExp;
  names: string[];
  specificity: number;
  literals: number;
}

/**
 * API Gateway picks the most specific route: literal segments beat {param}, which beats {proxy+};
 * between greedy routes the longer literal prefix wins. A greedy variable also takes an empty
 * rest (`/metrics/` reaches `/metrics/{proxy+}` in an HTTP API), while `{param}` never matches
 * an empty segment.
 */
export function compileRoutes(rows: readonly RouteRow[]): CompiledRoute[] {
  return rows
    .map((row) => {
      const names: string[] = [];
      let specificity = 0;
      let literals = 0;
      const pattern = row.path
        .split('/')
        .map((seg) => {
          const greedy = /^\{(\w+)\+\}$/.exec(seg);
          if (greedy) {
            names.push(greedy[1]);
            specificity -= 100;
            return '(.*)';
          }
          const param = /^\{(\w+)\}$/.exec(seg);
          if (param) {
            names.push(param[1]);
            specificity -= 1;
            return '([^/]+)';
          }
          if (seg) literals++;
          return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('/');
      return { row, regex: new RegExp(`^${pattern}$`), names, specificity, literals };
    })
    .sort((a, b) => b.specificity - a.specificity || b.literals - a.literals);
}

/**
 * The row a request reaches and its decoded path parameters (API Gateway decodes them too).
 * `malformed` is set when a parameter holds a broken percent-escape (`%zz`): a 400, never a throw.
 */
export function matchRoute(routes: CompiledRoute[], method: string, path: string) {
  for (const r of routes) {
    if (r.row.method !== method) continue;
    const m = r.regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    let malformed = false;
    r.names.forEach((n, i) => {
      try {
        params[n] = decodeURIComponent(m[i + 1]);
      } catch {
        malformed = true;
      }
    });
    return malformed ? { row: r.row, params, malformed } : { row: r.row, params };
  }
  return null;
}
