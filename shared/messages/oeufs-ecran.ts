// French texts of the egg stock's screens: the flock's eggs page, « Envoyer à la
// boutique » and « Casse ». The server's own messages are in ./oeufs.ts (OEUFS_MSG).
import { formatJour } from '../dates';
import { formatNombre } from '../format';
import { formatPlateaux } from '../formulas/oeufs';

export const OEUFS_ECRAN = {
  titre: 'Œufs',
  sousTitre: "Le stock d'œufs de la bande : collectes, ventes, casse et envois à la boutique.",
  envoyer: 'Envoyer à la boutique',
  casse: 'Casse',
  choisirBande: 'Choisissez une bande de pondeuses',
  choisirProduit: "Choisissez un produit d'œufs",
  aucunProduit: "Aucun produit d'œufs : indiquez sur la fiche d'un produit combien d'œufs contient une unité (30 pour un plateau).",
  aucuneBande: 'Aucune bande de pondeuses active.',
  // Short: a select shows its choice cut at a phone's width (the smallest sizes leave first).
  sansCalibre: 'Sans calibre (petits d’abord)',
  /** What the product gets from the eggs typed: « = 3 plateaux ajoutés au stock de « Plateau M » (+3). » */
  ajoutProduit: (oeufs: number, unites: number, nom: string, stockApres: number) =>
    `= ${formatPlateaux(oeufs)} ajoutés au stock de « ${nom} » (+${formatNombre(unites)}, stock ${formatNombre(stockApres)} ensuite).`,
  enStock: (oeufs: number) => `En stock aujourd'hui : ${formatPlateaux(oeufs)} (${formatNombre(oeufs)} œufs).`,
  enPlateaux: (oeufs: number) => `Soit ${formatPlateaux(oeufs)} (${formatNombre(oeufs)} œufs).`,
  saisirQuantite: 'Saisissez la quantité.',
  motifRequis: 'Le motif est requis (au moins 3 caractères)',
  dateFuture: 'La date ne peut pas être dans le futur.',
  avantDemarrage: (debut: string) => `La date ne peut pas précéder le démarrage de la bande (${formatJour(debut)}).`,
  /** A warning line of the stock: an exit recorded before the stock existed left without its eggs. */
  rupture: (date: string, calibre: string | null, oeufs: number) =>
    `Le ${formatJour(date)} : ${formatPlateaux(oeufs)}${calibre ? ` de calibre ${calibre}` : ''} sortis sans être en stock (saisies antérieures au stock d'œufs). À vérifier.`,
  annulerEnvoi: "Annuler l'envoi",
  annulerCasse: 'Annuler la casse',
  questionEnvoi: (date: string, oeufs: number, produit: string) =>
    `Annuler l'envoi du ${formatJour(date)} (${formatPlateaux(oeufs)} vers « ${produit} ») ? Les œufs reviennent dans le stock de la bande et sortent du stock du produit.`,
  questionCasse: (date: string, oeufs: number) => `Annuler la casse du ${formatJour(date)} (${formatPlateaux(oeufs)}) ? Les œufs reviennent dans le stock.`,
  pasPondeuse: "Cette bande n'est pas une bande de pondeuses : elle n'a pas de stock d'œufs.",
  bandeArchivee: "Bande archivée : son stock d'œufs se consulte, sans nouvelle saisie.",
  genres: { collecte: 'Collecte', vente: 'Vente', casse: 'Casse', transfert: 'Envoi boutique' } as Record<string, string>,
} as const;
