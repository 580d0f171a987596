// French texts of the daily round (tournée du jour): the screen, its entry in the
// outbox's lists, and what it refuses before queuing.
import { formatJour } from '../dates';
import { formatNombre } from '../format';

const UNITE_NOM: Record<string, (n: number) => string> = {
  kg: (n) => `${formatNombre(n)} kg`,
  sac25: (n) => `${formatNombre(n)} sac${n >= 2 ? 's' : ''} de 25 kg`,
  sac50: (n) => `${formatNombre(n)} sac${n >= 2 ? 's' : ''} de 50 kg`,
  t: (n) => `${formatNombre(n)} t`,
};

export const TOURNEE_MSG = {
  titre: (jour: string) => `Tournée du ${jour}`,
  etape: (i: number, n: number) => `Bande ${i} sur ${n}`,
  aucuneBande: 'Aucune bande active : la tournée commence quand une bande est démarrée.',
  rienSaisi: 'Saisissez au moins une valeur, ou passez cette bande.',
  bandeIntrouvable: 'Impossible de charger la bande.',
  journeeEchec: "La journée n'a pas pu être enregistrée.",
  calibreEntier: (k: string) => `Calibre ${k} : un nombre entier d'œufs, au moins 0.`,
  /** The parts of a round's entry, as a refusal names them. */
  partie: {
    perte: 'Mortalité',
    collecte: "Collecte d'œufs",
    consommation: 'Aliment consommé',
    fiche: 'Fiche du jour',
  },
  resume: {
    morts: (n: number) => `${formatNombre(n)} mort${n >= 2 ? 's' : ''}`,
    oeufs: (n: number) => `${formatNombre(n)} œuf${n >= 2 ? 's' : ''}`,
    aliment: (n: number, unite: string) => `${(UNITE_NOM[unite] ?? UNITE_NOM.kg)(n)} d'aliment`,
    fiche: 'fiche (eau, températures)',
  },
  /** Above a batch's form when the day already holds figures: typed again, a loss or eggs add up. */
  dejaSaisi: (jour: string, quoi: readonly string[]) =>
    `Déjà enregistré le ${formatJour(jour)} : ${quoi.join(', ')}. Une perte, des œufs ou de l'aliment saisis ici s'y ajoutent ; la fiche du jour, reprise ci-dessous, est remplacée par ce que vous enregistrez.`,
  veilleRien: 'rien la veille',
  enregistree: (nom: string) => `${nom} : journée enregistrée.`,
  enAttente: (nom: string) => `${nom} : journée gardée sur cet appareil, envoyée au retour du réseau.`,
  aCorriger: (nom: string) => `${nom} : une partie a été refusée, voir « Synchronisation ».`,
  passee: (nom: string) => `${nom} : passée.`,
  /** The summary's state words, in its badges. */
  etat: { passee: 'Passée', attente: 'En attente', enregistree: 'Enregistrée', corriger: 'À corriger' },
  fin: 'Tournée terminée',
} as const;
