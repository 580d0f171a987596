// French messages of the shop domains (spec part 2 §5 and §8), shared by the server and the screens.
// Spec typos fixed here (listed in docs/decisions.md): "dèja enrégistré" → "déjà enregistré",
// "autorisée" → "autorisées", "Erreur,veuillez reéssayer" → "Erreur, veuillez réessayer",
// "de la l'annulation" → "de l'annulation", "mise a jour" → "mise à jour", "Montant superieur au
// créance" → "Montant supérieur à la créance", "pour un EMPRUNT" → "pour une vente à crédit",
// "Reapprovisionnement annulé" → "Réapprovisionnement annulé".
import { de } from './elision';
export const SHOP_MSG = {
  // clients
  clientExists: 'Le client est déjà enregistré.',
  clientNotFound: 'Client introuvable.',
  clientNotFoundSearch: "Impossible de trouver le client, veuillez l'enregistrer d'abord",
  clientRequired: 'Veuillez choisir le client.',
  // products and restock
  produitNotFound: 'Produit introuvable.',
  produitSaveFailed: 'Erreur, veuillez réessayer plus tard.',
  /** Asked before a product priced 0 FCFA is saved (a price left at 0 by mistake sells for nothing). */
  prixVenteZero: 'Le prix de vente est de 0 FCFA : ce produit sera donné, pas vendu.',
  reapproNotFound: 'Approvisionnement introuvable.',
  reapproAlreadyCanceled: 'Cet approvisionnement est déjà annulé.',
  reapproStockGone: (restant: number, quantite: number, produit: string) =>
    `Impossible d'annuler cet approvisionnement : il ne reste que ${restant} ${produit} en stock, moins que les ${quantite} approvisionnés.`,
  /** A restock of origin « Production » leaves only with its source. */
  reapproProduction: (source: 'oeufs' | 'abattage') =>
    source === 'oeufs'
      ? "Cet approvisionnement vient de la production (œufs envoyés d'une bande) : annulez l'envoi d'œufs depuis la bande."
      : "Cet approvisionnement vient de la production (un abattage) : modifiez ou annulez l'abattage.",
  reapproCanceled: 'Réapprovisionnement annulé',
  ajustementSaved: 'Stock ajusté',
  ajustementSame: (n: number, produit: string) => `Le stock ${de(produit)} est déjà de ${n} : rien à ajuster.`,
  /** An archive and a publication of one of its online products sent at the same moment, past the retries. */
  archiveBusy: "Ce produit est en train d'être mis en ligne, veuillez réessayer.",
  ajustementBusy: 'Le stock de ce produit change en ce moment (ventes en cours) : recomptez puis réessayez.',
  ajustementNotCancelable: "Un ajustement d'inventaire ne s'annule pas : faites un nouvel ajustement.",
  reapproCancelFailed: "Une erreur est survenue lors de l'annulation de l'approvisionnement",
  // stock (sale, order delivery)
  stockInsufficient: (n: number, produit: string) => `Il n'y a que ${n} ${produit} disponible`,
  // orders
  commandeNotFound: 'Commande introuvable.',
  commandeSaved: 'Commande enregistrée',
  commandeSaveFailed: "Une erreur est survenue lors de l'enregistrement de la commande",
  commandeUpdated: 'Commande mise à jour',
  commandeDelivered: 'Cette commande est déjà livrée.',
  commandeAccompteTooHigh: "L'acompte ne peut pas dépasser le montant total de la commande.",
  commandeLastLine: 'Une commande doit contenir au moins un produit.',
  commandeLineMissing: 'Ce produit ne figure pas dans la commande.',
  commandeProduitRequired: 'Veuillez choisir un produit.',
  dateLivraisonPassee: 'La date de livraison ne peut pas être dans le passé.',
  dateLivraisonTropLoin: (max: string) => `La date de livraison ne peut pas dépasser le ${max} (un an au plus).`,
  // repayments
  montantTooHigh: 'Montant supérieur à la créance',
  versementSaved: 'Versement enregistré',
  versementCanceled: 'Versement annulé',
  /** Spec §8: an order's generic failure; a refusal the user can act on adds the server's reason. */
  commandeActionFailed: 'Erreur',
  clientSaveFailed: 'Erreur, veuillez réessayer plus tard.',
  venteCanceled: 'Vente annulée',
  versementNotFound: 'Versement introuvable.',
  /** The receipt of a repayment not found among the client's (the screen says « Remboursement », the spec's word there). */
  versementIntrouvable: 'Remboursement introuvable.',
  versementAlreadyCanceled: 'Ce versement est déjà annulé.',
  /** Debt invariant: a cancel never floors the creance at 0; it is refused instead. */
  venteRembourseeAnnulation: "Ce client a déjà remboursé tout ou partie de cette vente : annulez d'abord le remboursement.",
  // shops
  boutiqueLimit: 'Vous avez atteint le nombre de boutiques autorisées',
  boutiqueCreateFailed: "Une erreur s'est produite lors de la création de votre boutique. Veuillez réessayer ultérieurement.",
  boutiqueUpdateFailed: "Une erreur s'est produite lors de la modification de votre boutique. Veuillez réessayer ultérieurement.",
  boutiqueCreated: 'Boutique créée',
  boutiqueUpdated: 'Boutique modifiée',
  boutiqueNotFound: 'Boutique introuvable.',
  boutiqueMissing: "Aucune boutique n'est enregistrée : veuillez d'abord créer une boutique.",
  // sales
  empruntClient: 'Le client est obligatoire pour une vente à crédit',
  remiseMontant: 'La remise doit être inférieure au prix unitaire',
  remisePourcentage: 'Le pourcentage de remise doit être inférieur à 100',
  remiseEntiere: 'La remise en montant doit être un nombre entier de FCFA',
  venteSaved: 'Vente enregistrée',
  venteSaveFailed: "Une erreur est survenue lors de l'enregistrement de la vente",
  venteCancelFailed: "Une erreur est survenue lors de l'annulation de cette vente",
  venteNotFound: 'Vente introuvable.',
  venteAlreadyDeleted: 'Cette vente est déjà annulée.',
  /** A ledger line written by an order's delivery or payment belongs to that order. */
  venteDeCommande: (numero: string) => `Cette ligne vient de la commande ${numero} : elle ne peut pas être annulée depuis l'historique des ventes.`,
  venteDeCommandeEnLigne: (numero: string) => `Cette ligne vient de la commande en ligne ${numero}, payée ou livrée : elle ne peut pas être annulée.`,
  venteLines: 'Ajoutez au moins un produit.',
  bandeNotFound: 'Bande introuvable.',
  datesOrder: 'La date de début doit précéder la date de fin.',
  /** An order's write that lost a race with another (its version changed): 409. */
  commandeChanged: 'La commande a été modifiée entre-temps, veuillez réessayer.',
  /** A sale of a closed batch cannot be cancelled (its birds and figures are final). */
  bandeClosedCancel: 'La bande de cette vente est clôturée : la vente ne peut plus être annulée.',
  /** A dialog's title naming the client, elided before a vowel or a mute h ("Commande d'Ibrahima"). */
  orderOf: (nom: string) => `Commande ${de(nom)}`,
  /** A sale's type as sellers read it; the API values stay DIRECT, DON, EMPRUNT. */
  saleType: { DIRECT: 'Comptant', DON: 'Don', EMPRUNT: 'À crédit' } as Record<string, string>,
} as const;

/** The field texts of shared/schemas/clients.ts: each rule's words, word for word as the forms and the API show them. */
export const CLIENTS_SCHEMA_MSG = {
  prenom: 'Prénom',
  nom: 'Nom',
};

/** The field texts of shared/schemas/commandes.ts: each rule's words, word for word as the forms and the API show them. */
export const COMMANDES_SCHEMA_MSG = {
  quantite: 'La quantité',
  quantiteRequise: 'La quantité est requise',
  produit: 'Produit',
  choisirProduit: 'Veuillez choisir un produit.',
  client: 'Client',
  choisirClient: 'Veuillez choisir le client.',
  ajoutezMoinsProduit: 'Ajoutez au moins un produit.',
  plusProduitsParCommande: (maxCommandeLines: string | number) => `Au plus ${maxCommandeLines} produits par commande.`,
  acomptePositifNul: "L'acompte doit être positif ou nul",
  commande: 'Commande',
  numeroCommandeInvalide: 'Numéro de commande invalide',
};

/** The field texts of shared/schemas/produits.ts: each rule's words, word for word as the forms and the API show them. */
export const PRODUITS_SCHEMA_MSG = {
  nombre: (label: string | number) => `${label} doit être un nombre`,
  nombreEntier: (label: string | number) => `${label} doit être un nombre entier`,
  peut: (label: string | number, negatif: string | number) => `${label} ne peut pas être ${negatif}`,
  depasser: (label: string | number, v: string | number) => `${label} ne doit pas dépasser ${v}`,
  nom: 'Nom',
  quantite: 'La quantité',
  negative: 'négative',
  prixCession: 'Le prix de cession',
  negatif: 'négatif',
  prixVente: 'Le prix de vente',
  nombreOeufsParUnite: "Le nombre d'œufs par unité doit être un nombre",
  nombreOeufsParUnite2: "Le nombre d'œufs par unité doit être un nombre entier",
  nombreOeufsParUnite3: "Le nombre d'œufs par unité doit être au moins 1",
  nombreOeufsParUnite4: "Le nombre d'œufs par unité ne doit pas dépasser 360",
  produit: 'Produit',
  choisirProduit: 'Veuillez choisir un produit.',
  quantiteRequise: 'La quantité est requise',
  stockCompte: 'Le stock compté',
  stockCompteRequis: 'Le stock compté est requis',
  motifRequis: 'Le motif est requis',
  motifRequisMoins3: 'Le motif est requis (au moins 3 caractères)',
  motifDepasser200Caracteres: 'Le motif ne doit pas dépasser 200 caractères',
};

/** The field texts of shared/schemas/ventes.ts: each rule's words, word for word as the forms and the API show them. */
export const VENTES_SCHEMA_MSG = {
  produit: 'Produit',
  choisirProduit: 'Veuillez choisir un produit.',
  quantite: 'La quantité',
  quantiteRequise: 'La quantité est requise',
  typeRemiseInvalide: 'Type de remise invalide',
  remiseNombre: 'La remise doit être un nombre',
  remisePositive: 'La remise doit être positive',
  remiseInferieurePrixUnitaire: 'La remise doit être inférieure au prix unitaire',
  remisePlus2Decimales: 'La remise : au plus 2 décimales',
  plusProduitsParVente: (maxVenteLines: string | number) => `Au plus ${maxVenteLines} produits par vente.`,
  typeVenteInvalide: 'Type de vente invalide',
  dateDebut: 'Date de début',
  dateFin: 'Date de fin',
  vente: 'Vente',
};

/** The field texts of shared/schemas/versements.ts: each rule's words, word for word as the forms and the API show them. */
export const VERSEMENTS_SCHEMA_MSG = {
  client: 'Client',
  choisirClient: 'Veuillez choisir le client.',
  montant: 'Le montant',
  montantSuperieur0: 'Le montant doit être supérieur à 0',
  recherche: 'La recherche',
};
