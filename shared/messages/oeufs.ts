// French messages of a layer flock's egg stock and of what the shed sends to the shop.
// Shared by the server and the screens.
import { formatJour } from '../dates';
import { formatNombre } from '../format';
import { formatPlateaux, NOMS_CALIBRES, type Calibre } from '../formulas/oeufs';

const deCalibre = (c: Calibre | null) => (c ? ` de calibre ${NOMS_CALIBRES[c]}` : '');

export const OEUFS_MSG = {
  bandeNotFound: 'Bande introuvable',
  pasPondeuse: "Cette bande n'est pas une bande de pondeuses : elle n'a pas de stock d'œufs.",
  transfertNotFound: 'Envoi introuvable',
  casseNotFound: 'Casse introuvable',
  dejaAnnule: 'Cette saisie est déjà annulée.',
  produitNotFound: 'Produit introuvable',
  produitArchive: 'Ce produit est archivé : restaurez-le avant de lui envoyer des œufs.',
  /** A move to a product that does not say how many eggs one of its units holds. */
  produitSansOeufs: (nom: string) => `« ${nom} » n'est pas un produit d'œufs : indiquez sur sa fiche combien d'œufs contient une unité (30 pour un plateau).`,
  /** The eggs of a move must make whole units of the product. */
  unitesEntieres: (oeufs: number, parUnite: number, nom: string) =>
    `${formatNombre(oeufs)} œufs ne font pas un nombre entier de « ${nom} » (${formatNombre(parUnite)} œufs par unité).`,
  /** The 409 of an exit that would take eggs that were not there on a day: what was there that day. */
  stockInsuffisant: (date: string, calibre: Calibre | null, disponible: number, demande: number) =>
    `Stock d'œufs insuffisant le ${formatJour(date)} : ${formatNombre(disponible)} œufs${deCalibre(calibre)} en stock ce jour-là (${formatPlateaux(disponible)}) pour ${formatNombre(demande)} demandés.`,
  /** The same refusal, said of a collection's cancel or decrease. */
  collecteNecessaire: (date: string, calibre: Calibre | null, disponible: number, demande: number) =>
    `Impossible : sans ces œufs, le stock${deCalibre(calibre)} du ${formatJour(date)} serait de ${formatNombre(disponible)} œufs pour ${formatNombre(demande)} déjà sortis (vendus, cassés ou envoyés à la boutique).`,
  /** A move's (or a slaughter's) cancel when the shop already sold what it added. */
  dejaVendu: (nom: string, stock: number, quantite: number) =>
    `Annulation impossible : la boutique a déjà vendu une partie de « ${nom} » (${formatNombre(stock)} en stock pour ${formatNombre(quantite)} à reprendre).`,
  transfertEnregistre: 'Œufs envoyés à la boutique',
  transfertAnnule: 'Envoi annulé : les œufs sont revenus dans le stock de la bande',
  casseEnregistree: 'Casse enregistrée',
  casseAnnulee: 'Casse annulée',
  /** A size named on a sale that sells no eggs (a broiler batch's birds, réforme hens). */
  calibreSansOeufs: "Un calibre ne s'indique que pour une vente d'œufs.",
  /** Eggs are counted whole: trays of 30 or eggs. */
  oeufsEntiers: "La quantité doit faire un nombre entier d'œufs.",
  /**
   * A shop sale naming a batch with a line of an egg product: those eggs left the flock when they
   * were sent to the shop, the sale would count them a second time (decision 0245).
   */
  venteBoutiqueProduitOeufs: (nom: string) =>
    `« ${nom} » vient déjà du stock d'œufs d'une bande (envoyé à la boutique) : enregistrez cette vente sans choisir de bande, ses œufs ne sortiraient pas deux fois.`,
  /** Moves need the products' right beside the batches'. */
  droitProduits: "Vous n'avez pas le droit de modifier les produits : demandez-le à l'administrateur.",
};

/** The field texts of shared/schemas/oeufs.ts: each rule's words, word for word as the forms and the API show them. */
export const OEUFS_SCHEMA_MSG = {
  plateaux30: 'Plateaux de 30',
  uniteInvalideOeufPlateau: 'Unité invalide (oeuf ou plateau)',
  calibreInvalideSM: 'Calibre invalide (s, m, l ou xl)',
  quantite: 'La quantité',
  quantiteRequise: 'La quantité est requise',
  produit: 'Produit',
  choisirProduit: 'Veuillez choisir un produit.',
  motifRequis: 'Le motif est requis',
  motifRequisMoins3: 'Le motif est requis (au moins 3 caractères)',
  motifDepasser200Caracteres: 'Le motif ne doit pas dépasser 200 caractères',
  ufsCasses: 'Œufs cassés',
  ufsFeles: 'Œufs fêlés',
};
