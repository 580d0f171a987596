// Subscription payments (spec part 2 §4, §5, §7, §9): thin route functions over the repository,
// the provider adapters and the payment flow.
import type { z } from 'zod/mini';
import { PAIEMENT_MSG } from '@shared/messages/paiements';
import { msisdn, nationalMobile, paymentTotal, type PaymentStatus } from '@shared/paiements';
import { PLANS, planFor, effectivePlan } from '@shared/plans';
import type { InitPaiement, InitPaiementResponse, Paiement, ServiceRow, transactionsQuery, TransactionsResponse } from '@shared/schemas/paiements';
import { SERVICES } from '@shared/paiements';
import { badRequest, concurrentChange, notFound, refused } from '../lib/errors';
import { untilWritten } from '../lib/refusal';
import { formatFcfa } from '@shared/format';
import { countryOfPays, formatPhone } from '@shared/phone';
import type { RouteContext } from '../lib/http';
import { enforceRateLimit } from '../lib/rate-limit';
import { countMetric } from '../lib/metrics';
import { idClaims } from '../lib/repo/counters';
import { getSubscription, isValid } from '../lib/repo/subscriptions';
import { paymentsConfig } from './config';
import { providerFor } from './providers';
import { ProviderUnavailable, type InitiateResult } from './providers/types';
import {
  closePayment,
  createPayment,
  executionName,
  getPayment,
  getStartGuard,
  listPayments,
  paymentReference,
  recordProviderAnswer,
  type PaymentItem,
  type StartGuard,
} from './repository';
import { paymentSecrets } from './secrets';
import { startPaymentFlow } from './sfn';

export { waveWebhook, orangeMoneyWebhook } from './webhooks';

/** Payments a business may start per hour: enough for retries, not for hammering a provider. */
const INIT_LIMIT = { name: 'payment-init', limit: 30, windowSeconds: 3600 };

/**
 * How long a payment started with a provider and a number holds another start with the same two
 * while it awaits the payer: a second tap, a second tab or an impatient retry would send a second
 * request to the phone, which the payer may approve as well, and pay twice. Past it, or once the
 * first is settled, a new start goes (a prompt dismissed by mistake is not a lock-out). Another
 * number or provider is never held. Decision 0212.
 */
const START_GUARD_SECONDS = 300;

/** The payment holding a start (pending, within its guard's time), with the ms it still holds; else null. */
async function heldBy(t: number, guard: StartGuard | null, now: number): Promise<{ held: PaymentItem; left: number } | null> {
  const left = guard ? Date.parse(guard.until) - now : 0;
  if (!guard || left <= 0) return null;
  const held = await getPayment(t, guard.paymentId);
  return held?.status === 'PENDING' ? { held, left } : null;
}

function alreadyPending({ held, left }: { held: PaymentItem; left: number }) {
  return refused(
    409,
    PAIEMENT_MSG.alreadyPending({
      montant: formatFcfa(held.montant),
      service: SERVICES[held.service].nom,
      numero: formatPhone(held.numero, countryOfPays(held.pays)),
      minutes: Math.max(1, Math.ceil(left / 60_000)),
    }),
  );
}

function toPaiement(p: PaymentItem): Paiement {
  return {
    id: p.id,
    reference: p.reference,
    code_plan: p.plan,
    plan: planFor(p.plan).nom,
    nb_mois: p.nbMois,
    montant: p.montant,
    service: p.service,
    pays: p.pays,
    numero: p.numero,
    status: p.status,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    ...(p.periodeDebut ? { periode_debut: p.periodeDebut, periode_fin: p.periodeFin, recu: p.recu } : {}),
    ...(p.reason && p.status !== 'SUCCESS' ? { motif_echec: p.reason } : {}),
  };
}

/** Waits (briefly) for the flow to grant an immediate payment, so SUCCESS means granted. */
async function waitForFinal(tenantId: number, id: number, ms: number): Promise<PaymentStatus | null> {
  const until = Date.now() + ms;
  for (;;) {
    const p = await getPayment(tenantId, id);
    if (p && p.status !== 'PENDING') return p.status;
    if (Date.now() >= until) return null;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function initMensualitePaiement(ctx: RouteContext<InitPaiement>): Promise<InitPaiementResponse> {
  const b = ctx.body;
  const t = ctx.auth.tenantId;
  const cfg = paymentsConfig();
  const sub = await getSubscription(t);
  // A suspension is the operator's decision (with a reason): paying does not lift it.
  if (sub?.suspendu) throw refused(403, PAIEMENT_MSG.suspended);
  await enforceRateLimit(INIT_LIMIT, `ent-${t}`);

  const plan = PLANS[b.code_plan];
  const national = nationalMobile(b.pays, b.info_pay.numero)!;
  const phone = msisdn(b.pays, national);
  // Read the number's guard, draw an id, write both; another start with the number in between
  // makes this one read again (and, that one pending, refuse).
  const started = await untilWritten(
    async () => {
      const at = Date.now();
      const guard = await getStartGuard(t, b.service_pay, phone);
      // Answered, not thrown: a 409 thrown here would read as a lost race and be tried again.
      // Its time left is counted from after the read, not from `at`: a start whose `at` was taken
      // a few ms before the winner's own read the winner's guard as holding more than its 300 s
      // (« réessayez dans 6 min », seen once in five starts at once).
      const holding = await heldBy(t, guard, Date.now());
      if (holding) return holding;
      // Claimed in the payment's transaction: a start refused after a lost race (the number now
      // pending) takes no id.
      const claims = idClaims(t);
      const id = await claims.take('PAIEMENT');
      const now = new Date(at).toISOString();
      const p: PaymentItem = {
        id,
        tenantId: t,
        reference: paymentReference(t, id),
        service: b.service_pay,
        pays: b.pays,
        numero: national,
        msisdn: phone,
        plan: plan.code,
        nbMois: b.nb_mois,
        // Money never comes from the client: months × the plan's price, here.
        montant: paymentTotal(plan, b.nb_mois),
        status: 'PENDING',
        createdAt: now,
        updatedAt: now,
        entreprise: ctx.auth.user.entreprise,
        email: ctx.auth.user.email,
        userId: ctx.auth.userId,
      };
      // Recorded before the provider is called: a payment taken is never a payment we do not know of.
      await createPayment(p, { seen: guard?.paymentId ?? null, until: new Date(at + START_GUARD_SECONDS * 1000).toISOString() }, claims.items);
      return { payment: p };
    },
    5,
    concurrentChange,
  );
  if ('held' in started) throw alreadyPending(started);
  const { payment } = started;
  const id = payment.id;
  countMetric('PaymentsStarted', { provider: b.service_pay });

  const back = `${cfg.publicUrl}/#/plan?paiement=${id}`;
  let result: InitiateResult;
  let unavailable = false;
  try {
    result = await providerFor(b.service_pay).initiate(
      {
        reference: payment.reference,
        amount: payment.montant,
        pays: b.pays,
        msisdn: payment.msisdn,
        otp: b.info_pay.otp ?? undefined,
        successUrl: back,
        errorUrl: `${back}&echec=1`,
      },
      await paymentSecrets(),
    );
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    unavailable = true;
    result = { status: 'FAILED', reason: PAIEMENT_MSG.indisponible(SERVICES[b.service_pay].nom) };
  }
  if (result.status === 'FAILED') {
    if (await closePayment(t, id, 'FAILED', result.reason ?? null, result.providerRef)) countMetric('PaymentsFailed', { provider: b.service_pay });
    // What the payer can do about it: a refused one-time code says so; a provider out of
    // reach says that; anything else is the spec's message.
    throw badRequest(
      unavailable
        ? `${result.reason}. ${PAIEMENT_MSG.failed}.`
        : b.info_pay.otp && /\b(otp|code)\b/i.test(result.reason ?? '')
          ? PAIEMENT_MSG.otpRefused
          : PAIEMENT_MSG.failed,
    );
  }
  await recordProviderAnswer(t, id, result.providerRef!, result.paymentLink);
  await startPaymentFlow(executionName(t, id), { tenantId: t, paymentId: id, initialStatus: result.status, poll: { count: 0 }, timing: cfg.timing });

  if (result.status === 'SUCCESS') {
    const final = await waitForFinal(t, id, cfg.syncWaitMs);
    if (final === 'SUCCESS') return { code: 200, status: 'SUCCESS', message: PAIEMENT_MSG.success, id_paiement: id };
    if (final === 'FAILED' || final === 'EXPIRED') throw badRequest(PAIEMENT_MSG.failed);
  }
  return {
    code: 200,
    status: 'PENDING',
    message: PAIEMENT_MSG.pending,
    id_paiement: id,
    ...(result.paymentLink ? { payment_link: result.paymentLink } : {}),
  };
}

/** The plan page: the subscription as it stands and the payment history, newest first. */
export async function listPaiements(ctx: RouteContext) {
  const t = ctx.auth.tenantId;
  const [sub, payments] = await Promise.all([getSubscription(t), listPayments(t)]);
  const plan = sub ? planFor(sub.plan) : null;
  return {
    abonnement: sub
      ? {
          code_plan: plan!.code,
          plan: plan!.nom,
          valid_until: sub.validUntil,
          essai: sub.trial,
          suspendu: sub.suspendu === true,
          valide: isValid(sub),
          limites_plan: effectivePlan(sub).code,
        }
      : null,
    paiements: payments.map(toPaiement),
  };
}

export async function getPaiement(ctx: RouteContext<unknown, { id: number }>) {
  const p = await getPayment(ctx.auth.tenantId, ctx.params.id);
  if (!p) throw notFound(PAIEMENT_MSG.paymentNotFound);
  return toPaiement(p);
}

/** Part 1's transactions (code_service, etat, montant) and the dashboard table per service. */
export async function listTransactions(ctx: RouteContext<unknown, unknown>): Promise<TransactionsResponse> {
  const q = ctx.query as z.output<typeof transactionsQuery>;
  const debut = q.debut?.slice(0, 10);
  const fin = q.fin?.slice(0, 10);
  const payments = (await listPayments(ctx.auth.tenantId)).filter((p) => {
    const day = p.createdAt.slice(0, 10);
    return (!debut || day >= debut) && (!fin || day <= fin);
  });
  const etat = (s: PaymentStatus) => (s === 'SUCCESS' ? 'SUCCESS' : s === 'PENDING' ? 'PENDING' : 'FAILED');
  const rows = new Map<string, ServiceRow>();
  for (const p of payments) {
    const row = rows.get(p.service) ?? { service: SERVICES[p.service].nom, code_service: p.service, nombre: 0, reussite: 0, pending: 0, failed: 0, volume: 0 };
    row.nombre++;
    const e = etat(p.status);
    if (e === 'SUCCESS') {
      row.reussite++;
      row.volume += p.montant;
    } else if (e === 'PENDING') row.pending++;
    else row.failed++;
    rows.set(p.service, row);
  }
  return {
    transactions: payments.map((p) => ({ code_service: p.service, etat: etat(p.status), montant: p.montant, date: p.createdAt })),
    services: [...rows.values()].sort((a, b) => a.service.localeCompare(b.service)),
  };
}
