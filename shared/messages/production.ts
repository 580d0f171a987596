// French texts of the shop's side of the farm's production: the product form's eggs per
// unit, the egg products' cards, the restocks of origin « Production », the slaughter's products
// and its cancel, the receipts' eggs. Shared by the screens and their tests.
import { formatJour } from '../dates';
import { formatNombre } from '../format';
import { formatPlateaux } from '../formulas/oeufs';
import type { SourceProduction } from '../schemas/produits';

/**
 * The eggs of a receipt's line of an egg product: « 2 plateaux = 60 œufs » (trays of 30 and eggs,
 * then eggs); a few eggs alone: « 12 œufs ». Undefined for a product that is not an egg product.
 */
export function oeufsDeLigne(quantite: number, oeufsParUnite: number | null): string | undefined {
  if (!oeufsParUnite) return undefined;
  const oeufs = quantite * oeufsParUnite;
  const total = `${formatNombre(oeufs)} ${oeufs > 1 ? 'œufs' : 'œuf'}`;
  return oeufs >= 30 ? `${formatPlateaux(oeufs)} = ${total}` : total;
}

export const PRODUCTION_MSG = {
  oeufsParUniteLabel: "Le nombre d'œufs par unité",
  oeufsParUniteAide: "30 pour un plateau, vide si ce n'est pas un produit d'œufs",
  /** An egg product's card: « 30 œufs par unité », « 1 œuf par unité ». */
  oeufsParUnite: (n: number) => `${formatNombre(n)} ${n > 1 ? 'œufs' : 'œuf'} par unité`,
  /** A restock line of origin Production: where it came from. */
  sourceProduction: (s: SourceProduction) => (s.type === 'oeufs' ? `Bande ${s.bande_nom}, envoi du ${formatJour(s.date).slice(0, 5)}` : `Abattage n° ${s.id}`),
  /**
   * The origin of a restock typed in the shop (or an inventory count), beside « Production ». In
   * words that fit half a phone's card: « Réapprovisionnement » was cut inside the word there.
   */
  origineSaisie: 'Saisie manuelle',
  origineInventaire: 'Inventaire',
  aucunProduit: 'Aucun',
  abattageAnnulerEchec: "L'abattage n'a pas pu être annulé, veuillez réessayer.",
  annulerAbattageQuestion: (quantite: number, bande: string) =>
    `Annuler l'abattage de ${formatNombre(quantite)} sujets de « ${bande} » ? Les sujets reviennent dans la bande et les produits ajoutés à la boutique sortent de son stock (refusé s'ils sont déjà vendus).`,
};
