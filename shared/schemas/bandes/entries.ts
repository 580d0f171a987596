// A batch's money and losses: expenses (with their types and units), sales, and deaths.
import { z, MAX_ID, requiredText, saisiLe } from '../common';
import { entryDate, idBande, newOrId, positiveInt, price, quantity } from './fields';
import { CALIBRES } from '../../formulas/oeufs';

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

/**
 * Units a batch sale is counted in (shared/formulas/birds.ts `uniteDeVente`): a layer batch sells
 * eggs (`oeuf`), trays of 30 eggs (`plateau`) or its hens at the end of lay (`sujet`); a broiler
 * batch sells birds only (`sujet`).
 */
export const UNITES_VENTE = [
  { code: 'oeuf', nom: 'Œufs' },
  { code: 'plateau', nom: 'Plateaux de 30' },
  { code: 'sujet', nom: 'Poules de réforme' },
] as const;
const UNITE_VENTE_CODES = UNITES_VENTE.map((u) => u.code) as unknown as ['oeuf', 'plateau', 'sujet'];

/**
 * The line total (price × quantity) is checked by the route: it must stay within MAX_MONTANT.
 * `unite` (optional, beside the spec's payload): what quantite and prix_unitaire count; absent, a
 * layer sale is eggs (or, edited, keeps its unit) and a broiler sale is birds.
 */
export const venteSchema = z.lazy(() =>
  z.object({
    prix_unitaire: price('Prix unitaire'),
    quantite: quantity('Quantité', MIN_QUANTITE),
    unite: z.enum(UNITE_VENTE_CODES, { error: 'Unité de vente invalide' }).optional().nullable(),
    // The size of the eggs sold (a sale of eggs or trays), optional: without it, the eggs
    // leave the flock's stock smallest size first (shared/formulas/oeufs.ts).
    calibre: z.enum(CALIBRES, { error: 'Calibre invalide (s, m, l ou xl)' }).optional().nullable(),
    id_bande: idBande,
    id_vente: newOrId('Identifiant de vente').optional().default(-1),
    date: entryDate,
    saisi_le: saisiLe,
  }),
);
