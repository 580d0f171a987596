// A weighing of the batch's birds.
import { z, hasDecimals, isoDate, saisiLe } from '../common';
import { idBande, newOrId, positiveInt } from './fields';
import { BANDES_PESAGE_SCHEMA_MSG } from '../../messages/bandes';

const UNITES_POIDS = ['g', 'kg'] as const;

/** Hard maximum of a weighing's average weight, g, by batch type (shared/limits.ts says why). */
export { POIDS_MAX_G } from '../../limits';

/** The spec does not show the weighing's shape; this one carries the fields of part 1 §3. */
export const pesageSchema = z.lazy(() =>
  z.object({
    pesage: z.object(
      {
        poids_moyen: z
          .number({ error: BANDES_PESAGE_SCHEMA_MSG.poidsMoyenRequis })
          .check(
            z.positive({ error: BANDES_PESAGE_SCHEMA_MSG.poidsMoyenSuperieur0 }),
            z.lte(100_000, { error: BANDES_PESAGE_SCHEMA_MSG.poidsMoyenTropGrand }),
            z.refine(hasDecimals(3), { error: BANDES_PESAGE_SCHEMA_MSG.poidsMoyenPlus3 }),
          ),
        unite: z._default(z.enum(UNITES_POIDS, { error: BANDES_PESAGE_SCHEMA_MSG.uniteInvalideGKg }), 'g'),
        echantillon: positiveInt(BANDES_PESAGE_SCHEMA_MSG.echantillon),
        date_prise: isoDate,
        /** Absent, -1 or 0: a new weighing; a weighing's id: its correction. */
        id: z.nullable(z.optional(newOrId(BANDES_PESAGE_SCHEMA_MSG.identifiantPesage))),
      },
      { error: BANDES_PESAGE_SCHEMA_MSG.pesageRequis },
    ),
    id_bande: idBande,
    saisi_le: saisiLe,
  }),
);
