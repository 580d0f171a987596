// A batch's feed from the farm's store as the shared formulas take it: batchFigures
// counts `cout_aliment` in the costs (profit, cost of production), batchIndicators counts
// `aliment_kg` in the FCR and `cout_aliment` in the cost per kg or per egg. The detail carries them
// on the batch (BandeSummary) and its consumptions in `aliment`; whichever the server gave is used,
// so the batch screens and the printed report read one figure.
import type { BandeDetail } from '@shared/schemas/bandes';

export function avecAliment<T extends Pick<BandeDetail, 'aliment_kg' | 'cout_aliment' | 'aliment'>>(b: T): T {
  const kg = b.aliment_kg ?? b.aliment?.kg;
  const cout = b.cout_aliment ?? b.aliment?.cout;
  return kg === b.aliment_kg && cout === b.cout_aliment ? b : { ...b, aliment_kg: kg, cout_aliment: cout };
}
