// Request schemas and answer types of flock health: health plans, a batch's dated
// steps, treatments and their withdrawal periods, the day's to-do. Shared by the route table, the
// handlers, the dialogs and the tests (shared/api/routes/sante.ts).
import { BANDE_TYPES } from '../breeds';
import { VOIES, type EtapePlan, type PlanSante } from '../sante/plans-defaut';
import { z, fcfa, idParam, jour, MAX_ID, optionalText, refId, requiredText, saisiLe } from './common';
import { idBande } from './bandes/fields';
import type { AlerteAliment, AlerteEau } from './aliment';
import { SANTE_SCHEMA_MSG } from '../messages/sante';

export { VOIES, type EtapePlan, type PlanSante };

/** Steps in one plan, at most (a layer flock's two years fit well within it). */
export const MAX_ETAPES = 60;
/** Oldest age a step may have, days (a laying flock is kept about two years). */
export const MAX_AGE_ETAPE = 1000;
/** Longest withdrawal a label gives, days (a bound against typing errors, not a rule). */
export const MAX_ATTENTE_JOURS = 500;

const age = z.lazy(() =>
  z
    .number({ error: SANTE_SCHEMA_MSG.ageRequis })
    .check(
      z.int({ error: SANTE_SCHEMA_MSG.ageJoursEntiers }),
      z.gte(0, { error: SANTE_SCHEMA_MSG.agePeutNegatif }),
      z.lte(MAX_AGE_ETAPE, { error: SANTE_SCHEMA_MSG.ageDepasserJours(MAX_AGE_ETAPE) }),
    ),
);

export const etapePlanSchema = z.lazy(() =>
  z.object({
    age,
    intitule: requiredText(SANTE_SCHEMA_MSG.intitule, 120),
    voie: z.enum(VOIES, { error: SANTE_SCHEMA_MSG.voieAdministrationInvalide }),
    note: optionalText(300),
  }),
);

/**
 * POST api/sante/plan: creates (`id_plan` absent, null or -1) or edits (`id_plan` of the
 * business's own plan) a plan. Built-in plans are read-only: they are copied, never edited.
 * Steps are kept ordered by age (a "move" changes a step's age or its place among same-age steps).
 */
export const planSchema = z.lazy(() =>
  z.object({
    id_plan: z.nullable(
      z.optional(
        z
          .number({ error: SANTE_SCHEMA_MSG.planInvalide })
          .check(
            z.int({ error: SANTE_SCHEMA_MSG.planInvalide }),
            z.gte(-1, { error: SANTE_SCHEMA_MSG.planInvalide }),
            z.lte(MAX_ID, { error: SANTE_SCHEMA_MSG.planInvalide }),
          ),
      ),
    ),
    nom: requiredText(SANTE_SCHEMA_MSG.nomPlan, 80),
    type: z.enum(BANDE_TYPES, { error: SANTE_SCHEMA_MSG.typeInvalideChairPondeuse }),
    etapes: z
      .array(etapePlanSchema, { error: SANTE_SCHEMA_MSG.etapesRequises })
      .check(z.minLength(1, { error: SANTE_SCHEMA_MSG.planMoinsEtape }), z.maxLength(MAX_ETAPES, { error: SANTE_SCHEMA_MSG.planPlusEtapes(MAX_ETAPES) })),
  }),
);
export type PlanInput = z.infer<typeof planSchema>;

/** POST api/sante/bande/plan: gives a batch a plan (again: its steps not done nor skipped are replaced). */
export const bandePlanSchema = z.lazy(() => z.object({ id_bande: idBande, id_plan: refId(SANTE_SCHEMA_MSG.plan) }));

const idEtape = refId(SANTE_SCHEMA_MSG.etape);
/** Optional cost of a step or a treatment: it becomes the batch's « Vaccins et médicaments » expense. */
const cout = z.nullable(z.optional(fcfa(SANTE_SCHEMA_MSG.cout).check(z.gte(1, { error: SANTE_SCHEMA_MSG.coutSuperieur0 }))));

/** POST api/sante/etape/fait. Refused: a date before the batch's start or in the future, an expiry before the date. */
export const etapeFaitSchema = z.lazy(() =>
  z.object({
    id_etape: idEtape,
    date: jour,
    produit: requiredText(SANTE_SCHEMA_MSG.produit, 120),
    lot: requiredText(SANTE_SCHEMA_MSG.numeroLot, 60),
    expiration: jour,
    cout,
    saisi_le: saisiLe,
  }),
);
export const etapeSauterSchema = z.lazy(() => z.object({ id_etape: idEtape, motif: requiredText(SANTE_SCHEMA_MSG.motif, 200), saisi_le: saisiLe }));
export const etapeAnnulerSchema = z.lazy(() => z.object({ id_etape: idEtape }));

const joursAttente = (label: string) =>
  z
    .number({ error: SANTE_SCHEMA_MSG.requis(label) })
    .check(
      z.int({ error: SANTE_SCHEMA_MSG.nombreEntierJours(label) }),
      z.gte(0, { error: SANTE_SCHEMA_MSG.peutNegatif(label) }),
      z.lte(MAX_ATTENTE_JOURS, { error: SANTE_SCHEMA_MSG.depasserJours(label, MAX_ATTENTE_JOURS) }),
    );

/**
 * POST api/sante/traitement. The withdrawal runs from `debut` to `fin` + its days, both ends
 * included (shared/formulas/sante.ts `fenetreAttente`); 0 days: no withdrawal for that product.
 */
export const traitementSchema = z.lazy(() =>
  z
    .object({
      id_bande: idBande,
      produit: requiredText(SANTE_SCHEMA_MSG.produit, 120),
      molecule: requiredText(SANTE_SCHEMA_MSG.moleculeSubstanceActive, 120),
      motif: requiredText(SANTE_SCHEMA_MSG.motif, 200),
      debut: jour,
      fin: jour,
      attente_viande_jours: joursAttente(SANTE_SCHEMA_MSG.delaiAttenteViande),
      attente_oeufs_jours: joursAttente(SANTE_SCHEMA_MSG.delaiAttenteOeufs),
      cout,
      saisi_le: saisiLe,
    })
    .check(z.refine((t) => t.fin >= t.debut, { error: SANTE_SCHEMA_MSG.finTraitementPeutPreceder, path: ['fin'] })),
);
export type TraitementInput = z.infer<typeof traitementSchema>;
export const traitementAnnulerSchema = z.lazy(() => z.object({ id_traitement: refId(SANTE_SCHEMA_MSG.traitement) }));

export const santeIdParams = z.lazy(() => z.object({ id: idParam }));

// ── answers ──

export const STATUTS_ETAPE = ['a_venir', 'aujourdhui', 'en_retard', 'fait', 'saute'] as const;
export type StatutEtape = (typeof STATUTS_ETAPE)[number];

export interface EtapeBande {
  id: number;
  id_bande: number;
  /** The plan it came from (its name at the time). */
  id_plan: number;
  age: number;
  date_prevue: string;
  intitule: string;
  voie: (typeof VOIES)[number];
  note?: string;
  statut: StatutEtape;
  /** Done: the day, the product, its lot and expiry, and the expense its cost became. */
  date?: string;
  produit?: string;
  lot?: string;
  expiration?: string;
  cout?: number;
  id_depense?: number;
  /** Skipped: why. */
  motif?: string;
}

export interface Traitement {
  id: number;
  id_bande: number;
  produit: string;
  molecule: string;
  motif: string;
  debut: string;
  fin: string;
  attente_viande_jours: number;
  attente_oeufs_jours: number;
  /** Last day of each withdrawal (fin + its days), absent when that withdrawal is 0 days. */
  viande_jusqu_au?: string;
  oeufs_jusqu_au?: string;
  cout?: number;
  id_depense?: number;
  etat: 'ACTIVE' | 'DELETED';
}

/** GET api/sante/bande/{id}. `attente`: the withdrawals running today (their last day). */
export interface SanteBande {
  id_plan: number | null;
  nom_plan: string | null;
  etapes: EtapeBande[];
  traitements: Traitement[];
  attente: { viande_jusqu_au?: string; oeufs_jusqu_au?: string };
}

export interface AlerteSante {
  id_bande: number;
  nom_bande: string;
  type: 'mortalite';
  /** The day of the jump, its losses and the average of the 7 days before. */
  date: string;
  pertes: number;
  moyenne_7j: number;
}

/** GET api/sante/a-faire: across active batches, today. */
export interface SanteAFaire {
  etapes: (EtapeBande & { nom_bande: string })[];
  attentes: { id_bande: number; nom_bande: string; id_traitement: number; produit: string; viande_jusqu_au?: string; oeufs_jusqu_au?: string }[];
  alertes: AlerteSante[];
  /** Days of feed left under the business's threshold; absent otherwise. */
  aliment?: AlerteAliment;
  /** Batches whose water dropped (docs/aliment.md). */
  eau?: AlerteEau[];
}
