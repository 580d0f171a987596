// The batch itself: creating or editing it, closing it, and the path parameters of its rows.
import { BANDE_TYPES, RACE_CODES, type BandeType } from '../../breeds';
import { z, idParam, isCalendarDate, isoDate, MAX_ID, requiredText } from '../common';
import { idBande, newOrId, positiveInt } from './fields';
import { BANDES_BANDE_SCHEMA_MSG } from '../../messages/bandes';

// Defined beside the breeds (which are grouped by type) so that neither module imports the other.
export { BANDE_TYPES, type BandeType };

export const bandeSchema = z.lazy(() =>
  z.object({
    nom: requiredText(BANDES_BANDE_SCHEMA_MSG.nom, 120),
    nb_sujet: positiveInt(BANDES_BANDE_SCHEMA_MSG.nombreSujets),
    date_demarage: isoDate,
    type: z.enum(BANDE_TYPES, { error: BANDES_BANDE_SCHEMA_MSG.typeInvalideChairPondeuse }),
    id_bande: newOrId(BANDES_BANDE_SCHEMA_MSG.identifiantBande),
    /** Breed standard the batch is compared with (shared/breeds.ts); default: the first of its type. */
    race: z.nullable(z.optional(z.enum(RACE_CODES, { error: BANDES_BANDE_SCHEMA_MSG.soucheInconnue }))),
    /** Age of the birds when placed, days (0 = day-old chicks; pullets are often placed at 16–18 weeks). */
    age_demarrage: z.nullable(
      z.optional(
        z
          .number({ error: BANDES_BANDE_SCHEMA_MSG.ageInvalide })
          .check(
            z.int({ error: BANDES_BANDE_SCHEMA_MSG.ageJoursEntiers }),
            z.gte(0, { error: BANDES_BANDE_SCHEMA_MSG.ageInvalide }),
            z.lte(1000, { error: BANDES_BANDE_SCHEMA_MSG.ageInvalide }),
          ),
      ),
    ),
    /**
     * A new batch's health plan: its calendar is written with the batch. Ignored on an
     * edit (a batch's plan changes through POST api/sante/bande/plan).
     */
    id_plan: z.nullable(
      z.optional(
        z
          .number({ error: BANDES_BANDE_SCHEMA_MSG.planInvalide })
          .check(
            z.int({ error: BANDES_BANDE_SCHEMA_MSG.planInvalide }),
            z.positive({ error: BANDES_BANDE_SCHEMA_MSG.planInvalide }),
            z.lte(MAX_ID, { error: BANDES_BANDE_SCHEMA_MSG.planInvalide }),
          ),
      ),
    ),
  }),
);
export type BandeInput = z.infer<typeof bandeSchema>;

export const cloturerSchema = z.lazy(() => z.object({ id_bande: idBande }));
/** POST api/bande/supprimer: a batch with no entry, made by mistake (docs/decisions/0215-delete-an-empty-batch.md). */
export const supprimerSchema = z.lazy(() => z.object({ id_bande: idBande }));

/**
 * How far back a batch may start, days (3 years; a laying flock is kept about two, and a
 * farm may enter a flock already in the shed with `age_demarrage`). The server refuses a start
 * outside [today − DEMARRAGE_MAX_JOURS, today]; the batch dialog bounds its date input with it.
 */
export const DEMARRAGE_MAX_JOURS = 1096;

export const idParams = z.lazy(() => z.object({ id: idParam }));
export const idBandeParams = z.lazy(() => z.object({ idBande: idParam }));

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
export const proxyParams = z.lazy(() => z.object({ proxy: z._default(z.optional(z.string().check(z.maxLength(200))), '') }));
