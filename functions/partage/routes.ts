// Shared documents (docs/partage.md): a signed link to one document, its WhatsApp
// message, its revoke, a document's links, and the public page the link opens.
import type { z } from '@shared/schemas/common';
import {
  DROIT_PARTAGE,
  PARTAGE_JOURS_DEFAUT,
  type Partage,
  type PartageResult,
  type partageListeQuery,
  type partageSchema,
  type revoquerSchema,
  type TypePartage,
} from '@shared/schemas/partage';
import { hasRight } from '@shared/rights';
import { lienWhatsapp, messagePartage } from '@shared/partage';
import { businessPhoneCountry, storedToE164 } from '@shared/phone';
import { PARTAGE_MSG } from '@shared/messages/partage';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { HtmlReply, type AuthContext, type PublicRouteContext, type RouteContext } from '../lib/http';
import { getEntreprise } from '../lib/repo/entreprises';
import { refuseWith, transactOrRefuse, type Step } from '../lib/refusal';
import { hitRateLimit, type RateLimit } from '../lib/rate-limit';
import { nowIso } from '../lib/store';
import { log } from '../lib/log';
import { today } from '../bandes/public';
import { relanceUpdate } from '../clients/public';
import { partageConfig } from './config';
import { lireDocument } from './documents';
import { invalidatePath } from './edge-cache';
import { pageDocument, pageMessage } from './page';
import { getPartage, partagePuts, partageRevokeUpdates, partagesDuDocument, type PartageRecord } from './repository';
import { newPartageId, tokenOf, verifiedId } from './token';

/** The longest a live page may stay in CloudFront's cache (s-maxage); a revoke also invalidates it. */
export const PAGE_CACHE_MAX_SECONDS = 300;

/**
 * Pages opened per client IP: generous, since a mobile operator puts many phones behind one
 * address (carrier-grade NAT), yet a guesser is stopped long before a token could be found (the
 * signature already refuses a made-up token without a read).
 */
export const PAGE_LIMIT: RateLimit = { name: 'partage-page', limit: 120, windowSeconds: 300 };

const NOT_FOUND: Record<TypePartage, string> = {
  recu_vente: PARTAGE_MSG.venteNotFound,
  recu_versement: PARTAGE_MSG.versementNotFound,
  facture_commande: PARTAGE_MSG.commandeNotFound,
  rapport_bande: PARTAGE_MSG.bandeNotFound,
  releve_client: PARTAGE_MSG.clientNotFound,
};

/** A vendeur tied to a shop shares only that shop's sales (as cancelVente's shopScope). */
const shopScope = (auth: AuthContext): number | null => (auth.role === 'vendeur' && auth.user.idBoutique ? Number(auth.user.idBoutique) : null);
const userRef = (auth: AuthContext) => ({ id: auth.userId, nom: `${auth.user.prenom} ${auth.user.nom}`.trim() });

function assertRight(auth: AuthContext, type: TypePartage): void {
  if (!hasRight(auth.role, auth.rights, DROIT_PARTAGE[type])) throw forbidden();
}

/**
 * A vendeur tied to a shop neither lists nor revokes the links of another shop's sale (its links
 * would open that sale): 404, as for a sale that is not theirs.
 */
async function assertShopSale(auth: AuthContext, type: TypePartage, idDocument: number): Promise<void> {
  const scope = shopScope(auth);
  if (type !== 'recu_vente' || scope === null) return;
  if (!(await lireDocument({ tenantId: auth.tenantId, type, id: idDocument, boutique: scope }))) throw notFound(NOT_FOUND[type]);
}

async function view(p: PartageRecord): Promise<Partage> {
  const { tenantId: _t, revoque_par: _r, ...rest } = p;
  return { ...rest, revoque_le: p.revoque_le ?? null, url: `${partageConfig().publicUrl}/p/${await tokenOf(p.id)}` };
}

/**
 * POST api/partage: checks the right and that the document is this business's (404 otherwise),
 * then writes the link's two items (and, for a reminder, the client's « dernière relance ») in one
 * transaction; answers the link, its WhatsApp message and wa.me address. A refusal writes nothing.
 */
export async function createPartage(ctx: RouteContext<z.output<typeof partageSchema>>): Promise<PartageResult> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  assertRight(ctx.auth, b.type);
  if (b.type === 'releve_client' && b.fin! > today()) throw badRequest(PARTAGE_MSG.finFuture);
  const [doc, ent] = await Promise.all([
    lireDocument({ tenantId: t, type: b.type, id: b.id, debut: b.debut, fin: b.fin, boutique: shopScope(ctx.auth) }),
    getEntreprise(t),
  ]);
  if (!doc) throw notFound(NOT_FOUND[b.type]);
  const now = nowIso();
  const p: PartageRecord = {
    id: newPartageId(),
    tenantId: t,
    type: b.type,
    id_document: b.id,
    ...(b.type === 'releve_client' ? { debut: b.debut, fin: b.fin } : {}),
    cree_le: now,
    expire_le: new Date(Date.parse(now) + (b.jours ?? PARTAGE_JOURS_DEFAUT) * 86_400_000).toISOString(),
    cree_par: userRef(ctx.auth),
  };
  const steps: Step[] = partagePuts(p);
  if (b.relance) steps.push(refuseWith(notFound(PARTAGE_MSG.clientNotFound), relanceUpdate(t, b.id, { le: now, par: userRef(ctx.auth) })));
  await transactOrRefuse(steps);
  const partage = await view(p);
  const entreprise = ent?.nom ?? '';
  const message = messagePartage({ entreprise, type: b.type, reference: doc.reference, montant: doc.montant, solde: doc.solde, url: partage.url });
  const e164 = storedToE164(doc.client?.telephone, businessPhoneCountry(ent?.pays, ent?.telephone));
  return { ...partage, whatsapp: lienWhatsapp(e164, message), message };
}

/** The link id named by a revoke: its id, or the id inside a signed address (a tampered one names none). */
async function idOfRevoke(b: z.output<typeof revoquerSchema>): Promise<string | null> {
  if (b.id) return b.id;
  const token = /\/p\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(b.url!.trim())?.[1];
  return token ? verifiedId(token) : null;
}

/**
 * POST api/partage/revoquer: the link answers 410 from the next request on (the page reads it
 * consistently) and its cached page is invalidated at the edge. Idempotent: a revoked link answers
 * as it is. Another business's link → 404; the right of its document type is needed.
 */
export async function revokePartage(ctx: RouteContext<z.output<typeof revoquerSchema>>): Promise<Partage> {
  const id = await idOfRevoke(ctx.body);
  const p = id ? await getPartage(id) : null;
  if (!p || p.tenantId !== ctx.auth.tenantId) throw notFound(PARTAGE_MSG.lienNotFound);
  assertRight(ctx.auth, p.type);
  await assertShopSale(ctx.auth, p.type, p.id_document);
  if (p.revoque_le) return view(p);
  const at = nowIso();
  const par = userRef(ctx.auth);
  const revoked = new Error('already revoked');
  try {
    await transactOrRefuse(partageRevokeUpdates(p, at, par).map((item) => refuseWith(revoked, item)));
  } catch (err) {
    // Revoked by another request meanwhile: the same outcome, answered as it now is.
    if (err !== revoked) throw err;
    return view((await getPartage(p.id)) ?? p);
  }
  const distributionId = partageConfig().distributionId;
  if (distributionId) {
    const path = `/p/${await tokenOf(p.id)}`;
    // The revoke stands whatever CloudFront answers: at worst the edge keeps the page
    // PAGE_CACHE_MAX_SECONDS; the failure is logged (and alarmed on) rather than answered as a 5xx.
    await invalidatePath(distributionId, path).catch((err: unknown) => log.error('partage invalidation failed', { error: String(err) }));
  }
  return view({ ...p, revoque_le: at, revoque_par: par });
}

/** GET api/partage?type=&id=: the document's links, live and revoked, newest first; another business's document → 404. */
export async function listPartages(ctx: RouteContext<unknown, unknown>): Promise<Partage[]> {
  const q = ctx.query as unknown as z.output<typeof partageListeQuery>;
  assertRight(ctx.auth, q.type);
  await assertShopSale(ctx.auth, q.type, q.id);
  const liens = await partagesDuDocument(ctx.auth.tenantId, q.type, q.id);
  // Links are kept under this business's partition: some found, the document is ours. None: say
  // whether the document exists here, so another business's id answers 404 as on every route.
  if (!liens.length) {
    const jour = today();
    const doc = await lireDocument({ tenantId: ctx.auth.tenantId, type: q.type, id: q.id, debut: jour, fin: jour, boutique: shopScope(ctx.auth) });
    if (!doc) throw notFound(NOT_FOUND[q.type]);
  }
  return Promise.all(liens.map(view));
}

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * GET /p/{token}, public: the document's page. Per-IP limit first (429), then the signature
 * (tampered → 404 without a read), one consistent GetItem (unknown → 404, revoked or expired →
 * 410), then the document as it is now. A live page may be cached at the edge for the shorter of
 * its remaining life and PAGE_CACHE_MAX_SECONDS; every refusal is no-store.
 */
export async function pagePartage(ctx: PublicRouteContext<unknown, { token: string }>): Promise<HtmlReply> {
  if (!(await hitRateLimit(PAGE_LIMIT, ctx.sourceIp))) {
    return new HtmlReply(429, pageMessage(PARTAGE_MSG.tropTitre, PARTAGE_MSG.trop), { ...NO_STORE, 'retry-after': String(PAGE_LIMIT.windowSeconds) });
  }
  const introuvable = () => new HtmlReply(404, pageMessage(PARTAGE_MSG.introuvableTitre, PARTAGE_MSG.introuvable), NO_STORE);
  const id = await verifiedId(ctx.params.token);
  const p = id ? await getPartage(id) : null;
  if (!p) return introuvable();
  if (p.revoque_le) return new HtmlReply(410, pageMessage(PARTAGE_MSG.retireTitre, PARTAGE_MSG.retire(p.revoque_par?.nom ?? null)), NO_STORE);
  const now = Date.now();
  const restant = Math.floor((Date.parse(p.expire_le) - now) / 1000);
  if (restant <= 0) return new HtmlReply(410, pageMessage(PARTAGE_MSG.expireTitre, PARTAGE_MSG.expire(p.expire_le)), NO_STORE);
  const [doc, ent] = await Promise.all([
    lireDocument({ tenantId: p.tenantId, type: p.type, id: p.id_document, debut: p.debut, fin: p.fin }),
    getEntreprise(p.tenantId),
  ]);
  // The document was deleted since (a batch deleted): nothing left to show.
  if (!doc || !ent) return introuvable();
  const page = pageDocument(
    { entreprise: ent.nom, telephone: ent.telephone || null, paysTel: businessPhoneCountry(ent.pays, ent.telephone) },
    doc,
    new Date(now).toISOString(),
  );
  return new HtmlReply(200, page, { 'cache-control': `public, max-age=0, s-maxage=${Math.min(restant, PAGE_CACHE_MAX_SECONDS)}` });
}
