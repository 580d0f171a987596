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
  /** The new user's mail: who created the account, for which business, and how to sign in. */
  welcomeMail: (u: { prenom: string; email: string; entreprise: string }, by: { prenom: string; nom: string }, temporary: string | null) => ({
    subject: 'Votre compte Ganaar',
    text: [
      `Bonjour ${u.prenom},`,
      '',
      `${by.prenom} ${by.nom} vous a créé un compte Ganaar pour ${u.entreprise}.`,
      `Connectez-vous à Ganaar (page Connexion) avec votre adresse ${u.email}`,
      temporary ? `et ce mot de passe temporaire : ${temporary}` : 'et le mot de passe que votre administrateur vous a communiqué.',
      'Changez-le dès votre première connexion (menu du compte → Profil).',
    ].join('\n'),
  }),
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
