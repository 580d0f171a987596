// French messages of users and rights (spec part 2 §5, §8), shared by the server and the screens.
export const UTILISATEUR_MSG = {
  exists: "L'utilisateur existe déjà",
  limit: "Vous avez atteint le nombre d'utilisateurs autorisé",
  addFailed: "Une erreur est survenue lors de l'ajout de l'utilisateur",
  updateFailed: "Une erreur est survenue lors de la modification de l'utilisateur",
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

/** The field texts of shared/schemas/utilisateurs.ts: each rule's words, word for word as the forms and the API show them. */
export const UTILISATEURS_SCHEMA_MSG = {
  fonctionnaliteInconnue: 'Fonctionnalité inconnue',
  droitInvalideAttenduR: "Droit invalide (attendu : 'r' ou '')",
  prenom: 'Prénom',
  nom: 'Nom',
  roleInvalideVendeurProduction: 'Rôle invalide (vendeur, production ou admin)',
  boutique: 'Boutique',
  tropDroits: 'Trop de droits',
  utilisateur: 'Utilisateur',
  actifInvalideTrueFalse: 'Actif invalide (true ou false)',
};
