// Users and rights. This issue serves the permission check; user management comes with its issue.
import { parseDroitHeader, hasRight } from '../../shared/rights';
import { badRequest } from '../lib/errors';
import type { RouteContext } from '../lib/http';

/** Answers whether the signed-in user holds the right named in the `droit` header (e.g. `bandav:r`). */
export async function checkPermission(ctx: RouteContext) {
  const code = parseDroitHeader(ctx.headers['droit']);
  if (!code) throw badRequest("En-tête « droit » manquant ou invalide (attendu : code:r, par exemple bandav:r).");
  return { status: hasRight(ctx.auth.role, ctx.auth.rights, code) ? 'yes' : 'no' };
}
