// French texts of shared documents: the API's refusals and the public page's words.
// The page is rendered by the server (functions/partage/page.ts); its texts live here like every
// other French text of the product.
import { formatJour } from '../dates';

export const PARTAGE_MSG = {
  // API refusals.
  venteNotFound: 'Vente introuvable',
  versementNotFound: 'Remboursement introuvable',
  commandeNotFound: 'Commande introuvable',
  bandeNotFound: 'Bande introuvable',
  clientNotFound: 'Client introuvable',
  lienNotFound: 'Lien introuvable',
  finFuture: 'La fin du relevé ne peut pas être dans le futur.',
  lienInvalide: 'Lien invalide',
  // The public page.
  etatAu: (quand: string) => `État au ${quand}`,
  introuvableTitre: 'Lien introuvable',
  introuvable: "Ce lien n'existe pas ou a été mal recopié. Demandez à l'expéditeur de vous le renvoyer.",
  expireTitre: 'Ce lien a expiré',
  expire: (jour: string) => `Ce lien a expiré le ${formatJour(jour)}. Demandez à l'expéditeur de vous envoyer un nouveau lien.`,
  retireTitre: 'Ce lien a été retiré',
  retire: (par: string | null) => (par ? `Ce lien a été retiré par ${par}. Demandez-lui un nouveau lien si besoin.` : "Ce lien a été retiré par l'expéditeur."),
  tropTitre: 'Trop de demandes',
  trop: 'Trop de pages ouvertes depuis votre connexion. Réessayez dans quelques minutes.',
  annulee: 'annulée',
  venteAnnulee: 'Cette vente a été annulée.',
  versementAnnule: 'Ce remboursement a été annulé.',
  remisePourcent: (v: number) => `Remise ${String(v).replace('.', ',')} %`,
  remiseMontant: (montant: string) => `Remise ${montant}`,
  resteApresVente: 'Reste à payer après cette vente',
  resteAPayer: 'Reste à payer',
  compteSolde: 'Compte soldé',
};

/** The field texts of shared/schemas/partage.ts: each rule's words, word for word as the forms and the API show them. */
export const PARTAGE_SCHEMA_MSG = {
  typeDocumentInvalide: 'Type de document invalide',
  document: 'Document',
  documentRequis: 'Document requis',
  dureeInvalide: 'Durée invalide',
  lienVitJoursPlus: (partageJoursMax: string | number) => `Un lien vit ${partageJoursMax} jours au plus`,
  relanceInvalide: 'Relance invalide',
  periodeReleveRequise: 'Période du relevé requise',
  dateDebutPrecederDate: 'La date de début doit précéder la date de fin',
  seulReleveCompteRelance: 'Seul un relevé de compte est une relance',
  lienInvalide: 'Lien invalide',
  donnezLienSonIdentifiant: 'Donnez le lien ou son identifiant',
};
