// Field rules several batch entries share: counts, prices, quantities, the batch id, an id to
// edit or -1 for a new one, an entry's day.
import { z, fcfa, MAX_ID, MAX_PRIX, quantite, jour } from '../common';
import { BANDES_FIELDS_SCHEMA_MSG } from '../../messages/bandes';

export const positiveInt = (label: string) => quantite(label);

export const price = (label: string) => fcfa(label, MAX_PRIX).check(z.gte(1, { error: BANDES_FIELDS_SCHEMA_MSG.superieur0(label) }));

export const quantity = (label: string, min: number) => quantite(label, { min, decimal: true, required: BANDES_FIELDS_SCHEMA_MSG.requise(label) });

/** `-1` (or 0, which some clients send) means "new"; any other value is the id to edit. */
export const newOrId = (label: string) =>
  z
    .number({ error: BANDES_FIELDS_SCHEMA_MSG.requis(label) })
    .check(
      z.int({ error: BANDES_FIELDS_SCHEMA_MSG.invalide(label) }),
      z.gte(-1, { error: BANDES_FIELDS_SCHEMA_MSG.invalide(label) }),
      z.lte(MAX_ID, { error: BANDES_FIELDS_SCHEMA_MSG.invalide(label) }),
    );

export const idBande = z.lazy(() =>
  z
    .number({ error: BANDES_FIELDS_SCHEMA_MSG.bandeRequise })
    .check(
      z.int({ error: BANDES_FIELDS_SCHEMA_MSG.bandeInvalide }),
      z.positive({ error: BANDES_FIELDS_SCHEMA_MSG.bandeInvalide }),
      z.lte(MAX_ID, { error: BANDES_FIELDS_SCHEMA_MSG.bandeInvalide }),
    ),
);

// Dated entries: expenses, sales and losses take an optional `date` (YYYY-MM-DD, the
// day it happened; absent = the day it was typed), and every batch entry an optional `saisi_le`
// (when the outbox typed it, shared/dates.ts `createdAtFrom`). The server keeps the day within
// [the batch's start, today] (functions/bandes/routes.ts).
export const entryDate = z.lazy(() => z.nullable(z.optional(jour)));
