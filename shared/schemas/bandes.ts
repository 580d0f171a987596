// Request schemas and answer types of the batch rows (spec part 1 §3, §5, §7), shared by the
// route table, the handlers, the dialogs of the SPA and the tests.
import { BANDE_TYPES, RACE_CODES, type BandeType } from '../breeds';
import { z, fcfa, hasDecimals, idParam, isCalendarDate, isoDate, jour, MAX_ID, MAX_PRIX, quantite, requiredText, saisiLe } from './common';

// Defined beside the breeds (which are grouped by type) so that neither module imports the other.
export { BANDE_TYPES, type BandeType };

/** Expense types a farmer recognises (the spec gives none); ids are stable numbers. */
export const TYPES_DEPENSE = [
  { id: 1, nom: 'Aliment' },
  { id: 2, nom: 'Poussins' },
  { id: 3, nom: 'Vaccins et médicaments' },
  { id: 4, nom: "Main-d'œuvre" },
  { id: 5, nom: 'Litière' },
  { id: 6, nom: 'Eau et électricité' },
  { id: 7, nom: 'Transport' },
  { id: 8, nom: 'Autre' },
] as const;
export type TypeDepense = { id: number; nom: string };

export const EGG_SIZES = ['s', 'm', 'l', 'xl'] as const;

/** Quantities may be decimal (kg of feed, litres); the spec's minimum is 0.1 (part 1 §9). */
export const MIN_QUANTITE = 0.1;

/** Units of an expense's quantity, for feed in kg (shared/formulas/indicators.ts KG_PAR_UNITE). */
export const UNITES_DEPENSE = [
  { code: 'kg', nom: 'kg' },
  { code: 'sac25', nom: 'sac de 25 kg' },
  { code: 'sac50', nom: 'sac de 50 kg' },
  { code: 't', nom: 'tonne' },
] as const;
const UNITE_CODES = UNITES_DEPENSE.map((u) => u.code) as unknown as ['kg', 'sac25', 'sac50', 't'];

const positiveInt = (label: string) => quantite(label);

const price = (label: string) => fcfa(label, MAX_PRIX).min(1, { error: `${label} doit être supérieur à 0` });

const quantity = (label: string, min: number) => quantite(label, { min, decimal: true, required: `${label} requise` });

/** `-1` (or 0, which some clients send) means "new"; any other value is the id to edit. */
const newOrId = (label: string) =>
  z
    .number({ error: `${label} requis` })
    .int({ error: `${label} invalide` })
    .min(-1, { error: `${label} invalide` })
    .max(MAX_ID, { error: `${label} invalide` });

const idBande = z.lazy(() =>
  z.number({ error: 'Bande requise' }).int({ error: 'Bande invalide' }).positive({ error: 'Bande invalide' }).max(MAX_ID, { error: 'Bande invalide' }),
);

export const bandeSchema = z.lazy(() =>
  z.object({
    nom: requiredText('Nom', 120),
    nb_sujet: positiveInt('Le nombre de sujets'),
    date_demarage: isoDate,
    type: z.enum(BANDE_TYPES, { error: 'Type invalide (chair ou pondeuse)' }),
    id_bande: newOrId('Identifiant de bande'),
    /** Breed standard the batch is compared with (shared/breeds.ts); default: the first of its type. */
    race: z.enum(RACE_CODES, { error: 'Souche inconnue' }).optional().nullable(),
    /** Age of the birds when placed, days (0 = day-old chicks; pullets are often placed at 16–18 weeks). */
    age_demarrage: z
      .number({ error: 'Âge invalide' })
      .int({ error: 'Âge en jours entiers' })
      .min(0, { error: 'Âge invalide' })
      .max(1000, { error: 'Âge invalide' })
      .optional()
      .nullable(),
  }),
);
export type BandeInput = z.infer<typeof bandeSchema>;

export const cloturerSchema = z.lazy(() => z.object({ id_bande: idBande }));

// Dated entries: expenses, sales and losses take an optional `date` (YYYY-MM-DD, the
// day it happened; absent = the day it was typed), and every batch entry an optional `saisi_le`
// (when the outbox typed it, shared/dates.ts `createdAtFrom`). The server keeps the day within
// [the batch's start, today] (functions/bandes/routes.ts).
const entryDate = z.lazy(() => jour.optional().nullable());

export const perteSchema = z.lazy(() =>
  z.object({
    nombre: positiveInt('Le nombre de sujets'),
    id_bande: idBande,
    date: entryDate,
    saisi_le: saisiLe,
  }),
);

export const depenseSchema = z.lazy(() =>
  z.object({
    depense: z.object(
      {
        id: z.number().int().positive({ error: 'Dépense invalide' }).max(MAX_ID, { error: 'Dépense invalide' }).optional().nullable(),
        id_type_depense: z
          .number({ error: 'Type de dépense requis' })
          .int({ error: 'Type de dépense invalide' })
          .refine((v) => TYPES_DEPENSE.some((t) => t.id === v), { error: 'Type de dépense inconnu' }),
        designation: requiredText('Désignation', 200),
        prix_unitaire: price('Prix unitaire'),
        quantite: quantity('Quantité', MIN_QUANTITE),
        /** Unit of the quantity (feed: kg or sacks), so the feed conversion ratio can be computed. */
        unite: z.enum(UNITE_CODES, { error: 'Unité invalide' }).optional().nullable(),
      },
      { error: 'Dépense requise' },
    ),
    id_bande: idBande,
    date: entryDate,
    saisi_le: saisiLe,
  }),
);

/** The line total (price × quantity) is checked by the route: it must stay within MAX_MONTANT. */
export const venteSchema = z.lazy(() =>
  z.object({
    prix_unitaire: price('Prix unitaire'),
    quantite: quantity('Quantité', MIN_QUANTITE),
    id_bande: idBande,
    id_vente: newOrId('Identifiant de vente').optional().default(-1),
    date: entryDate,
    saisi_le: saisiLe,
  }),
);

const UNITES_POIDS = ['g', 'kg'] as const;

/**
 * How far back a batch may start, days (3 years; a laying flock is kept about two, and a
 * farm may enter a flock already in the shed with `age_demarrage`). The server refuses a start
 * outside [today − DEMARRAGE_MAX_JOURS, today]; the batch dialog bounds its date input with it.
 */
export const DEMARRAGE_MAX_JOURS = 1096;

/** Hard maximum of a weighing's average weight, g, by batch type (../limits.ts says why). */
export { POIDS_MAX_G } from '../limits';

/** The spec does not show the weighing's shape; this one carries the fields of part 1 §3. */
export const pesageSchema = z.lazy(() =>
  z.object({
    pesage: z.object(
      {
        poids_moyen: z
          .number({ error: 'Poids moyen requis' })
          .positive({ error: 'Le poids moyen doit être supérieur à 0' })
          .max(100_000, { error: 'Poids moyen trop grand' })
          .refine(hasDecimals(3), { error: 'Poids moyen : au plus 3 décimales' }),
        unite: z.enum(UNITES_POIDS, { error: 'Unité invalide (g ou kg)' }).default('g'),
        echantillon: positiveInt("L'échantillon"),
        date_prise: isoDate,
        /** Absent, -1 or 0: a new weighing; a weighing's id: its correction. */
        id: newOrId('Identifiant de pesage').optional().nullable(),
      },
      { error: 'Pesage requis' },
    ),
    id_bande: idBande,
    saisi_le: saisiLe,
  }),
);

export interface Calibres {
  s: number;
  m: number;
  l: number;
  xl: number;
}

const calibreCount = z.lazy(() => quantite('Calibre', { min: 0 }));
const calibresObject = z.lazy(() => z.object({ s: calibreCount, m: calibreCount, l: calibreCount, xl: calibreCount }));

/** Sizes travel as JSON text (spec part 1 §3); each count is a whole number ≥ 0. */
export function parseCalibres(text: string): Calibres | null {
  try {
    const r = calibresObject.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export const collecteSchema = z.lazy(() =>
  z
    .object({
      id_bande: idBande,
      id: newOrId('Identifiant de collecte').optional().default(-1),
      collecte: positiveInt('La collecte'),
      calibres: z.string({ error: 'Calibres requis' }).max(500),
      date_collecte: isoDate
        .optional()
        .nullable()
        .or(z.literal('').transform(() => undefined)),
      saisi_le: saisiLe,
    })
    .superRefine((v, ctx) => {
      const c = parseCalibres(v.calibres);
      if (!c) {
        ctx.addIssue({ code: 'custom', path: ['calibres'], message: 'Calibres invalides : texte JSON {s, m, l, xl} attendu' });
        return;
      }
      if (c.s + c.m + c.l + c.xl !== v.collecte) {
        ctx.addIssue({ code: 'custom', path: ['calibres'], message: 'La somme des calibres doit être égale au total collecté' });
      }
    }),
);

export const idParams = z.lazy(() => z.object({ id: idParam }));
export const idBandeParams = z.lazy(() => z.object({ idBande: idParam }));

// ── answers ──
export type BandeStatut = 'ACTIVE' | 'CLOTUREE';

/** A batch as listed (and as the dashboard reads it): running totals kept by the server. */
export interface BandeSummary {
  id: number;
  nom: string;
  type: BandeType;
  nb_sujet: number;
  date_demarage: string;
  statut: BandeStatut;
  nb_perte: number;
  /** Revenue of non-cancelled sales, FCFA. */
  chiffre_affaire: number;
  /** Sum of non-cancelled expenses, FCFA. */
  depense: number;
  /** Quantity sold over non-cancelled sales. */
  nb_vendu: number;
  /** Birds slaughtered (slaughter records); they have left the live count. */
  nb_abattu?: number;
  created_at: string;
  /** Breed code (shared/breeds.ts); absent on batches made before it: the default of the type. */
  race?: string;
  /** Age of the birds when placed, days. */
  age_demarrage?: number;
  /** When the batch was closed (ISO). */
  closed_at?: string;
  /**
   * Archived: out of the lists and pickers, its figures kept in every total; it takes no
   * entry until restored and, still active, no longer counts in the plan's birds. Absent otherwise.
   */
  archive?: true;
}

export interface Depense {
  id: number;
  id_bande: number;
  id_type_depense: number;
  designation: string;
  prix_unitaire: number;
  quantite: number;
  /** prix_unitaire × quantite rounded once to the franc (server). */
  prix_total: number;
  created_at: string;
  /** The day it counts on (YYYY-MM-DD): as sent, else the day it was typed. */
  date: string;
  unite?: string | null;
}

export interface Vente {
  id: number;
  id_vente: number;
  id_bande: number;
  prix_unitaire: number;
  quantite: number;
  prix_total: number;
  created_at: string;
  /** The day it counts on (YYYY-MM-DD). */
  date: string;
  etat: 'ACTIVE' | 'DELETED';
  /** Set when the sale was made in a shop naming this batch: it is changed from the sales history only. */
  id_vente_boutique?: number;
}

export interface Perte {
  id: number;
  id_bande: number;
  nombre: number;
  type: 'perte';
  created_at: string;
  /** The day it counts on (YYYY-MM-DD). */
  date: string;
}

export interface Pesage {
  id: number;
  id_bande: number;
  poids_moyen: number;
  unite: 'g' | 'kg';
  echantillon: number;
  date_prise: string;
  created_at: string;
  /** `date_prise`'s day (YYYY-MM-DD). */
  date: string;
}

export interface Collecte {
  id: number;
  id_bande: number;
  collecte: number;
  calibres: string;
  date_collecte: string;
  created_at: string;
  /** `date_collecte`'s day (YYYY-MM-DD). */
  date: string;
}

/** A slaughter as the batch detail lists it: the birds it took and its day. */
export interface AbatageDuLot {
  id: number;
  quantite: number;
  /** YYYY-MM-DD */
  date: string;
}

export interface BandeDetail extends BandeSummary {
  depenses: Depense[];
  ventes: Vente[];
  pertes: Perte[];
  pesages: Pesage[];
  /** The batch's slaughters, so that birds alive on a day (shared/formulas/birds.ts `sujetsVivantsLe`) can be read from the detail. */
  abatages: AbatageDuLot[];
}

/** Dashboard bounds parsed from the greedy segment `{start or empty}/{end or empty}`. */
export function parseDashboardRange(proxy: string | undefined): { start: string | null; end: string | null } | null {
  const raw = proxy ?? '';
  const parts = raw.split('/');
  if (parts.length > 2) return null;
  const [s = '', e = ''] = parts;
  const ok = (d: string) => d === '' || (/^\d{4}-\d{2}-\d{2}$/.test(d) && isCalendarDate(d));
  if (!ok(s) || !ok(e)) return null;
  return { start: s || null, end: e || null };
}

/** The rest of the path behind a greedy `{proxy+}` row (may be empty). */
export const proxyParams = z.lazy(() => z.object({ proxy: z.string().max(200).optional().default('') }));
