// The paths of the list reads that the SPA entry may ask before TanStack Query has loaded (the first
// steps' lists, features/tableau-de-bord/api/paths.ts): one place for the queries and the entry, in
// a module that imports nothing.

/** GET: every batch, archived ones included (droit bandav:r). */
export const BANDES_AVEC_ARCHIVES_PATH = 'api/bande?archives=1';
/** GET: every product, archived ones included (droit prav:r). */
export const PRODUITS_AVEC_ARCHIVES_PATH = 'api/produit?archives=1';
/** POST {debut, fin}: the shop's sales history of a period (droit prav:r). */
export const VENTES_PATH = 'api/vente/boutique';
