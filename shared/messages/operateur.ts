// French texts of the operator's forms, shared by the server and the screens.

/** The field texts of shared/schemas/operateur.ts: each rule's words, word for word as the forms and the API show them. */
export const OPERATEUR_SCHEMA_MSG = {
  moins1Jour: 'Au moins 1 jour',
  plus366Jours: 'Au plus 366 jours',
  motif: 'Motif',
  motifTropCourt3: 'Motif trop court (3 caractères au moins)',
  planInconnu: 'Plan inconnu',
  nombreJoursRequis: 'Nombre de jours requis',
  nombreJoursEntier: 'Le nombre de jours doit être un entier',
  actionInconnueProlongerSuspendre: 'Action inconnue : prolonger, suspendre ou reactiver',
  moisInvalideAaaaMm: 'Mois invalide (aaaa-mm attendu)',
};
