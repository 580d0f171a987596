// Users and rights. This issue serves the permission check; user management comes with its issue.
import { parseDroitHeader, hasRight } from '../../shared/rights';
import { badRequest } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { getEntreprise } from '../lib/repo/entreprises';
import { listBoutiques } from '../boutiques/repository';

/** Answers whether the signed-in user holds the right named in the `droit` header (e.g. `bandav:r`). */
export async function checkPermission(ctx: RouteContext) {
  const code = parseDroitHeader(ctx.headers['droit']);
  if (!code) throw badRequest("En-tête « droit » manquant ou invalide (attendu : code:r, par exemple bandav:r).");
  return { status: hasRight(ctx.auth.role, ctx.auth.rights, code) ? 'yes' : 'no' };
}

/** `GET /api/entreprise`: what a receipt or an invoice prints at its top (any signed-in user of the business). */
export async function entreprise(ctx: RouteContext) {
  const t = ctx.auth.tenantId;
  const [e, boutiques] = await Promise.all([getEntreprise(t), listBoutiques(t)]);
  return {
    nom: e?.nom ?? '',
    telephone: e?.telephone ?? '',
    pays: e?.pays ?? '',
    boutiques: boutiques.map((b) => ({ id: b.id, nom: b.nom, adresse: b.adresse ?? '' })),
  };
}
