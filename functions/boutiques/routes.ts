// Shops (spec part 2 §7): create within the plan's limit, update, list.
import type { Boutique, boutiqueSchema, updateBoutiqueSchema } from '@shared/schemas/boutiques';
import { phoneIndicatif, type PhoneCountry } from '@shared/phone';
import { businessCountry, optionalPhoneOrRefuse } from '../lib/phone';
import type { z } from '@shared/schemas/common';
import { SHOP_MSG } from '@shared/messages/shop';
import { effectivePlan } from '@shared/plans';
import { concurrentChange, notFound, refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { idClaims } from '../lib/repo/counters';
import { getSubscription } from '../lib/repo/subscriptions';
import { nowIso } from '../lib/store';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse, untilWritten } from '../lib/refusal';
import { boutiqueCount, boutiqueUpdate, getBoutique, listBoutiques as readBoutiques, newBoutiqueItems } from './repository';

type BoutiqueBody = z.output<typeof boutiqueSchema>;

/**
 * The phone rule in the business's country, stored in E.164. The dial code is the number's own,
 * else the business's country's (the spec's default +221 was right for Senegal only); the
 * request's `indicatif` is read as before but cannot contradict the number.
 */
function fields(b: BoutiqueBody, country: PhoneCountry | null) {
  const telephone = optionalPhoneOrRefuse(b.telephone, country);
  return {
    nom: b.nom,
    adresse: b.adresse ?? null,
    indicatif: phoneIndicatif(telephone, country),
    telephone,
    email: b.email ?? null,
  };
}

export async function createBoutique(ctx: RouteContext<BoutiqueBody>): Promise<Boutique> {
  const t = ctx.auth.tenantId;
  const shop = fields(ctx.body, await businessCountry(t));
  const max = effectivePlan(await getSubscription(t)).maxBoutiques;
  // Refused before an id is taken, so a refused request writes nothing; the transaction's
  // condition is what holds when two creations race for the last place.
  if ((await boutiqueCount(t)) >= max) throw refused(422, SHOP_MSG.boutiqueLimit);
  // The id is claimed in the same transaction: refused for the last place, the shop takes none;
  // another creation claiming the next id first makes this one claim again.
  const at = nowIso();
  return untilWritten(
    async () => {
      const claims = idClaims(t);
      const boutique: Boutique = { id: await claims.take('BOUTIQUE'), ...shop, etat: 'ACTIVE', created_at: at };
      const { place, boutique: put } = newBoutiqueItems(t, boutique, max);
      // The claim first: a lost claim is what a refusal of the shop's Put (same id) means.
      await transactOrRefuse([...refuseEachWith(staleRead, claims.items), refuseWith(refused(422, SHOP_MSG.boutiqueLimit), place), put]);
      return boutique;
    },
    30,
    concurrentChange,
  );
}

export async function listBoutiques(ctx: RouteContext): Promise<Boutique[]> {
  return readBoutiques(ctx.auth.tenantId);
}

export async function updateBoutique(ctx: RouteContext<z.output<typeof updateBoutiqueSchema>>): Promise<Boutique> {
  const t = ctx.auth.tenantId;
  const [existing, country] = await Promise.all([getBoutique(t, ctx.body.id_boutique), businessCountry(t)]);
  if (!existing) throw notFound(SHOP_MSG.boutiqueNotFound);
  const next = { id: existing.id, ...fields(ctx.body, country) };
  await transactOrRefuse([refuseWith(notFound(SHOP_MSG.boutiqueNotFound), boutiqueUpdate(t, next))]);
  return { ...existing, ...next };
}
