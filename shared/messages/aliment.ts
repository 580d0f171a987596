// French messages of the feed store and the daily sheet. Shared by the server and the screens.
import { formatJour } from '../dates';
import { formatNombre } from '../format';

export const ALIMENT_MSG = {
  achatNotFound: 'Achat introuvable',
  consommationNotFound: 'Consommation introuvable',
  dejaAnnule: 'Cette saisie est déjà annulée.',
  dateFuture: 'La date ne peut pas être dans le futur.',
  avantDemarrage: (debut: string) => `La date ne peut pas précéder le démarrage de la bande (${formatJour(debut)}).`,
  bandeFermee: "Cette bande est clôturée ou archivée : elle ne prend plus d'aliment du stock.",
  periodeInvalide: 'Période invalide : la date de début doit précéder la date de fin.',
  periodeTropLongue: (max: number) => `La période ne doit pas dépasser ${max} jours.`,
  tropGrand: (max: number) => `La quantité ne doit pas dépasser ${formatNombre(max)} kg.`,
  /** The 409 of a write that would leave the stock below zero on a day: what was there that day. */
  stockInsuffisant: (date: string, disponibleKg: number, sortieKg: number) =>
    `Stock d'aliment insuffisant le ${formatJour(date)} : ${formatNombre(disponibleKg)} kg en stock ce jour-là pour ${formatNombre(sortieKg)} kg consommés.`,
  /** The same refusal, said of a purchase's cancel. */
  annulationImpossible: (date: string, disponibleKg: number, sortieKg: number) =>
    `Annulation impossible : sans cet achat, le stock d'aliment du ${formatJour(date)} serait de ${formatNombre(disponibleKg)} kg pour ${formatNombre(sortieKg)} kg consommés.`,
  // Days of feed left (the store's card and « À faire »).
  joursRestants: (n: number) => (n <= 1 ? `${n} jour d'aliment restant` : `${n} jours d'aliment restants`),
  alerteStock: (n: number, seuil: number) => `Plus que ${n} jour${n > 1 ? 's' : ''} d'aliment en stock (seuil : ${seuil} jour${seuil > 1 ? 's' : ''}).`,
  sourceCourbe: (race: string) => `Historique de moins de 7 jours : consommation estimée d'après la courbe publiée de la souche ${race}.`,
  sourceMoyenne: 'Historique de moins de 7 jours : moyenne des jours saisis.',
  sourceAucune: "Aucune consommation saisie : les jours restants s'afficheront après la première.",
};

export const FICHE_MSG = {
  dateFuture: 'La date ne peut pas être dans le futur.',
  avantDemarrage: (debut: string) => `La date ne peut pas précéder le démarrage de la bande (${formatJour(debut)}).`,
  apresCloture: (fin: string) => `La bande est clôturée depuis le ${formatJour(fin)} : la date ne peut pas être après.`,
  /** Water above the documented plausible maximum per bird alive (docs/aliment.md). */
  eauTropGrande: (maxLitres: number, vivants: number) =>
    `L'eau bue dépasse le maximum plausible pour ${formatNombre(vivants)} sujets vivants (${formatNombre(maxLitres)} litres).`,
  eauSansSujets: "Aucun sujet vivant ce jour-là : pas d'eau bue à enregistrer.",
  alerteEau: (nom: string, pct: number) => `${nom} : l'eau bue a baissé de ${pct} % par rapport aux jours précédents.`,
};

/** The Aliment page's own words (decision 0238). */
export const ALIMENT_ECRAN = {
  /** The purchase dialog asks before saving a price per kg far from the store's average (decision 0238). */
  prixInhabituel: (prixKg: string, moyen: string) =>
    `Prix de ${prixKg} le kg, loin du coût moyen du stock (${moyen} le kg) : vérifiez la quantité, l'unité et le prix total.`,
  /** …and a purchase dated more than 31 days ago (it moves the value of everything eaten since). */
  dateAncienne: (jours: number) => `Achat daté d'il y a ${jours} jours : il change la valeur de tout l'aliment consommé depuis.`,
  sourceHistorique: 'moyenne des 7 derniers jours saisis',
  seuilEnregistre: (n: number) => `Seuil enregistré : alerte sous ${n} jour${n > 1 ? 's' : ''} d'aliment.`,
  baisseEauEnregistree: (pct: number) => `Seuil enregistré : alerte eau au-delà de ${pct} % de baisse.`,
  /** Beside the water alert's share: no source gives it (docs/aliment.md « Sources », decision 0242). */
  baisseEauIndicatif: (defaut: number) =>
    `Indicatif : aucune source publiée ne donne ce seuil (${defaut} % par défaut). Réglez le vôtre d'après les relevés de votre élevage.`,
  achatAnnule: 'Achat annulé',
  consommationAnnulee: 'Consommation annulée',
};

/** The field texts of shared/schemas/aliment.ts: each rule's words, word for word as the forms and the API show them. */
export const ALIMENT_SCHEMA_MSG = {
  uniteInvalideKgSac25: 'Unité invalide (kg, sac25, sac50 ou t)',
  designation: 'Désignation',
  quantite: 'Quantité',
  prixTotal: 'Le prix total',
  prixTotalSuperieur0: 'Le prix total doit être supérieur à 0',
  seuilRequis: 'Seuil requis',
  seuilNombreEntierJours: 'Seuil : un nombre entier de jours',
  seuilMoins1Jour: 'Le seuil doit être au moins 1 jour',
  seuilDepasserJours: (seuilJoursMax: string | number) => `Le seuil ne doit pas dépasser ${seuilJoursMax} jours`,
  baisseEauNombre: "La baisse d'eau doit être un nombre",
  baisseEauPourcentageEntier: "Baisse d'eau : un pourcentage entier",
  baisseEauMoins: (baisseEauPctMin: string | number) => `La baisse d'eau doit être d'au moins ${baisseEauPctMin} %`,
  baisseEauDepasser: (baisseEauPctMax: string | number) => `La baisse d'eau ne doit pas dépasser ${baisseEauPctMax} %`,
  saisissezSeuilJoursBaisse: "Saisissez le seuil en jours ou la baisse d'eau",
  nombre: (label: string | number) => `${label} doit être un nombre`,
  entreC: (label: string | number, tempMinC: string | number, tempMaxC: string | number) => `${label} doit être entre ${tempMinC} et ${tempMaxC} °C`,
  eauNombreLitres: "L'eau doit être un nombre de litres",
  eauBuePeutNegative: "L'eau bue ne peut pas être négative",
  eauBueTropGrande: "L'eau bue est trop grande",
  temperatureMinimale: 'La température minimale',
  temperatureMaximale: 'La température maximale',
  humiditeNombre: "L'humidité doit être un nombre",
  humiditeEntre0100: "L'humidité doit être entre 0 et 100 %",
  temperatureMinimalePeutDepasser: 'La température minimale ne peut pas dépasser la maximale',
  saisissezMoinsValeur: 'Saisissez au moins une valeur',
};
