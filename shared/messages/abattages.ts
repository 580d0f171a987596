// French messages of slaughter records (spec part 2 §5, §8) and of the dates within reality every
// batch entry shares, shared by the server and the screens.
import { formatJour } from '../dates';

export const ABATTAGE_MSG = {
  saved: 'Abattage enregistré',
  failed: 'Une erreur est survenue lors du traitement de votre requête, veuillez réessayer plus tard.',
  notFound: 'Abattage introuvable.',
  categoryNotFound: 'Catégorie introuvable.',
  bandeNotFound: 'Bande introuvable.',
  bandeClosed: 'Cette bande est clôturée : aucun abattage ne peut y être enregistré.',
  duplicateCategory: 'Cette catégorie existe déjà',
  categoriesSum: 'La somme des quantités des catégories doit être égale au nombre total de sujets abattus.',
  minMax: 'Le poids minimum doit être inférieur ou égal au poids maximum.',
  tooMany: (n: number) => `Il ne reste que ${n} sujet${n > 1 ? 's' : ''} vivant${n > 1 ? 's' : ''} dans cette bande.`,
  // Dates within reality, the batch entries' own texts (shared/schemas/bandes/ BANDE_MSG reads them here).
  dateFuture: 'La date ne peut pas être dans le futur.',
  dateBeforeStart: (day: string) => `La date ne peut pas précéder le démarrage de la bande (le ${formatJour(day)}).`,
} as const;
