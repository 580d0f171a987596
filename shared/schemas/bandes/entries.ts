// A batch's money and losses: expenses (with their types and units), sales, and deaths.
import { z, MAX_ID, requiredText, saisiLe } from '../common';
import { entryDate, idBande, newOrId, positiveInt, price, quantity } from './fields';
import { CALIBRES } from '../../formulas/oeufs';
import { BANDES_ENTRIES_SCHEMA_MSG } from '../../messages/bandes';

/** Expense types a farmer recognises (the spec gives none); ids are stable numbers. */
export const TYPES_DEPENSE = [
  { id: 1, nom: BANDES_ENTRIES_SCHEMA_MSG.aliment },
  { id: 2, nom: BANDES_ENTRIES_SCHEMA_MSG.poussins },
  { id: 3, nom: BANDES_ENTRIES_SCHEMA_MSG.vaccinsMedicaments },
  { id: 4, nom: "Main-d'œuvre" },
  { id: 5, nom: BANDES_ENTRIES_SCHEMA_MSG.litiere },
  { id: 6, nom: BANDES_ENTRIES_SCHEMA_MSG.eauElectricite },
  { id: 7, nom: BANDES_ENTRIES_SCHEMA_MSG.transport },
  { id: 8, nom: BANDES_ENTRIES_SCHEMA_MSG.autre },
] as const;
export type TypeDepense = { id: number; nom: string };

/** Quantities may be decimal (kg of feed, litres); the spec's minimum is 0.1 (part 1 §9). */
export const MIN_QUANTITE = 0.1;

/** Units of an expense's quantity, for feed in kg (shared/formulas/indicators.ts KG_PAR_UNITE). */
export const UNITES_DEPENSE = [
  { code: 'kg', nom: 'kg' },
  { code: 'sac25', nom: BANDES_ENTRIES_SCHEMA_MSG.sac25Kg },
  { code: 'sac50', nom: BANDES_ENTRIES_SCHEMA_MSG.sac50Kg },
  { code: 't', nom: 'tonne' },
] as const;
const UNITE_CODES = UNITES_DEPENSE.map((u) => u.code) as unknown as ['kg', 'sac25', 'sac50', 't'];

export const perteSchema = z.lazy(() =>
  z.object({
    nombre: positiveInt(BANDES_ENTRIES_SCHEMA_MSG.nombreSujets),
    id_bande: idBande,
    date: entryDate,
    saisi_le: saisiLe,
  }),
);

export const depenseSchema = z.lazy(() =>
  z.object({
    depense: z.object(
      {
        id: z.nullable(
          z.optional(
            z
              .number()
              .check(
                z.int(),
                z.positive({ error: BANDES_ENTRIES_SCHEMA_MSG.depenseInvalide }),
                z.lte(MAX_ID, { error: BANDES_ENTRIES_SCHEMA_MSG.depenseInvalide }),
              ),
          ),
        ),
        id_type_depense: z.number({ error: BANDES_ENTRIES_SCHEMA_MSG.typeDepenseRequis }).check(
          z.int({ error: BANDES_ENTRIES_SCHEMA_MSG.typeDepenseInvalide }),
          z.refine((v) => TYPES_DEPENSE.some((t) => t.id === v), { error: BANDES_ENTRIES_SCHEMA_MSG.typeDepenseInconnu }),
        ),
        designation: requiredText(BANDES_ENTRIES_SCHEMA_MSG.designation, 200),
        prix_unitaire: price(BANDES_ENTRIES_SCHEMA_MSG.prixUnitaire),
        quantite: quantity(BANDES_ENTRIES_SCHEMA_MSG.quantite, MIN_QUANTITE),
        /** Unit of the quantity (feed: kg or sacks), so the feed conversion ratio can be computed. */
        unite: z.nullable(z.optional(z.enum(UNITE_CODES, { error: BANDES_ENTRIES_SCHEMA_MSG.uniteInvalide }))),
      },
      { error: BANDES_ENTRIES_SCHEMA_MSG.depenseRequise },
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
  { code: 'plateau', nom: BANDES_ENTRIES_SCHEMA_MSG.plateaux30 },
  { code: 'sujet', nom: BANDES_ENTRIES_SCHEMA_MSG.poulesReforme },
] as const;
const UNITE_VENTE_CODES = UNITES_VENTE.map((u) => u.code) as unknown as ['oeuf', 'plateau', 'sujet'];

/**
 * The line total (price × quantity) is checked by the route: it must stay within MAX_MONTANT.
 * `unite` (optional, beside the spec's payload): what quantite and prix_unitaire count; absent, a
 * layer sale is eggs (or, edited, keeps its unit) and a broiler sale is birds.
 */
export const venteSchema = z.lazy(() =>
  z.object({
    prix_unitaire: price(BANDES_ENTRIES_SCHEMA_MSG.prixUnitaire),
    quantite: quantity(BANDES_ENTRIES_SCHEMA_MSG.quantite, MIN_QUANTITE),
    unite: z.nullable(z.optional(z.enum(UNITE_VENTE_CODES, { error: BANDES_ENTRIES_SCHEMA_MSG.uniteVenteInvalide }))),
    // The size of the eggs sold (a sale of eggs or trays), optional: without it, the eggs
    // leave the flock's stock smallest size first (shared/formulas/oeufs.ts).
    calibre: z.nullable(z.optional(z.enum(CALIBRES, { error: BANDES_ENTRIES_SCHEMA_MSG.calibreInvalideSM }))),
    id_bande: idBande,
    id_vente: z._default(z.optional(newOrId(BANDES_ENTRIES_SCHEMA_MSG.identifiantVente)), -1),
    date: entryDate,
    saisi_le: saisiLe,
  }),
);
