// French messages of subscription payments and the operator's console (spec part 2 §4, §8),
// shared by the server and the screens. Spec typo fixed (docs/decisions.md): "Paiement reussi" →
// "Paiement réussi", "Echec" → "Échec". Kept verbatim: "Paiement initialisé veuillez valider".
export const PAIEMENT_MSG = {
  // Why a payment failed, as the payment's page and its receipt show it (functions/paiements/flow.ts, providers/).
  raisonIntrouvable: 'Paiement introuvable',
  raisonInconnuFournisseur: 'Paiement inconnu du fournisseur',
  raisonExpire: 'Paiement non validé à temps',
  raisonRefuse: 'Paiement refusé',
  indisponible: (service: string) => `${service} est indisponible pour le moment`,
  orangeRefus: (detail: string) => `Orange Money a refusé le paiement (${detail})`,
  orangeIncomplet: "Réponse d'Orange Money incomplète",
  orangeIntrouvable: 'Transaction Orange Money introuvable',
  waveRefus: (detail: string | undefined) => `Paiement refusé par Wave${detail ? ` : ${detail}` : ''}`,
  waveExpiree: 'Session de paiement Wave expirée',
  waveSessionRefusee: (detail: string) => `Wave a refusé la session de paiement (${detail})`,
  waveIncomplet: 'Réponse de Wave incomplète',
  waveIntrouvable: 'Session de paiement Wave introuvable',
  serviceRequis: 'Veuillez choisir un service de paiement',
  success: 'Paiement réussi',
  pending: 'Paiement initialisé veuillez valider',
  failed: 'Échec de votre paiement, veuillez réessayer',
  /** Orange Money refused a payment made with its one-time code: almost always a wrong or expired code. */
  otpRefused: 'Orange Money a refusé le paiement : le code saisi est erroné ou expiré. Générez un nouveau code dans Orange Money puis réessayez.',
  suspended: 'Votre abonnement est suspendu : contactez Ganaar pour le réactiver.',
  /** A second start with the provider and number of a payment still awaiting the payer (decision 0212). */
  alreadyPending: (p: { montant: string; service: string; numero: string; minutes: number }) =>
    `Un paiement de ${p.montant} attend déjà votre validation sur le ${p.numero} (${p.service}) : validez-le sur votre téléphone, ou réessayez dans ${p.minutes} min.`,
  lapsedReadOnly:
    "Votre abonnement a expiré : vos données restent consultables, mais les nouvelles saisies sont bloquées jusqu'au paiement de votre abonnement.",
  paymentNotFound: 'Paiement introuvable.',
  // webhooks (answered to the providers, never shown to a user)
  badSignature: 'Signature invalide.',
  staleSignature: 'Signature expirée.',
  badWebhook: 'Notification invalide.',
  // operator
  operatorNoBusinessData: "Un compte opérateur n'a pas accès aux données d'une entreprise.",
  businessNotFound: 'Entreprise introuvable.',
  alreadySuspended: 'Cet abonnement est déjà suspendu.',
  notSuspended: "Cet abonnement n'est pas suspendu.",
  extended: 'Abonnement prolongé.',
  suspendedDone: 'Abonnement suspendu.',
  reactivated: 'Abonnement réactivé.',
} as const;

/** The receipt mailed once a payment has extended the subscription. */
export function receiptMail(r: {
  entreprise: string;
  recu: string;
  plan: string;
  nbMois: number;
  montant: string;
  service: string;
  numero: string;
  debut: string;
  fin: string;
  reference: string;
}): { subject: string; text: string } {
  return {
    subject: `Ganaar : reçu de paiement ${r.recu}`,
    text:
      `Bonjour,\n\nNous avons bien reçu le paiement de votre abonnement Ganaar.\n\n` +
      `Reçu : ${r.recu}\nEntreprise : ${r.entreprise}\nPlan : ${r.plan}\nDurée : ${r.nbMois} mois\n` +
      `Montant : ${r.montant}\nPayé par : ${r.service} (${r.numero})\nRéférence : ${r.reference}\n` +
      `Période : du ${r.debut} au ${r.fin}\n\nMerci de votre confiance.\n\nGanaar`,
  };
}

/** The field texts of shared/schemas/paiements.ts: each rule's words, word for word as the forms and the API show them. */
export const PAIEMENTS_SCHEMA_MSG = {
  numeroTelephoneRequis: 'Numéro de téléphone requis',
  informationsPaiementRequisesNumero: 'Informations de paiement requises (numéro et code)',
  planInconnu: 'Plan inconnu',
  nombreMoisRequis: 'Nombre de mois requis',
  nombreMoisEntier: 'Le nombre de mois doit être un entier',
  nombreMoisMoins1: 'Le nombre de mois doit être au moins 1',
  plusMoisParPaiement: (maxMois: string | number) => `Au plus ${maxMois} mois par paiement`,
  choisirServicePaiement: 'Veuillez choisir un service de paiement',
  paysInvalide: 'Pays invalide',
  deviseInvalideXofAttendu: 'Devise invalide : XOF attendu',
  ceServiceNPropose: (nom: string | number) => `Ce service n'est pas proposé en ${nom}`,
  codeOrangeMoneyRequis: 'Code Orange Money requis (4 à 8 chiffres)',
  dateDebutPrecederDate: 'La date de début doit précéder la date de fin',
};
