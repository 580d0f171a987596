// French messages of archiving and restoring, shared by the server and the screens.
import { formatFcfa } from '../format';

export const ARCHIVE_MSG = {
  produitArchived: 'Produit archivé : il ne figure plus dans les listes ni dans les ventes. Son historique est gardé.',
  produitRestored: 'Produit restauré',
  clientArchived: 'Client archivé : il ne figure plus dans les listes. Son historique est gardé.',
  clientRestored: 'Client restauré',
  bandeArchived:
    "Bande archivée : elle ne figure plus dans les listes ni dans les bandes, sujets, mortalité et coût du tableau de bord. Ses dépenses et ventes restent dans l'argent de la période.",
  bandeRestored: 'Bande restaurée',
  /** A product on the storefront cannot leave the lists while buyers can still order it. */
  produitEnLigne: "Ce produit est en vente sur la vitrine : retirez-le d'abord de la vitrine (Produits en ligne), puis archivez-le.",
  /** An archived product is not put online. */
  produitArchive: 'Ce produit est archivé : restaurez-le avant de le mettre en ligne.',
  /** A client who still owes money stays in the list (the debt total counts the clients shown). */
  clientCreance: (montant: number) => `Ce client doit encore ${formatFcfa(montant)} : il ne peut être archivé qu'une fois sa créance soldée.`,
  /** Nothing may add a debt to an archived client (credit sale, delivered order, cancelled repayment). */
  clientArchive: 'Ce client est archivé : restaurez-le (Clients, « Afficher les archivés ») avant de lui vendre à crédit ou de livrer sa commande.',
  /** A new client with the phone of an archived one. */
  clientTelArchive: 'Ce numéro appartient à un client archivé : restaurez-le depuis la liste des clients (« Afficher les archivés »).',
  /** An archived batch takes no entry (like a closed one) until restored. */
  bandeArchivee: 'Cette bande est archivée : restaurez-la pour y saisir des données.',
  failed: "L'opération n'a pas pu être faite, veuillez réessayer.",
} as const;

/** The field texts of shared/schemas/archives.ts: each rule's words, word for word as the forms and the API show them. */
export const ARCHIVES_SCHEMA_MSG = {
  identifiant: 'Identifiant',
  identifiantRequis: 'Identifiant requis',
  choisissezArchiverRestaurer: "Choisissez d'archiver ou de restaurer.",
  filtreArchivesInvalide: 'Filtre des archivés invalide.',
};
