// French messages of batches, their entries and the dashboards (spec part 1 §8; the dates and
// physical limits of docs/decisions/0129-physical-limits.md), shared by the server and the
// screens. Typos of the spec are fixed here and listed in docs/decisions.md ("Spec typos fixed").
import { formatJour } from '../dates';
import { formatNombre } from '../format';
import { POIDS_MAX_G } from '../limits';
import { ABATTAGE_MSG } from './abattages';

/** `n` with the singular or plural noun (0 and 1 take the singular in French). */
const pl = (n: number, one: string, many: string) => `${formatNombre(n)} ${n > 1 ? many : one}`;

/** A departure of birds, as the refusals name it. */
type SortieNom = 'perte' | 'vente' | 'abattage';
const LA: Record<SortieNom, string> = { perte: 'la perte', vente: 'la vente', abattage: "l'abattage" };
const CETTE: Record<SortieNom, [string, string]> = {
  perte: ['Cette perte', 'cette perte'],
  vente: ['Cette vente', 'cette vente'],
  abattage: ['Cet abattage', 'cet abattage'],
};
/** « a », « a et b », « a, b et c ». */
const enListe = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}` : (items[0] ?? ''));

/** A batch's type as a user reads it: the stored codes (`chair`, `pondeuse`) stay in the API (decision 0224). */
export const TYPE_BANDE: Record<string, string> = { chair: 'Chair', pondeuse: 'Pondeuse' };

/**
 * The words of a batch sale's unit (shared/schemas/bandes/entries.ts UNITES_VENTE): what the sale
 * dialog, the sales table, the card, the report and the CSV say (decision 0217).
 */
export const VENTE_UNITE = {
  /** Column/label words per unit: the choice, the quantity's label, the price's label, a quantity. */
  oeuf: { choix: 'Œufs', mot: 'œufs', quantite: "Nombre d'œufs", prix: 'Prix par œuf (FCFA)', n: (q: number) => pl(q, 'œuf', 'œufs') },
  plateau: {
    choix: 'Plateaux de 30',
    mot: 'plateaux de 30',
    quantite: 'Nombre de plateaux',
    prix: 'Prix par plateau (FCFA)',
    n: (q: number) => pl(q, 'plateau', 'plateaux'),
  },
  sujet: {
    choix: 'Poules de réforme',
    mot: 'poules de réforme',
    quantite: 'Nombre de poules',
    prix: 'Prix par poule (FCFA)',
    n: (q: number) => pl(q, 'poule', 'poules'),
  },
  /** A broiler sale's quantity. */
  chair: { choix: 'Sujets', mot: 'sujets', quantite: 'Nombre de sujets', prix: 'Prix par sujet (FCFA)', n: (q: number) => pl(q, 'sujet', 'sujets') },
  /** « 55 plateaux = 1 650 œufs » under a quantity of trays. */
  egaleOeufs: (plateaux: number, oeufs: number) => `${pl(plateaux, 'plateau', 'plateaux')} = ${pl(oeufs, 'œuf', 'œufs')}`,
  /** The trays eggs make: « 55 plateaux », « 55 plateaux + 12 œufs »; null below a tray. */
  plateaux: (oeufs: number): string | null => {
    const plateaux = Math.floor(oeufs / 30);
    const reste = Math.round((oeufs - plateaux * 30) * 100) / 100;
    if (plateaux < 1) return null;
    return `${pl(plateaux, 'plateau', 'plateaux')}${reste > 0 ? ` + ${pl(reste, 'œuf', 'œufs')}` : ''}`;
  },
  /**
   * Eggs sold with the trays they make: « 1 650 œufs (55 plateaux) », « 1 662 œufs (55 plateaux + 12
   * œufs) », « 12 œufs » when less than a tray.
   */
  oeufsEtPlateaux: (oeufs: number): string => {
    const plateaux = VENTE_UNITE.plateaux(oeufs);
    return `${pl(oeufs, 'œuf', 'œufs')}${plateaux ? ` (${plateaux})` : ''}`;
  },
};

/** Messages of the batch screens and rows (spec part 1 §8, typos fixed: docs/decisions.md). */
export const BANDE_MSG = {
  quota: 'Vous avez atteint le nombre de sujets autorisés',
  /**
   * The bird quota refused (decision 0223): the spec's words, then what the plan allows, how many
   * birds are left in it, and what the next plan allows (the top plan has no next, and no limit).
   */
  quotaDetail: (plan: { nom: string; maxSujets: number }, restants: number, suivant: { nom: string; maxSujets: number | null } | null) =>
    `Vous avez atteint le nombre de sujets autorisés : votre formule ${plan.nom} permet ${pl(plan.maxSujets, 'sujet', 'sujets')} en cours ; il en reste ${formatNombre(restants)}.` +
    (suivant === null
      ? ''
      : suivant.maxSujets === null
        ? ` La formule ${suivant.nom} n'a pas de limite de sujets.`
        : ` La formule ${suivant.nom} en permet ${formatNombre(suivant.maxSujets)}.`),
  createFailed: 'Une erreur est survenue lors de la création de la bande',
  bandeNotFound: 'Bande introuvable.',
  entryNotFound: 'Enregistrement introuvable.',
  closed: 'Cette bande est clôturée : elle ne peut plus être modifiée.',
  conflict: 'Les données ont été modifiées entre-temps, veuillez réessayer.',
  fewerThanGone: (n: number) => `Le nombre de sujets ne peut pas être inférieur aux ${n} sujets déjà sortis de la bande (morts, abattus ou vendus).`,
  /** A loss of more birds than are alive (the slaughter's message, ./abattage.ts). */
  tooManyLosses: ABATTAGE_MSG.tooMany,
  saleCancelled: 'Cette vente a été annulée.',
  alreadyCancelled: 'Cet enregistrement est déjà annulé.',
  shopSale: "Cette vente a été faite en boutique : annulez-la depuis l'historique des ventes.",
  notLaying: 'Les collectes ne concernent que les bandes de pondeuses.',
  // a batch sale's unit (decision 0217)
  uniteChair: 'Une bande de poulets de chair vend des sujets : les œufs et les plateaux ne se vendent que sur une bande de pondeuses.',
  wholeEggs: "Les œufs se vendent entiers : la quantité doit faire un nombre entier d'œufs (un plateau compte 30 œufs).",
  wholeHens: 'Une vente de poules de réforme se compte en poules entières : la quantité doit être un nombre entier.',
  raceType: 'Cette souche ne correspond pas au type de la bande.',
  badRange: 'Période invalide : dates attendues au format AAAA-MM-JJ, la date de début avant la date de fin.',
  // screen messages (§8)
  perteSaveFailed: "Une erreur est survenue lors de l'enregistrement",
  perteCancelled: 'Perte annulée',
  operationFailed: 'Échec de votre opération.',
  depenseAdded: 'Dépense ajoutée',
  depenseFailed: 'Erreur',
  depenseDeleted: 'Dépense supprimée.',
  depenseDeleteFailed: 'Une erreur est survenue lors du traitement de votre requête.',
  venteSaved: 'Vente enregistrée.',
  venteFailed: 'Erreur',
  venteCancelled: 'Vente annulée',
  pesageSaved: 'Pesage enregistré',
  pesageFailed: "Une erreur est survenue lors de l'enregistrement du pesage.",
  collecteSaved: 'Collecte enregistrée',
  collecteFailed: "Une erreur est survenue lors de l'enregistrement de la collecte.",
  closeDone: 'Bande clôturée',
  // dates within reality
  dateFuture: ABATTAGE_MSG.dateFuture,
  dateBeforeStart: ABATTAGE_MSG.dateBeforeStart,
  startFuture: 'Le démarrage ne peut pas être dans le futur.',
  startTooOld: 'Le démarrage ne peut pas remonter à plus de 3 ans.',
  startAfterEntries: (day: string) => `Le démarrage ne peut pas être postérieur à la première saisie de la bande (le ${formatJour(day)}).`,
  // physical limits
  wholeBirds: 'Une vente de poulets de chair se compte en sujets entiers : la quantité doit être un nombre entier.',
  tooManyEggs: (day: string, vivants: number, deja: number) =>
    `Au plus ${pl(Math.max(0, vivants - deja), 'œuf peut', 'œufs peuvent')} encore être ${Math.max(0, vivants - deja) > 1 ? 'enregistrés' : 'enregistré'} le ${formatJour(day)} : la bande compte ${pl(vivants, 'poule vivante', 'poules vivantes')} ce jour-là${deja > 0 ? ` et ${pl(deja, 'œuf y est déjà enregistré', 'œufs y sont déjà enregistrés')}` : ''} (une poule pond au plus un œuf par jour).`,
  sampleTooLarge: (day: string, vivants: number) =>
    `La bande ne compte que ${pl(vivants, 'sujet vivant', 'sujets vivants')} le ${formatJour(day)} : l'échantillon ne peut pas être plus grand.`,
  weightTooHigh: (type: 'chair' | 'pondeuse') =>
    `Le poids moyen ne peut pas dépasser ${formatNombre(POIDS_MAX_G[type])} g (${String(POIDS_MAX_G[type] / 1000).replace('.', ',')} kg) pour une bande de ${type === 'chair' ? 'chair' : 'pondeuses'} : vérifiez le poids et son unité (g ou kg).`,
  collecteImpossible: (day: string, oeufs: number, vivants: number) =>
    `Impossible : le ${formatJour(day)}, ${pl(oeufs, 'œuf a été collecté', 'œufs ont été collectés')} et il ne resterait que ${pl(vivants, 'poule vivante', 'poules vivantes')} ce jour-là. Corrigez d'abord la collecte du ${formatJour(day)}.`,
  pesageImpossible: (day: string, echantillon: number, vivants: number) =>
    `Impossible : le pesage du ${formatJour(day)} porte sur ${pl(echantillon, 'sujet', 'sujets')} et il n'en resterait que ${vivants} ${vivants > 1 ? 'vivants' : 'vivant'} ce jour-là. Corrigez d'abord le pesage du ${formatJour(day)}.`,
  // a departure of birds (loss, broiler sale, slaughter) that the day, or a later day, cannot carry (shared/formulas/ruptures.ts)
  restaitVivants: (day: string, n: number) => `Il ne restait que ${pl(n, 'sujet vivant', 'sujets vivants')} dans cette bande le ${formatJour(day)}.`,
  correctionImpossible: (kind: SortieNom, ancienne: number, nouvelle: number, day: string, vivants: number) =>
    `${CETTE[kind][0]} ne peut pas passer de ${formatNombre(ancienne)} à ${pl(nouvelle, 'sujet', 'sujets')} : le ${formatJour(day)}, la bande compte ${pl(Math.max(0, vivants - ancienne), 'sujet vivant', 'sujets vivants')} en plus ${ancienne > 1 ? `des ${formatNombre(ancienne)} sujets` : 'du sujet'} de ${CETTE[kind][1]}, soit ${formatNombre(vivants)} au plus.`,
  sortiesImpossibles: (day: string, sorties: readonly { kind: SortieNom; quantite: number }[], vivants: number) =>
    `Impossible : le ${formatJour(day)}, ${enListe(sorties.map((s) => `${LA[s.kind]} de ${pl(s.quantite, 'sujet', 'sujets')}`))} ne ${sorties.length > 1 ? 'seraient plus possibles' : 'serait plus possible'}, car il ne resterait que ${pl(vivants, 'sujet vivant', 'sujets vivants')} ce jour-là.`,
  // a batch made by mistake (docs/decisions/0215-delete-an-empty-batch.md)
  deleted: 'Bande supprimée',
  // Without the batch's name (shown on its page behind the dialog): the catalogue's checker reads a
  // name in « » as a technical one.
  deleteQuestion:
    "Supprimer cette bande ? Elle n'a aucune saisie : elle disparaît des listes et du tableau de bord, et ses sujets ne comptent plus dans votre abonnement. Cette suppression est définitive.",
  deleteFailed: "La bande n'a pas pu être supprimée, veuillez réessayer.",
  hasEntries: (c: {
    depenses: number;
    ventes: number;
    pertes: number;
    pesages: number;
    collectes: number;
    abattages: number;
    /** Health records: steps done or skipped, treatments. */
    soins?: number;
    /** Feed consumptions from the farm's store. */
    aliment?: number;
    /** Daily sheets. */
    fiches?: number;
    /** The egg stock's breakage and moves to the shop. */
    oeufs?: number;
    annulees: number;
  }) => {
    const parts = [
      [c.depenses, 'dépense', 'dépenses'],
      [c.ventes, 'vente', 'ventes'],
      [c.pertes, 'perte', 'pertes'],
      [c.pesages, 'pesage', 'pesages'],
      [c.collectes, 'collecte', 'collectes'],
      [c.abattages, 'abattage', 'abattages'],
      [c.soins ?? 0, 'soin', 'soins'],
      [c.aliment ?? 0, "consommation d'aliment", "consommations d'aliment"],
      [c.fiches ?? 0, 'fiche journalière', 'fiches journalières'],
      [c.oeufs ?? 0, "mouvement d'œufs", "mouvements d'œufs"],
    ] as const;
    const total = parts.reduce((s, [n]) => s + n, 0);
    const detail = parts.filter(([n]) => n > 0).map(([n, one, many]) => pl(n, one, many));
    const annulees = c.annulees > 0 ? `, dont ${pl(c.annulees, 'annulée', 'annulées')}` : '';
    return `Cette bande a déjà ${pl(total, 'saisie', 'saisies')} (${detail.join(', ')})${annulees} : elle ne peut pas être supprimée, archivez-la plutôt.`;
  },
  /** A batch's type is fixed once it holds an entry (docs/decisions/0216-batch-type-fixed.md). */
  typeFixed: "Le type d'une bande (chair ou pondeuse) ne peut plus changer une fois qu'elle a des saisies : créez une nouvelle bande du bon type.",
  typeFixedHint: 'Le type ne change plus : la bande a déjà des saisies.',
  // corrections
  pesageCancelled: 'Pesage annulé',
  collecteCancelled: 'Collecte annulée',
} as const;

/** The period dashboards (api/dashboard/periode, api/dashboard/mois). */
export const TABLEAU_DE_BORD_MSG = {
  /** Shown under the cards when the period has archived batches (docs/decisions/0215-delete-an-empty-batch.md). */
  archivees: (n: number) =>
    `${n > 1 ? `${formatNombre(n)} bandes archivées ne comptent` : '1 bande archivée ne compte'} pas dans les bandes, les sujets, la mortalité ni le coût de production ; ${n > 1 ? 'leurs' : 'ses'} dépenses et ventes restent dans l'argent de la période.`,
  badRange: 'Période invalide : la date de début doit précéder la date de fin.',
  tooLong: 'Période trop longue : 5 ans au plus.',
} as const;

/** Why an indicator of a batch cannot be computed yet (shared/formulas/indicators.ts), and what to record. */
export const INDICATOR_MSG = {
  pesage: 'Enregistrez un pesage pour le calculer.',
  aliment: "Enregistrez les dépenses d'aliment (type Aliment) avec leur quantité.",
  alimentUnite: "Précisez l'unité (kg ou sac) de chaque dépense d'aliment.",
  depense: 'Enregistrez les dépenses de la bande.',
  collecte: "Enregistrez les collectes d'œufs.",
  sujets: 'La bande n’a aucun sujet.',
  age: 'Le pesage doit être postérieur au démarrage de la bande.',
} as const;

/** The "are you sure?" dialog of an implausible entry (shared/plausibility.ts). */
export const SURE_MSG = {
  title: 'Êtes-vous sûr ?',
  yes: 'Oui, enregistrer',
  no: 'Non, corriger',
} as const;

/** The field texts of shared/schemas/bandes/bande.ts: each rule's words, word for word as the forms and the API show them. */
export const BANDES_BANDE_SCHEMA_MSG = {
  nom: 'Nom',
  nombreSujets: 'Le nombre de sujets',
  typeInvalideChairPondeuse: 'Type invalide (chair ou pondeuse)',
  identifiantBande: 'Identifiant de bande',
  soucheInconnue: 'Souche inconnue',
  ageInvalide: 'Âge invalide',
  ageJoursEntiers: 'Âge en jours entiers',
  planInvalide: 'Plan invalide',
};

/** The field texts of shared/schemas/bandes/collecte.ts: each rule's words, word for word as the forms and the API show them. */
export const BANDES_COLLECTE_SCHEMA_MSG = {
  calibre: 'Calibre',
  identifiantCollecte: 'Identifiant de collecte',
  collecte: 'La collecte',
  calibresRequis: 'Calibres requis',
  sommeCalibresEgaleTotal: 'La somme des calibres doit être égale au total collecté',
};

/** The field texts of shared/schemas/bandes/entries.ts: each rule's words, word for word as the forms and the API show them. */
export const BANDES_ENTRIES_SCHEMA_MSG = {
  aliment: 'Aliment',
  poussins: 'Poussins',
  vaccinsMedicaments: 'Vaccins et médicaments',
  litiere: 'Litière',
  eauElectricite: 'Eau et électricité',
  transport: 'Transport',
  autre: 'Autre',
  sac25Kg: 'sac de 25 kg',
  sac50Kg: 'sac de 50 kg',
  nombreSujets: 'Le nombre de sujets',
  depenseInvalide: 'Dépense invalide',
  typeDepenseRequis: 'Type de dépense requis',
  typeDepenseInvalide: 'Type de dépense invalide',
  typeDepenseInconnu: 'Type de dépense inconnu',
  designation: 'Désignation',
  prixUnitaire: 'Prix unitaire',
  quantite: 'Quantité',
  uniteInvalide: 'Unité invalide',
  depenseRequise: 'Dépense requise',
  plateaux30: 'Plateaux de 30',
  poulesReforme: 'Poules de réforme',
  uniteVenteInvalide: 'Unité de vente invalide',
  calibreInvalideSM: 'Calibre invalide (s, m, l ou xl)',
  identifiantVente: 'Identifiant de vente',
};

/** The field texts of shared/schemas/bandes/fields.ts: each rule's words, word for word as the forms and the API show them. */
export const BANDES_FIELDS_SCHEMA_MSG = {
  superieur0: (label: string | number) => `${label} doit être supérieur à 0`,
  requise: (label: string | number) => `${label} requise`,
  requis: (label: string | number) => `${label} requis`,
  invalide: (label: string | number) => `${label} invalide`,
  bandeRequise: 'Bande requise',
  bandeInvalide: 'Bande invalide',
};

/** The field texts of shared/schemas/bandes/pesage.ts: each rule's words, word for word as the forms and the API show them. */
export const BANDES_PESAGE_SCHEMA_MSG = {
  poidsMoyenRequis: 'Poids moyen requis',
  poidsMoyenSuperieur0: 'Le poids moyen doit être supérieur à 0',
  poidsMoyenTropGrand: 'Poids moyen trop grand',
  poidsMoyenPlus3: 'Poids moyen : au plus 3 décimales',
  uniteInvalideGKg: 'Unité invalide (g ou kg)',
  echantillon: "L'échantillon",
  identifiantPesage: 'Identifiant de pesage',
  pesageRequis: 'Pesage requis',
};

/** The field texts of shared/schemas/tableau-de-bord.ts: each rule's words, word for word as the forms and the API show them. */
export const TABLEAU_DE_BORD_SCHEMA_MSG = {
  plus200Points: 'Au plus 200 points',
  dateRequise: 'Date requise',
  dateInvalideAaaaMm: 'Date invalide : AAAA-MM-JJ attendu',
  dateInvalide: 'Date invalide',
  anneeInvalide: 'Année invalide',
  listePointsAttendue: 'Liste de points attendue',
  ageJoursRequis: 'Âge (jours) requis',
  ageJoursEntier: 'Âge (jours) entier',
  ageInvalide: 'Âge invalide',
  soucheInconnue: 'Souche inconnue',
  poidsRequis: 'Poids requis',
  poidsSuperieur0: 'Le poids doit être supérieur à 0',
  poidsTropGrand: 'Poids trop grand',
  poidsPlus1Decimale: 'Poids : au plus 1 décimale',
  indiceRequis: 'Indice requis',
  indiceSuperieur0: "L'indice doit être supérieur à 0",
  indiceTropGrand: 'Indice trop grand',
  indicePlus3Decimales: 'Indice : au plus 3 décimales',
  ageSemainesRequis: 'Âge (semaines) requis',
  ageSemainesEntier: 'Âge (semaines) entier',
  tauxRequis: 'Taux requis',
  tauxInvalide: 'Taux invalide',
  tauxPonteDepasse100: 'Le taux de ponte ne dépasse pas 100 %',
  tauxPlus2Decimales: 'Taux : au plus 2 décimales',
};
