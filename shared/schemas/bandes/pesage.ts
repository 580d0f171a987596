// A weighing of the batch's birds.
import { z, hasDecimals, isoDate, saisiLe } from '../common';
import { idBande, newOrId, positiveInt } from './fields';

const UNITES_POIDS = ['g', 'kg'] as const;

/** Hard maximum of a weighing's average weight, g, by batch type (shared/limits.ts says why). */
export { POIDS_MAX_G } from '../../limits';

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
