// French messages of access and accounts (spec part 1 §8): sign-up, login, password recovery,
// profile, the subscription check, the server's generic answers, and the field rules of the public
// screens (shared/schemas/rules.ts). Typos of the spec are fixed here and listed in docs/decisions.md.
export const MSG = {
  // access
  loginFailed: 'Email ou mot de passe incorrect',
  loginLocked: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.',
  emailUsed: 'Votre adresse email est déjà utilisée.',
  signupUnknown: "Une erreur inconnue s'est produite au niveau du serveur, veuillez réessayer.",
  signupDone: 'Votre compte a bien été créé.',
  passwordsDiffer: 'Les mots de passe ne sont pas identiques',
  noAccountForEmail: 'Aucun compte lié à cette adresse email',
  otpInvalid: 'Code invalide ou expiré',
  resetFailed: 'Une erreur est survenue lors de la mise à jour du mot de passe.',
  passwordUpdated: 'Mot de passe mis à jour',
  passwordUpdateFailed: 'Une erreur est survenue lors de la mise à jour du mot de passe.',
  oldPasswordWrong: "L'ancien mot de passe est incorrect.",
  profileUpdated: 'Profil mis à jour.',
  /** The profile form cannot change the e-mail (decision 0008): sent by the server. */
  emailReadonly: "L'adresse email ne peut pas être modifiée ici.",
  profileUpdateFailed: 'Une erreur est survenue lors de la mise à jour du profil.',
  noSubscription: "Vous n'avez pas d'abonnement valide, veuillez cliquer sur ce lien pour payer votre abonnement",
  // generic server errors (the spec gives none; see docs/decisions.md)
  unauthenticated: 'Session expirée ou invalide, veuillez vous reconnecter.',
  forbidden: "Vous n'avez pas le droit d'effectuer cette opération.",
  notFound: 'Ressource introuvable.',
  badJson: 'Requête invalide : le corps doit être un objet JSON valide.',
  badRequest: 'Requête invalide.',
  xsrf: 'Jeton XSRF invalide, veuillez recharger la page.',
  /** The spec's generic failure of a form or an action (part 1 §8), when the server gave no reason to show. */
  erreur: 'Erreur',
  serverError: "Une erreur inconnue s'est produite au niveau du serveur, veuillez réessayer.",
  /** The browser could not reach the server at all (no answer): said by the SPA, not the server. */
  network: 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.',
  /** The database could not be reached or refused for load, after the SDK's own retries: try again. */
  unavailable: 'Service momentanément indisponible, veuillez réessayer dans un instant.',
  /** A body over a route's limit: the limit is stated (256 Ko for forms, the photo route's in Mo). */
  payloadTooLarge: (bytes: number) =>
    `Envoi trop volumineux : ${bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} Mo` : `${Math.round(bytes / 1024)} Ko`} au plus.`,
  badPath: 'Requête invalide : adresse mal encodée.',
  // limits of the access routes (docs/decisions.md, "Security hardening")
  recoveryTooManyRequests: 'Trop de demandes de code. Réessayez dans 15 minutes.',
  otpExhausted: "Trop de codes erronés pour ce code : attendez 15 minutes avant d'en demander un nouveau.",
  recoveryLocked: 'Trop de codes erronés : la réinitialisation du mot de passe est bloquée pour cette adresse. Réessayez dans 24 heures.',
  passwordChangeLocked: 'Trop de tentatives : réessayez dans quelques minutes.',
  /** A limit's refusal when its route has no words of its own (functions/lib/rate-limit.ts). */
  tooManyRequests: 'Trop de requêtes, veuillez réessayer dans quelques minutes.',
  /** The forgotten password's mail: the code and how long it holds. */
  resetMail: (code: string, minutes: number) => ({
    subject: 'Ganaar : code de réinitialisation du mot de passe',
    text:
      `Bonjour,\n\nVotre code de réinitialisation est : ${code}\n\n` +
      `Il est valable ${minutes} minutes. Si vous n'avez rien demandé, ignorez ce message.\n\nGanaar`,
  }),
} as const;

export type MessageKey = keyof typeof MSG;

/** New passwords: at least 4 characters (spec part 1 §9). */
export const PASSWORD_MIN = 4;

/** The field rules of the public screens (shared/schemas/rules.ts, applied without zod). */
export const RULE_MSG = {
  emailRequired: 'Email requis',
  emailInvalid: 'Adresse email invalide',
  phone: "Numéro de téléphone invalide : des chiffres, et + ou 00 devant l'indicatif.",
  phoneRequired: 'Téléphone requis',
  otp: 'Le code doit contenir 4 chiffres',
  otpRequired: 'Code requis',
  passwordMin: `Au moins ${PASSWORD_MIN} caractères`,
} as const;

/** The field texts of shared/schemas/acces.ts: each rule's words, word for word as the forms and the API show them. */
export const ACCES_SCHEMA_MSG = {
  prenom: 'Prénom',
  nom: 'Nom',
  pays: 'Pays',
  entreprise: 'Entreprise',
};

/** The field texts of shared/schemas/rules.ts: each rule's words, word for word as the forms and the API show them. */
export const RULES_SCHEMA_MSG = {
  adresse: 'Adresse',
  confirmation: 'Confirmation',
  date: 'Date',
  description: 'Description',
  designation: 'Désignation',
  entreprise: 'Entreprise',
  recherche: 'La recherche',
  quantite: 'Quantité',
  ville: 'Ville',
  categorie: 'Catégorie',
  localite: 'Localité',
  raisonSociale: 'Raison sociale',
  caracteresPlus: (max: string | number) => ` : ${max} caractères au plus`,
};
