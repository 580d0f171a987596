// Subscription payment requests and answers (spec part 2 §5, §7: api/initMensualitePaiement),
// the payment history, the dashboard's per-service table (part 1) and the providers' webhooks.
import { z, idParam, isoDate } from './common';
import {
  MAX_MOIS,
  MIN_MOIS,
  PAYMENT_COUNTRIES,
  PHONE_HINT,
  nationalMobile,
  needsOtp,
  type PaymentCountry,
  type PaymentService,
  type PaymentStatus,
} from '../paiements';
import type { PlanCode } from '../plans';
import { PAIEMENTS_SCHEMA_MSG } from '../messages/paiements';

/** The spec sends info_pay as "JSON with numero and otp": a JSON text or an object are both read. */
const infoPay = z.lazy(() =>
  z.pipe(
    z.transform((v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }),
    z.object(
      {
        numero: z
          .string({ error: PAIEMENTS_SCHEMA_MSG.numeroTelephoneRequis })
          .check(z.trim(), z.minLength(1, { error: PAIEMENTS_SCHEMA_MSG.numeroTelephoneRequis }), z.maxLength(30)),
        otp: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(12)))),
      },
      { error: PAIEMENTS_SCHEMA_MSG.informationsPaiementRequisesNumero },
    ),
  ),
);

/**
 * POST api/initMensualitePaiement. The amount is never read from the request: the server prices
 * `nb_mois` months of `code_plan`. The phone must be a mobile number of `pays`, the service one that
 * `pays` offers, and Orange Money Sénégal needs its one-time code (4 to 8 digits).
 */
export const initPaiementSchema = z.lazy(() =>
  z
    .object({
      code_plan: z.enum(['db1', 'pro', 'ent'], { error: PAIEMENTS_SCHEMA_MSG.planInconnu }),
      nb_mois: z
        .number({ error: PAIEMENTS_SCHEMA_MSG.nombreMoisRequis })
        .check(
          z.int({ error: PAIEMENTS_SCHEMA_MSG.nombreMoisEntier }),
          z.gte(MIN_MOIS, { error: PAIEMENTS_SCHEMA_MSG.nombreMoisMoins1 }),
          z.lte(MAX_MOIS, { error: PAIEMENTS_SCHEMA_MSG.plusMoisParPaiement(MAX_MOIS) }),
        ),
      service_pay: z.enum(['wave', 'orange_money'], { error: PAIEMENTS_SCHEMA_MSG.choisirServicePaiement }),
      info_pay: infoPay,
      pays: z.enum(['sn', 'ci'], { error: PAIEMENTS_SCHEMA_MSG.paysInvalide }),
      currency: z._default(z.optional(z.literal('XOF', { error: PAIEMENTS_SCHEMA_MSG.deviseInvalideXofAttendu })), 'XOF'),
    })
    .check(
      z.superRefine((v, ctx) => {
        const country = PAYMENT_COUNTRIES[v.pays];
        if (!country.services.includes(v.service_pay)) {
          ctx.addIssue({ code: 'custom', path: ['service_pay'], message: PAIEMENTS_SCHEMA_MSG.ceServiceNPropose(country.nom) });
        }
        if (!nationalMobile(v.pays, v.info_pay.numero)) {
          ctx.addIssue({ code: 'custom', path: ['info_pay', 'numero'], message: PHONE_HINT[v.pays] });
        }
        if (needsOtp(v.pays, v.service_pay) && !/^\d{4,8}$/.test(v.info_pay.otp ?? '')) {
          ctx.addIssue({ code: 'custom', path: ['info_pay', 'otp'], message: PAIEMENTS_SCHEMA_MSG.codeOrangeMoneyRequis });
        }
      }),
    ),
);
export type InitPaiementInput = z.input<typeof initPaiementSchema>;
export type InitPaiement = z.output<typeof initPaiementSchema>;

/** Spec §4: code 200 + SUCCESS = paid; code 200 + PENDING = to validate (Wave: go to the link). */
export interface InitPaiementResponse {
  code: 200;
  status: 'SUCCESS' | 'PENDING';
  message: string;
  id_paiement: number;
  /** Wave: where the payer validates (wave_launch_url). */
  payment_link?: string;
}

/** A payment as the business sees it (history on /plan, status after the Wave page). */
export interface Paiement {
  id: number;
  reference: string;
  code_plan: PlanCode;
  plan: string;
  nb_mois: number;
  montant: number;
  service: PaymentService;
  pays: PaymentCountry;
  numero: string;
  status: PaymentStatus;
  created_at: string;
  updated_at: string;
  /** Set once paid: the period it bought and its receipt number. */
  periode_debut?: string;
  periode_fin?: string;
  recu?: string;
  /** Why it failed, in French, when it did. */
  motif_echec?: string;
}

export const paiementParams = z.lazy(() => z.object({ id: idParam }));

/** GET api/paiement/transactions?debut=&fin= (both optional, whole days, inclusive). */
export const transactionsQuery = z.lazy(() =>
  z
    .object({ debut: z.optional(isoDate), fin: z.optional(isoDate) })
    .check(z.refine((q) => !q.debut || !q.fin || q.debut.slice(0, 10) <= q.fin.slice(0, 10), { error: PAIEMENTS_SCHEMA_MSG.dateDebutPrecederDate })),
);

/** Part 1's transaction (code_service, etat, montant) and the dashboard table per service. */
export interface Transaction {
  code_service: PaymentService;
  etat: 'SUCCESS' | 'PENDING' | 'FAILED';
  montant: number;
  date: string;
}
export interface ServiceRow {
  service: string;
  code_service: PaymentService;
  nombre: number;
  reussite: number;
  pending: number;
  failed: number;
  /** FCFA actually paid (successful payments only). */
  volume: number;
}
export interface TransactionsResponse {
  transactions: Transaction[];
  services: ServiceRow[];
}
