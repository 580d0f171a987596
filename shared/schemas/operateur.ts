// The SaaS operator's console (role super_admin): businesses with their plan and usage, the
// payments ledger, revenue, and manual subscription changes kept in an audit log. Only these
// figures cross tenants; no business record (batch, client, sale…) is ever exposed here.
import { z, idParam, requiredText } from './common';
import type { PaymentCountry, PaymentService, PaymentStatus } from '../paiements';
import type { PlanCode } from '../plans';
import { OPERATEUR_SCHEMA_MSG } from '../messages/operateur';

const motif = z.lazy(() =>
  requiredText(OPERATEUR_SCHEMA_MSG.motif, 300).check(z.refine((s) => s.length >= 3, { error: OPERATEUR_SCHEMA_MSG.motifTropCourt3 })),
);

/** POST api/operateur/abonnement: extend, suspend or reactivate one business, with a reason. */
export const abonnementActionSchema = z.lazy(() =>
  z.discriminatedUnion(
    'action',
    [
      z.object({
        action: z.literal('prolonger'),
        id_entreprise: idParam,
        plan: z.enum(['db1', 'pro', 'ent'], { error: OPERATEUR_SCHEMA_MSG.planInconnu }),
        nb_jours: z
          .number({ error: OPERATEUR_SCHEMA_MSG.nombreJoursRequis })
          .check(
            z.int({ error: OPERATEUR_SCHEMA_MSG.nombreJoursEntier }),
            z.gte(1, { error: OPERATEUR_SCHEMA_MSG.moins1Jour }),
            z.lte(366, { error: OPERATEUR_SCHEMA_MSG.plus366Jours }),
          ),
        motif,
      }),
      z.object({ action: z.literal('suspendre'), id_entreprise: idParam, motif }),
      z.object({ action: z.literal('reactiver'), id_entreprise: idParam, motif }),
    ],
    { error: OPERATEUR_SCHEMA_MSG.actionInconnueProlongerSuspendre },
  ),
);
export type AbonnementAction = z.output<typeof abonnementActionSchema>;
export type AbonnementActionInput = z.input<typeof abonnementActionSchema>;

/** ?apres=<cursor> for the business list; ?mois=yyyy-mm for the ledger. */
export const entreprisesQuery = z.lazy(() => z.object({ apres: z.optional(z.string().check(z.maxLength(400))) }));
export const moisQuery = z.lazy(() =>
  z.object({
    mois: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: OPERATEUR_SCHEMA_MSG.moisInvalideAaaaMm }))),
  }),
);

export interface Usage {
  utilisateurs: number;
  boutiques: number;
  sujets_actifs: number;
}

export interface EntrepriseOperateur {
  id: number;
  nom: string;
  pays: string;
  created_at: string;
  code_plan: PlanCode;
  plan: string;
  valid_until: string;
  essai: boolean;
  /**
   * Beside the spec's fields: where the current period came from — the sign-up's trial,
   * a payment, or an operator's extension (offered, not paid). Absent on periods older than it.
   */
  origine?: 'essai' | 'paiement' | 'operateur';
  suspendu: boolean;
  /** Valid now (not expired, not suspended). */
  actif: boolean;
  usage: Usage;
  limites: { utilisateurs: number; boutiques: number; sujets: number | null; produits_en_ligne: number | null };
  /** Last time the business's screens checked its plan (hour precision), or null. */
  derniere_activite: string | null;
}

export interface EntreprisesResponse {
  entreprises: EntrepriseOperateur[];
  /** Opaque cursor of the next page, absent on the last one. */
  suivant?: string;
}

export interface PaiementOperateur {
  id: number;
  id_entreprise: number;
  entreprise: string;
  reference: string;
  code_plan: PlanCode;
  nb_mois: number;
  montant: number;
  service: PaymentService;
  pays: PaymentCountry;
  status: PaymentStatus;
  created_at: string;
}

export interface LedgerResponse {
  mois: string;
  paiements: PaiementOperateur[];
}

export interface RevenusResponse {
  mois: { mois: string; montant: number; paiements: number }[];
  abonnements: { actifs: number; essais: number; par_plan: Record<PlanCode, number>; expires: number; suspendus: number };
}

export interface JournalEntry {
  date: string;
  operateur: string;
  id_entreprise: number;
  action: 'prolonger' | 'suspendre' | 'reactiver';
  motif: string;
  /** `essai` beside the spec's fields: whether that period was the free trial. */
  avant: { plan: string; valid_until: string; suspendu: boolean; essai?: boolean };
  apres: { plan: string; valid_until: string; suspendu: boolean; essai?: boolean };
}
