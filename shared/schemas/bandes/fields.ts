// Field rules several batch entries share: counts, prices, quantities, the batch id, an id to
// edit or -1 for a new one, an entry's day.
import { z, fcfa, MAX_ID, MAX_PRIX, quantite, jour } from '../common';

export const positiveInt = (label: string) => quantite(label);

export const price = (label: string) => fcfa(label, MAX_PRIX).min(1, { error: `${label} doit être supérieur à 0` });

export const quantity = (label: string, min: number) => quantite(label, { min, decimal: true, required: `${label} requise` });

/** `-1` (or 0, which some clients send) means "new"; any other value is the id to edit. */
export const newOrId = (label: string) =>
  z
    .number({ error: `${label} requis` })
    .int({ error: `${label} invalide` })
    .min(-1, { error: `${label} invalide` })
    .max(MAX_ID, { error: `${label} invalide` });

export const idBande = z.lazy(() =>
  z.number({ error: 'Bande requise' }).int({ error: 'Bande invalide' }).positive({ error: 'Bande invalide' }).max(MAX_ID, { error: 'Bande invalide' }),
);

// Dated entries: expenses, sales and losses take an optional `date` (YYYY-MM-DD, the
// day it happened; absent = the day it was typed), and every batch entry an optional `saisi_le`
// (when the outbox typed it, shared/dates.ts `createdAtFrom`). The server keeps the day within
// [the batch's start, today] (functions/bandes/routes.ts).
export const entryDate = z.lazy(() => jour.optional().nullable());
