// French messages of users and rights and of slaughter records (spec part 2 §5, §8), shared by the
// server and the screens. Kept verbatim as the issue quotes them: "L'utilisateur exist déja",
// "Cette categorie existe déja".
import { formatJour } from './dates';
export const USER_MSG = {
  exists: "L'utilisateur exist déja",
  limit: "Vous avez atteint le nombre d'utilisateurs autorisé",
  addFailed: "Une erreur est survenue lors de l'ajout de l'utilisateur",
  updateFailed: 'Une erreur est survenue lors de la modification de l\'utilisateur',
  added: 'Utilisateur ajouté',
  updated: 'Utilisateur modifié',
  notFound: 'Utilisateur introuvable.',
  boutiqueNotFound: 'Boutique introuvable.',
  escalation: 'Vous ne pouvez pas accorder un rôle ou un droit que vous ne détenez pas.',
  tooPowerful: 'Vous ne pouvez pas modifier un utilisateur qui a plus de droits que vous.',
  lastAdmin: "Impossible : c'est le dernier administrateur de l'entreprise. Nommez d'abord un autre administrateur.",
  emailAdminOnly: "Seul un administrateur peut changer l'adresse e-mail d'un autre utilisateur.",
  disableSelf: 'Vous ne pouvez pas désactiver votre propre compte.',
  emailChangedMail: (nouvelle: string) => ({
    subject: 'Votre adresse e-mail Ganaar a été changée',
    text: [
      'Bonjour,',
      '',
      `L'adresse e-mail de votre compte Ganaar vient d'être remplacée par ${nouvelle}.`,
      'Vos sessions ouvertes ont été fermées.',
      "Si vous n'êtes pas à l'origine de ce changement, contactez l'administrateur de votre entreprise.",
    ].join('\n'),
  }),
} as const;

export const ABATAGE_MSG = {
  saved: 'Abatage enregistré',
  failed: 'Une erreur est survenue lors du traitement de votre requete, veuillez reessayer plus tard.',
  notFound: 'Abatage introuvable.',
  bandeNotFound: 'Bande introuvable.',
  bandeClosed: 'Cette bande est clôturée : aucun abatage ne peut y être enregistré.',
  duplicateCategory: 'Cette categorie existe déja',
  categoriesSum: 'La somme des quantités des catégories doit être égale au nombre total de sujets abattus.',
  minMax: 'Le poids minimum doit être inférieur ou égal au poids maximum.',
  tooMany: (n: number) => `Il ne reste que ${n} sujet${n > 1 ? 's' : ''} vivant${n > 1 ? 's' : ''} dans cette bande.`,
  // Dates within reality (issue 17), the batch entries' own texts (shared/schemas/bandes.ts BANDE_MSG reads them here).
  dateFuture: 'La date ne peut pas être dans le futur.',
  dateBeforeStart: (day: string) => `La date ne peut pas précéder le démarrage de la bande (le ${formatJour(day)}).`,
} as const;
