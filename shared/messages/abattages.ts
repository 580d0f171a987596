// French messages of slaughter records (spec part 2 §5, §8) and of the dates within reality every
// batch entry shares, shared by the server and the screens.
import { formatJour } from '../dates';
import { formatNumber } from '../format';

export const ABATTAGE_MSG = {
  saved: 'Abattage enregistré',
  failed: 'Une erreur est survenue lors du traitement de votre requête, veuillez réessayer plus tard.',
  notFound: 'Abattage introuvable.',
  categoryNotFound: 'Catégorie introuvable.',
  bandeNotFound: 'Bande introuvable.',
  bandeClosed: 'Cette bande est clôturée : aucun abattage ne peut y être enregistré.',
  duplicateCategory: 'Cette catégorie existe déjà',
  categoriesSum: 'La somme des quantités des catégories doit être égale au nombre total de sujets abattus.',
  minMax: 'Le poids minimum doit être inférieur ou égal au poids maximum.',
  // The shop products a slaughter's categories become, and the slaughter's cancel.
  produitNotFound: 'Produit introuvable.',
  produitArchive: (nom: string) => `Le produit ${nom} est archivé : restaurez-le avant d'y mettre des sujets abattus.`,
  produitOeufs: (nom: string) => `Le produit ${nom} est un produit d'œufs : les sujets abattus vont dans un produit de viande.`,
  tropDeProduits: (n: number) => `Au plus ${n} catégories d'un abattage peuvent alimenter un produit de la boutique.`,
  droitProduits: "Vous n'avez pas le droit de modifier les produits : un abattage qui alimente la boutique le demande.",
  annule: 'Abattage annulé : les sujets sont revenus dans la bande et le stock de la boutique a été repris.',
  dejaAnnule: 'Cet abattage est déjà annulé.',
  annuleNonModifiable: 'Cet abattage est annulé : il ne peut plus être modifié.',
  annulationBandeClose: "La bande de cet abattage est clôturée ou archivée : ses sujets ne peuvent plus y revenir, l'abattage ne peut pas être annulé.",
  // An offline slaughter in the lists of unsent entries.
  enAttente: (n: number, jour: string, modif: boolean) =>
    `${modif ? 'Modification de l’abattage' : 'Abattage'} du ${formatJour(jour)} : ${formatNumber(n)} sujet${n > 1 ? 's' : ''}`,
  tooMany: (n: number) => `Il ne reste que ${n} sujet${n > 1 ? 's' : ''} vivant${n > 1 ? 's' : ''} dans cette bande.`,
  // Dates within reality, the batch entries' own texts (shared/schemas/bandes/ BANDE_MSG reads them here).
  dateFuture: 'La date ne peut pas être dans le futur.',
  dateBeforeStart: (day: string) => `La date ne peut pas précéder le démarrage de la bande (le ${formatJour(day)}).`,
} as const;

/** The field texts of shared/schemas/abattages.ts: each rule's words, word for word as the forms and the API show them. */
export const ABATTAGES_SCHEMA_MSG = {
  requis: (label: string | number) => `${label} requis`,
  moins01: (label: string | number) => `${label} doit être au moins 0,1`,
  depasserKg: (label: string | number, maxPoids: string | number) => `${label} ne doit pas dépasser ${maxPoids} kg`,
  plus3Decimales: (label: string | number) => `${label} : au plus 3 décimales`,
  quantiteCategorie: 'La quantité de la catégorie',
  quantiteCategorieRequise: 'La quantité de la catégorie est requise',
  poidsMinimum: 'Le poids minimum',
  poidsMaximum: 'Le poids maximum',
  produitInvalide: 'Produit invalide',
  identifiantInvalide: 'Identifiant invalide',
  nombreSujetsAbattus: 'Le nombre de sujets abattus',
  nombreSujetsAbattusRequis: 'Le nombre de sujets abattus est requis',
  bande: 'Bande',
  choisirBande: 'Veuillez choisir la bande.',
  plus50Categories: 'Au plus 50 catégories',
  categorie: 'Catégorie',
};
