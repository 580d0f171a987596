// French messages of offline entry and synchronisation: the server's idempotency keys
// (functions/lib/idempotency.ts) and the SPA's outbox (web/src/lib/outbox).
export const SYNC_MSG = {
  badKey: "Requête invalide : l'en-tête Idempotency-Key doit compter 16 à 128 caractères parmi lettres, chiffres, « - », « _ », « . » et « : ».",
  keyReused: "Cette clé d'idempotence a déjà servi pour une autre opération : l'opération n'a pas été enregistrée.",
  inProgress: 'Cette opération est déjà en cours de traitement, réessayez dans un instant.',
  /** Another writer kept changing the same items (a 409): nothing was written. */
  concurrent: 'Opération concurrente en cours, veuillez réessayer.',
  alreadyDone: 'Opération déjà enregistrée.',
  /** The SPA kept a write on the device while offline (web/src/lib/offline/outbox.ts). */
  queued: 'Hors ligne : saisie enregistrée sur cet appareil, elle sera envoyée au retour de la connexion.',
} as const;

/**
 * A typed form the phone's Back button, Escape or a tap outside would drop asks first
 * (web/src/lib/use-back-guard.ts); its draft stays on the device until it is given up.
 */
export const FORM_MSG = {
  leaveQuestion: 'Abandonner cette saisie ? Ce que vous avez tapé ne sera pas enregistré.',
  leaveStay: 'Continuer la saisie',
  leaveConfirm: 'Oui, abandonner',
  /** Above a refused entry opened in its dialog (#/synchro « Corriger »). */
  refused: (reason: string) => `Refusée à l'envoi : ${reason} Corrigez-la puis enregistrez : elle remplacera la saisie refusée.`,
} as const;

/** A multi-part entry (the daily round, decision 0240): which part the server refused, and what stays written. */
export const PARTS_MSG = {
  /** « Collecte d'œufs : refusée … » then, when earlier parts were accepted, which ones stay written. */
  refusee: (part: string, raison: string, ecrites: readonly string[]) =>
    `${part} refusée : ${raison}${ecrites.length ? ` Déjà enregistré (reste enregistré) : ${ecrites.join(', ')}.` : ''}`,
  /** Appended to the entry's label once some of its parts are written. */
  labelEcrites: (label: string, ecrites: readonly string[]) => `${label} (déjà enregistré : ${ecrites.join(', ')})`,
  /** Giving up such an entry gives up only what is not written yet. */
  abandon: (label: string) => `Abandonner « ${label} » ? Ce qui n'est pas encore enregistré ne sera jamais envoyé ; ce qui l'est déjà reste enregistré.`,
} as const;
