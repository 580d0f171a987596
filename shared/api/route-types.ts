// Types of the route table (shared/api/routes.ts). Kept apart from the rows so that a domain's
// Lambda imports only its own rows (shared/api/routes/<domain>.ts) and their schemas, not every
// domain's.
import type { ZodMiniType as ZodType } from 'zod/mini';
import type { RightCode } from '../rights';

/** One Lambda per domain, its code in `functions/<domain>/handler.ts`. */
export const DOMAINS = [
  'acces',
  'utilisateurs',
  'plans',
  'abattages',
  'bandes',
  'sante',
  'aliment',
  'clients',
  'produits',
  'commandes',
  'versements',
  'boutiques',
  'ventes',
  'paiements',
  'operateur',
  'ecommerce',
  'partage',
  'notifications',
] as const;
export type Domain = (typeof DOMAINS)[number];

export type HttpMethod = 'GET' | 'POST';

/**
 * public: no token; auth: any signed-in user; a right code: signed-in user holding that right;
 * a list of codes: any one of them — for a list another screen needs to read (the sale screen
 * reads products, clients and batches; a vendeur holding only `ventav` must still be able to sell);
 * operator: the SaaS operator's account only (role super_admin of the operator tenant), never a
 * business user whatever their rights (functions/lib/http/).
 */
export type Access = 'public' | 'auth' | 'operator' | RightCode | readonly RightCode[];

export interface RouteRow {
  method: HttpMethod;
  path: string;
  domain: Domain;
  /** Name of the route function in `functions/<domain>/routes.ts`. */
  name: string;
  access: Access;
  /**
   * Rights the caller must ALSO hold, every one of them, beside `access` (a move of eggs
   * from a flock to a shop product needs the batches' right and the products' right). Missing one
   * answers 403 before anything is read.
   */
  alsoNeeds?: readonly RightCode[];
  /** JSON body schema (POST). */
  body?: ZodType;
  /** Path parameter schema. */
  params?: ZodType;
  /**
   * The route function reads `ctx.rawBody` itself (a webhook verifying a signature over the exact
   * bytes, a multipart upload); the body is not parsed as JSON and `body` is not applied.
   */
  raw?: true;
  /** Query-string schema (GET filters), validated like `body` and `params`. */
  query?: ZodType;
  /**
   * A business whose subscription has lapsed (expired past the grace period, or suspended) may
   * still call this POST row: a search that only reads, or the payment itself. Every other POST of
   * a business is refused then (functions/lib/subscription-gate.ts).
   */
  whenLapsed?: 'allowed';
  /**
   * A GET row that changes something a lapsed business may no longer change (an online order
   * marked delivered takes stock, marked paid moves its payment state): gated like a POST
   * (functions/lib/subscription-gate.ts). GET cancellations stay open: they only undo.
   */
  writes?: true;
  /** A `raw` upload row that takes more than the JSON limit (256 KB): its own limit, in bytes. */
  maxBodyBytes?: number;
  /**
   * A write the SPA's outbox may send again (offline entries): an `Idempotency-Key`
   * header makes a replay answer the first answer, never a second write
   * (functions/lib/idempotency.ts). Without the header the row behaves as any other. On a public
   * row (no token) the key is scoped by the business its body names (`id_entreprise`).
   */
  idempotent?: true;
}

export function routeKey(row: Pick<RouteRow, 'method' | 'path'>): string {
  return `${row.method} ${row.path}`;
}
