// The SaaS operator's console (access `operator`: the operator account only). It sees, across
// businesses, only these figures: name, country, plan and dates, usage against the plan's limits,
// last activity, payments and revenue — never a batch, client, sale or any other business record.
import type { z } from 'zod/mini';
import { PAIEMENT_MSG } from '@shared/messages/paiements';
import { effectivePlan, planFor, PLANS, type PlanCode } from '@shared/plans';
import type {
  AbonnementAction,
  EntrepriseOperateur,
  EntreprisesResponse,
  entreprisesQuery,
  JournalEntry,
  LedgerResponse,
  moisQuery,
  RevenusResponse,
} from '@shared/schemas/operateur';
import { badRequest, notFound } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { isValid, type Subscription } from '../lib/repo/subscriptions';
import { ledgerOfMonth, revenueMonths } from '../paiements/public';
import { addMonths } from '../paiements/public';
import { allSubscriptions, changeSubscription, journal as readJournal, listBusinesses } from './repository';

const currentMonth = () => new Date().toISOString().slice(0, 7);

export async function listEntreprises(ctx: RouteContext): Promise<EntreprisesResponse> {
  const q = ctx.query as z.output<typeof entreprisesQuery>;
  const { rows, next } = await listBusinesses(q.apres);
  const entreprises = rows.map((r): EntrepriseOperateur => {
    const plan = planFor(r.sub.plan);
    const limits = effectivePlan(r.sub);
    return {
      id: r.tenantId,
      nom: r.profile?.nom ?? `Entreprise ${r.tenantId}`,
      pays: r.profile?.pays ?? '',
      created_at: r.profile?.createdAt ?? '',
      code_plan: plan.code,
      plan: plan.nom,
      valid_until: r.sub.validUntil,
      essai: r.sub.trial,
      ...(r.sub.origine ? { origine: r.sub.origine } : {}),
      suspendu: r.sub.suspendu === true,
      actif: isValid(r.sub),
      usage: r.usage,
      limites: { utilisateurs: limits.maxUsers, boutiques: limits.maxBoutiques, sujets: limits.maxSujets, produits_en_ligne: limits.maxOnlineProducts },
      derniere_activite: r.sub.lastSeenAt ?? null,
    };
  });
  return { entreprises, ...(next ? { suivant: next } : {}) };
}

export async function getLedger(ctx: RouteContext): Promise<LedgerResponse> {
  const mois = (ctx.query as z.output<typeof moisQuery>).mois ?? currentMonth();
  const payments = await ledgerOfMonth(mois);
  return {
    mois,
    paiements: payments.map((p) => ({
      id: p.id,
      id_entreprise: p.tenantId,
      entreprise: p.entreprise,
      reference: p.reference,
      code_plan: p.plan,
      nb_mois: p.nbMois,
      montant: p.montant,
      service: p.service,
      pays: p.pays,
      status: p.status,
      created_at: p.createdAt,
    })),
  };
}

export async function getRevenus(): Promise<RevenusResponse> {
  const now = new Date();
  const to = currentMonth();
  const from = addMonths(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), -11)
    .toISOString()
    .slice(0, 7);
  const [months, subs] = await Promise.all([revenueMonths(from, to), allSubscriptions()]);
  // Every month of the last twelve, empty ones included, oldest first.
  const all: RevenusResponse['mois'] = [];
  for (let i = 11; i >= 0; i--) {
    const m = addMonths(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), -i)
      .toISOString()
      .slice(0, 7);
    all.push(months.find((x) => x.mois === m) ?? { mois: m, montant: 0, paiements: 0 });
  }
  const parPlan = Object.fromEntries(Object.keys(PLANS).map((c) => [c, 0])) as Record<PlanCode, number>;
  let actifs = 0;
  let essais = 0;
  let expires = 0;
  let suspendus = 0;
  for (const s of subs) {
    if (s.suspendu) suspendus++;
    else if (!isValid(s, now)) expires++;
    else if (s.trial) essais++;
    else {
      actifs++;
      parPlan[planFor(s.plan).code]++;
    }
  }
  return { mois: all, abonnements: { actifs, essais, par_plan: parPlan, expires, suspendus } };
}

export async function getJournal(): Promise<{ entrees: JournalEntry[] }> {
  // `essai` beside the spec's fields: the console tells a trial's extension from a paid period's.
  const show = (s: Subscription) => ({ plan: planFor(s.plan).code, valid_until: s.validUntil, suspendu: s.suspendu === true, essai: s.trial });
  return {
    entrees: (await readJournal()).map((e) => ({
      date: e.date,
      operateur: e.operateur,
      id_entreprise: e.tenantId,
      action: e.action,
      motif: e.motif,
      avant: show(e.avant),
      apres: show(e.apres),
    })),
  };
}

/** Extend (plan + days from the later of now and the end date), suspend or reactivate, with a reason. */
export async function updateAbonnement(ctx: RouteContext<AbonnementAction>) {
  const b = ctx.body;
  const now = new Date();
  const compute = (cur: Subscription): Subscription => {
    switch (b.action) {
      case 'prolonger': {
        const from = Math.max(now.getTime(), new Date(cur.validUntil).getTime());
        return {
          plan: b.plan,
          validUntil: new Date(from + b.nb_jours * 86400_000).toISOString(),
          trial: false,
          origine: 'operateur',
          suspendu: cur.suspendu === true,
        };
      }
      case 'suspendre':
        if (cur.suspendu) throw badRequest(PAIEMENT_MSG.alreadySuspended);
        return { ...cur, suspendu: true };
      case 'reactiver':
        if (!cur.suspendu) throw badRequest(PAIEMENT_MSG.notSuspended);
        return { ...cur, suspendu: false };
    }
  };
  const done = await changeSubscription(b.id_entreprise, compute, { operateur: ctx.auth.user.email, action: b.action, motif: b.motif });
  if (!done) throw notFound(PAIEMENT_MSG.businessNotFound);
  const message = b.action === 'prolonger' ? PAIEMENT_MSG.extended : b.action === 'suspendre' ? PAIEMENT_MSG.suspendedDone : PAIEMENT_MSG.reactivated;
  return { code: 200, message, abonnement: { plan: done.apres.plan, valid_until: done.apres.validUntil, suspendu: done.apres.suspendu === true } };
}
