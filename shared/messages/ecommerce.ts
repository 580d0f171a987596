// French messages of the online shop (spec part 2 §5, §8: online products, online orders) and of
// the public storefront, shared by the server and the screens.
// Spec typos fixed here (docs/decisions.md): "de la l'enregistrement" → "de l'enregistrement",
// "commande annulé" → "Commande annulée".
import { stockVitrineMsg } from '../ecommerce';

export const ECOM_MSG = {
  // online products (spec §8)
  imageRequired: 'veuillez choisir une image',
  imageSaveFailed: "Erreur lors de l'enregistrement de l'image",
  imageNotImage: 'Seules les images sont acceptées (JPEG, PNG, WebP, GIF ou HEIC).',
  imageTooLarge: (mo: number) => `L'image est trop lourde : au plus ${mo} Mo.`,
  /** Under the photo picker: the limit stated before the seller picks. */
  photoHint: (mo: number) => `Photos de ${mo} Mo au plus : elles sont réduites sur votre appareil avant l'envoi.`,
  /** A picked photo over the device's limit. */
  photoTooLarge: (nom: string, mo: number) => `La photo « ${nom} » est trop lourde : ${mo} Mo au plus.`,
  imageTooBig: "L'image est trop grande (au plus 40 mégapixels).",
  imageUnknown: 'Image introuvable : veuillez la charger à nouveau.',
  tooManyImages: (n: number) => `Au plus ${n} images par produit.`,
  publishFailed: 'Erreur lors de la mise en ligne',
  published: 'Produit mis en ligne',
  alreadyPublished: 'Ce produit est déjà en ligne.',
  notPublished: "Ce produit n'est pas en ligne.",
  unpublished: 'Produit retiré de la vitrine',
  added: "Produit ajouté, veuillez le publier pour qu'il soit en ligne",
  updated: 'Produit modifié',
  produitEcomNotFound: 'Produit en ligne introuvable.',
  publishLimit: (n: number) => `Vous avez atteint le nombre de produits en ligne autorisé par votre plan (${n}).`,
  // online orders (spec §8)
  commandeNotFound: 'Commande introuvable.',
  commandeChanged: 'Cette commande a changé entre-temps, veuillez réessayer.',
  canceled: 'Commande annulée',
  cancelFailed: "Une erreur est survenue lors de l'annulation de la commande",
  updated_commande: 'Commande mise à jour',
  alreadyCanceled: 'Cette commande est déjà annulée.',
  notCancelable: 'Une commande payée ou livrée ne peut plus être annulée.',
  notEditable: 'Seule une commande en attente peut être modifiée.',
  alreadyPayed: 'Cette commande est déjà payée.',
  alreadyDelivered: 'Cette commande est déjà livrée.',
  canceledNoAction: 'Cette commande est annulée.',
  editFailed: 'Une erreur est survenue lors de la modification de la commande',
  payFailed: 'Une erreur est survenue lors du marquage de la commande comme payée',
  deliverFailed: 'Une erreur est survenue lors du marquage de la commande comme livrée',
  updateFailed: 'Une erreur est survenue lors de la modification de la commande',
  // public storefront
  vitrineUnavailable: "Ce produit n'est plus disponible en ligne.",
  vendeurNotFound: 'Vendeur introuvable.',
  vitrinePageInvalide: 'Page suivante introuvable, relancez la recherche.',
  villeInconnue: "Choisissez la ville dans la liste (villes du Sénégal et de Côte d'Ivoire).",
  stockVitrine: stockVitrineMsg,
  orderPlaced: 'Commande envoyée ! Le vendeur va vous appeler pour la livraison.',
  /** A product's write that lost a race with another (its version changed): 409. */
  produitChanged: 'Ce produit a changé entre-temps, veuillez réessayer.',
  orderRateLimited: 'Trop de commandes depuis cette connexion, veuillez réessayer dans quelques minutes.',
  /** Per buyer's number and seller: said to the buyer, who can still call the seller. */
  phoneRateLimited: 'Trop de commandes chez ce vendeur avec ce numéro de téléphone, veuillez réessayer plus tard ou appeler le vendeur.',
  /** Per address and seller: one connection cannot fill one seller's order list. */
  sellerFromAddressLimited: "Trop de commandes pour ce vendeur depuis cette connexion aujourd'hui, veuillez appeler le vendeur.",
  numeroBloqueVitrine: "Ce vendeur n'accepte plus les commandes en ligne de ce numéro.",
  // blocked numbers (the seller's online orders screen)
  bloquerAction: 'Bloquer ce numéro et annuler ses commandes',
  bloquerConfirm: (telephone: string, n: number) =>
    n > 0
      ? `Bloquer le ${telephone} ? Ses ${n} commande${n > 1 ? 's' : ''} en attente ser${n > 1 ? 'ont' : 'a'} annulée${n > 1 ? 's' : ''} et il ne pourra plus commander en ligne chez vous.`
      : `Bloquer le ${telephone} ? Il ne pourra plus commander en ligne chez vous.`,
  bloque: (telephone: string, n: number) => `Numéro ${telephone} bloqué${n > 0 ? ` : ${n} commande${n > 1 ? 's' : ''} annulée${n > 1 ? 's' : ''}` : ''}.`,
  bloquerSansNumero: "Cette commande n'a pas de numéro de téléphone lisible à bloquer.",
  numerosBloques: 'Numéros bloqués',
  debloquer: 'Débloquer',
  debloque: (telephone: string) => `Numéro ${telephone} débloqué.`,
  numeroPasBloque: "Ce numéro n'est pas bloqué.",
  bloquerFailed: 'Une erreur est survenue lors du blocage du numéro',
} as const;

/** The field texts of shared/schemas/boutiques.ts: each rule's words, word for word as the forms and the API show them. */
export const BOUTIQUES_SCHEMA_MSG = {
  nom: 'Nom',
  indicatifInvalide: 'Indicatif invalide',
  boutique: 'Boutique',
};

/** The field texts of shared/schemas/ecommerce.ts: each rule's words, word for word as the forms and the API show them. */
export const ECOMMERCE_SCHEMA_MSG = {
  plusImages: (maxImages: string | number) => `Au plus ${maxImages} images`,
  ville: 'Ville',
  imageInvalide: 'Image invalide',
  produit: 'Produit',
  choisirProduit: 'Veuillez choisir un produit.',
  nomProduit: 'Nom du produit',
  prixUnitaire: 'Le prix unitaire',
  prixUnitaireRequis: 'Le prix unitaire est requis',
  choisirTypeProduit: 'Veuillez choisir le type de produit',
  adresse: 'Adresse',
  description: 'Description',
  choisissezPublierNon: 'Choisissez de publier ou non.',
  produitLigne: 'Produit en ligne',
  attente: 'En attente',
  livre: 'Livré',
  paye: 'Payé',
  payeLivre: 'Payé et livré',
  annulee: 'Annulée',
  commande: 'Commande',
  quantite: 'La quantité',
  quantiteRequise: 'La quantité est requise',
  typeProduitInvalide: 'Type de produit invalide',
  pageSuivanteInvalideRelancez: 'Page suivante invalide, relancez la recherche',
  nombreProduitsParPage: 'Nombre de produits par page invalide (1 à 100)',
  vendeur: 'Vendeur',
  prenom: 'Prénom',
  nom: 'Nom',
};
