// French messages of flock health: plans, a batch's steps, treatments and their
// withdrawal periods, the day's to-do. Shared by the server and the screens.
import { formatJour } from '../dates';
import { formatNombre } from '../format';
import type { Voie } from '../sante/plans-defaut';

/** How a product is given, as a farmer reads it. */
export const VOIE_NOM: Record<Voie, string> = {
  eau_de_boisson: 'Eau de boisson',
  goutte_oculaire: 'Goutte oculaire',
  trempage_bec: 'Trempage du bec',
  nebulisation: 'Nébulisation',
  injection: 'Injection',
  transfixion: 'Transfixion (aile)',
  aliment: "Dans l'aliment",
};

/** A step's status, as its badge says it. */
export const STATUT_ETAPE_NOM = {
  a_venir: 'À venir',
  aujourdhui: "Aujourd'hui",
  en_retard: 'En retard',
  fait: 'Fait',
  saute: 'Sauté',
} as const;

export const SANTE_MSG = {
  indicatif: 'Indicatif, à valider avec votre vétérinaire',
  planNotFound: 'Plan introuvable',
  planDefautLectureSeule: 'Ce plan par défaut ne se modifie pas : copiez-le pour en faire le vôtre.',
  planTypeBande: (typePlan: string, typeBande: string) => `Ce plan est prévu pour une bande ${typePlan} ; cette bande est ${typeBande}.`,
  etapeNotFound: 'Étape introuvable',
  etapeDejaFaite: 'Cette étape est déjà faite.',
  etapeDejaSautee: 'Cette étape est déjà sautée.',
  etapeNonFaite: "Cette étape n'est ni faite ni sautée : rien à annuler.",
  avantDemarrage: (debut: string) => `La date ne peut pas précéder le démarrage de la bande (${formatJour(debut)}).`,
  dateFuture: 'La date ne peut pas être dans le futur.',
  apresCloture: (fin: string) => `La bande est clôturée depuis le ${formatJour(fin)} : la date ne peut pas être après.`,
  expirationAvantDate: "La date d'expiration ne peut pas précéder la date d'administration.",
  traitementNotFound: 'Traitement introuvable',
  traitementDejaAnnule: 'Ce traitement est déjà annulé.',
  /** The expense a step or a treatment's cost became moves with it, never on its own. */
  depenseSante: "Cette dépense vient d'un soin (étape ou traitement) : annulez le soin, sa dépense sera annulée avec.",
  /** 409 of a sale or a slaughter dated inside a withdrawal. */
  attenteViande: (jusquAu: string) =>
    `Délai d'attente en cours : la viande de cette bande ne peut pas être vendue ni abattue jusqu'au ${formatJour(jusquAu)} inclus.`,
  attenteOeufs: (jusquAu: string) => `Délai d'attente en cours : les œufs de cette bande ne peuvent pas être vendus jusqu'au ${formatJour(jusquAu)} inclus.`,
  /** The batch header's banner. */
  attenteEnCours: (kind: 'viande' | 'oeufs', jusquAu: string) =>
    `${kind === 'viande' ? 'Viande' : 'Œufs'} : délai d'attente jusqu'au ${formatJour(jusquAu)} inclus`,
  oeufsNonCommercialisables: "Non commercialisables (délai d'attente)",
  /** The death alert's line: the day's losses against the days before (none: said so, not « 3 fois 0 »). */
  alerteMortalite: (pertes: number, moyenne: number) =>
    moyenne > 0
      ? `${formatNombre(pertes)} morts en un jour, au moins 3 fois la moyenne des 7 jours précédents (${formatNombre(moyenne)} par jour)`
      : `${formatNombre(pertes)} morts en un jour, sans aucune perte les jours précédents`,
} as const;

/** The field texts of shared/schemas/sante.ts: each rule's words, word for word as the forms and the API show them. */
export const SANTE_SCHEMA_MSG = {
  ageRequis: 'Âge requis',
  ageJoursEntiers: 'Âge en jours entiers',
  agePeutNegatif: "L'âge ne peut pas être négatif",
  ageDepasserJours: (maxAgeEtape: string | number) => `L'âge ne doit pas dépasser ${maxAgeEtape} jours`,
  intitule: 'Intitulé',
  voieAdministrationInvalide: "Voie d'administration invalide",
  planInvalide: 'Plan invalide',
  nomPlan: 'Nom du plan',
  typeInvalideChairPondeuse: 'Type invalide (chair ou pondeuse)',
  etapesRequises: 'Étapes requises',
  planMoinsEtape: 'Un plan a au moins une étape',
  planPlusEtapes: (maxEtapes: string | number) => `Un plan a au plus ${maxEtapes} étapes`,
  plan: 'Plan',
  etape: 'Étape',
  cout: 'Le coût',
  coutSuperieur0: 'Le coût doit être supérieur à 0',
  produit: 'Produit',
  numeroLot: 'Numéro de lot',
  motif: 'Motif',
  requis: (label: string | number) => `${label} requis`,
  nombreEntierJours: (label: string | number) => `${label} : un nombre entier de jours`,
  peutNegatif: (label: string | number) => `${label} ne peut pas être négatif`,
  depasserJours: (label: string | number, maxAttenteJours: string | number) => `${label} ne doit pas dépasser ${maxAttenteJours} jours`,
  moleculeSubstanceActive: 'Molécule (substance active)',
  delaiAttenteViande: "Délai d'attente viande",
  delaiAttenteOeufs: "Délai d'attente œufs",
  finTraitementPeutPreceder: 'La fin du traitement ne peut pas précéder son début',
  traitement: 'Traitement',
};
