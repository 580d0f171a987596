// Shops (spec part 2 §7): create within the plan's limit, update, list.
import { BOUTIQUE_INDICATIF, type Boutique, type boutiqueSchema, type updateBoutiqueSchema } from '../../shared/schemas/boutiques';
import type { z } from '../../shared/schemas/common';
import { SHOP_MSG } from '../../shared/messages-shop';
import { effectivePlan } from '../../shared/plans';
import { notFound, refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { nextTenantId } from '../lib/repo/counters';
import { getSubscription } from '../lib/repo/subscriptions';
import { failedConditionIndex, nowIso, transact } from '../lib/store';
import { boutiqueCount, boutiqueUpdate, getBoutique, listBoutiques as readBoutiques, newBoutiqueItems } from './repository';

type BoutiqueBody = z.output<typeof boutiqueSchema>;

function fields(b: BoutiqueBody) {
  return {
    nom: b.nom,
    adresse: b.adresse ?? null,
    indicatif: b.indicatif || BOUTIQUE_INDICATIF,
    telephone: b.telephone ?? null,
    email: b.email ?? null,
  };
}

export async function createBoutique(ctx: RouteContext<BoutiqueBody>): Promise<Boutique> {
  const t = ctx.auth.tenantId;
  const max = effectivePlan(await getSubscription(t)).maxBoutiques;
  // Refused before an id is taken, so a refused request writes nothing; the transaction's
  // condition is what holds when two creations race for the last place.
  if ((await boutiqueCount(t)) >= max) throw refused(422, SHOP_MSG.boutiqueLimit);
  const boutique: Boutique = { id: await nextTenantId(t, 'BOUTIQUE'), ...fields(ctx.body), etat: 'ACTIVE', created_at: nowIso() };
  try {
    await transact(newBoutiqueItems(t, boutique, max));
  } catch (err) {
    if (failedConditionIndex(err) === 0) throw refused(422, SHOP_MSG.boutiqueLimit);
    throw err;
  }
  return boutique;
}

export async function listBoutiques(ctx: RouteContext): Promise<Boutique[]> {
  return readBoutiques(ctx.auth.tenantId);
}

export async function updateBoutique(ctx: RouteContext<z.output<typeof updateBoutiqueSchema>>): Promise<Boutique> {
  const t = ctx.auth.tenantId;
  const existing = await getBoutique(t, ctx.body.id_boutique);
  if (!existing) throw notFound(SHOP_MSG.boutiqueNotFound);
  const next = { id: existing.id, ...fields(ctx.body) };
  try {
    await transact([boutiqueUpdate(t, next)]);
  } catch (err) {
    if (failedConditionIndex(err) === 0) throw notFound(SHOP_MSG.boutiqueNotFound);
    throw err;
  }
  return { ...existing, ...next };
}
