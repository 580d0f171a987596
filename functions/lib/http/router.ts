// Finds a request's row among a domain's rows: by method and path as API Gateway (and the local
// gateway) send them in a 2.0 event, a trailing slash optional, `{name}` a path segment and
// `{proxy+}` the rest of the path. What @middy/http-router did, without loading middy and its
// helpers at every cold start (docs/decisions/0285-cold-start-plumbing.md).
import type { RouteRow } from '@shared/api/route-types';
import type { HttpEvent } from './types';

export interface Match {
  row: RouteRow;
  /** The path's parameters, those API Gateway already gave taking precedence. */
  pathParameters: HttpEvent['pathParameters'];
}

interface Dynamic {
  row: RouteRow;
  re: RegExp;
}

const ESCAPE = /[.+?^${}()|[\]\\]/g;

export function createRouter(rows: readonly RouteRow[]): (event: HttpEvent) => Match | null {
  const statics = new Map<string, RouteRow>();
  const dynamics = new Map<string, Dynamic[]>();
  for (const row of rows) {
    const path = row.path.length > 1 && row.path.endsWith('/') ? row.path.slice(0, -1) : row.path;
    if (!path.includes('{')) {
      if (!statics.has(`${row.method} ${path}`)) statics.set(`${row.method} ${path}`, row);
      continue;
    }
    const source = path
      .replace(ESCAPE, '\\$&')
      .replace(/\/\\\{proxy\\\+\\\}$/, '(?:/(?<proxy>.*))?')
      .replace(/\/\\\{([^/]+?)\\\}/g, '/(?<$1>[^/]+)');
    if (source.includes('\\{') || source.includes('\\}')) throw new Error(`Invalid route path ${row.path}`);
    const list = dynamics.get(row.method) ?? [];
    list.push({ row, re: new RegExp(`^${source}/?$`) });
    dynamics.set(row.method, list);
  }
  return (event) => {
    const method = event.requestContext?.http?.method;
    const path = event.requestContext?.http?.path;
    if (!method || !path) throw new Error('Unknown HTTP event format: requestContext.http.method and .path expected (payload 2.0)');
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const hit = statics.get(`${method} ${trimmed}`);
    if (hit) return { row: hit, pathParameters: event.pathParameters };
    for (const d of dynamics.get(method) ?? []) {
      const m = d.re.exec(path);
      if (!m) continue;
      const groups: Record<string, string> = { ...(m.groups as Record<string, string>) };
      if ('proxy' in groups && groups.proxy === undefined) groups.proxy = '';
      return { row: d.row, pathParameters: { ...groups, ...event.pathParameters } };
    }
    return null;
  };
}
