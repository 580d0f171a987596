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
  sellerOrdersLimited: 'Ce vendeur reçoit beaucoup de commandes en ce moment, veuillez réessayer dans quelques minutes.',
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
  stockVitrine: stockVitrineMsg,
  orderPlaced: 'Commande envoyée ! Le vendeur va vous appeler pour la livraison.',
  orderRateLimited: 'Trop de commandes depuis cette connexion, veuillez réessayer dans quelques minutes.',
} as const;
