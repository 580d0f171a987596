// The batch screens' CSV exports: one definition for the "Exporter CSV" buttons of the
// batch list and of a batch's tables, and for the reconciliation harness
// (tests/api/reconciliation), which builds the same files from the API's answers and checks their
// totals and days against its model. An entry's Date is the day it counts on (`date`).
import type { BandeSummary, Collecte, Depense, Perte, Pesage, Vente } from '@shared/schemas/bandes';
import { EGG_SIZES } from '@shared/schemas/bandes/collecte';
import { jourSaisie, oeufsDeVente, oeufsVendus, sujetsVendus, uniteDeVente } from '@shared/formulas';
import { NOMS_CALIBRES, formatPlateaux } from '@shared/formulas/oeufs';
import { TYPE_BANDE, VENTE_UNITE } from '@shared/messages/bandes';
import { UNITES_DEPENSE } from '@shared/schemas/bandes';
import type { CsvColumn } from '../../../lib/csv';

export const BANDES_CSV: readonly CsvColumn<BandeSummary>[] = [
  { label: 'Nom', value: (b) => b.nom },
  { label: 'Type', value: (b) => TYPE_BANDE[b.type] ?? b.type },
  { label: 'Nombre de sujets', value: (b) => b.nb_sujet },
  { label: 'Date de démarrage', value: (b) => b.date_demarage, date: true },
  { label: 'Statut', value: (b) => (b.statut === 'CLOTUREE' ? 'Clôturée' : 'Active') + (b.archive ? ' (archivée)' : '') },
  { label: 'Pertes', value: (b) => b.nb_perte },
  // Birds only (a layer batch's réforme hens); a layer batch's eggs in their own column (decision 0217).
  { label: 'Sujets vendus', value: (b) => sujetsVendus(b) },
  { label: 'Œufs vendus', value: (b) => (b.type === 'pondeuse' ? oeufsVendus(b) : '') },
  { label: 'Dépenses (FCFA)', value: (b) => b.depense },
  { label: "Chiffre d'affaires (FCFA)", value: (b) => b.chiffre_affaire },
];

/** A batch's expenses; `typeName` names an expense type (the screen reads them from api/typedepense). */
export const depensesCsv = (typeName: (id: number) => string): readonly CsvColumn<Depense>[] => [
  { label: 'Date', value: (d) => jourSaisie(d), date: true },
  { label: 'Type', value: (d) => typeName(d.id_type_depense) },
  { label: 'Désignation', value: (d) => d.designation },
  { label: 'Prix unitaire (FCFA)', value: (d) => d.prix_unitaire },
  { label: 'Quantité', value: (d) => d.quantite },
  { label: 'Unité', value: (d) => UNITES_DEPENSE.find((u) => u.code === d.unite)?.nom ?? d.unite ?? '' },
  { label: 'Prix total (FCFA)', value: (d) => d.prix_total },
];

/** The words of a sale's unit on a batch of `type` (a sale without one: birds or eggs). */
export const uniteVenteMots = (type: BandeSummary['type'], v: Pick<Vente, 'unite'>) =>
  type === 'chair' ? VENTE_UNITE.chair : VENTE_UNITE[uniteDeVente(type, v)];

/**
 * A batch's sales: quantity and unit price in the sale's unit, named in its own column. A layer
 * batch's sales also say their eggs as trays of 30 plus eggs, and their size (decision
 * 0249); a sale of hens leaves both empty.
 */
export const ventesBandeCsv = (type: BandeSummary['type']): readonly CsvColumn<Vente>[] => [
  { label: 'Date', value: (v) => jourSaisie(v), date: true },
  { label: 'Quantité', value: (v) => v.quantite },
  { label: 'Unité', value: (v) => uniteVenteMots(type, v).mot },
  ...(type === 'pondeuse'
    ? ([
        { label: 'Plateaux et œufs', value: (v) => (uniteDeVente(type, v) === 'sujet' ? '' : formatPlateaux(oeufsDeVente(type, v))) },
        { label: 'Calibre', value: (v) => (v.calibre ? NOMS_CALIBRES[v.calibre] : '') },
      ] satisfies CsvColumn<Vente>[])
    : []),
  { label: 'Prix unitaire (FCFA)', value: (v) => v.prix_unitaire },
  { label: 'Total (FCFA)', value: (v) => v.prix_total },
  { label: 'État', value: (v) => (v.etat === 'DELETED' ? 'Annulée' : 'Validée') },
  { label: 'Boutique', value: (v) => (v.id_vente_boutique ? 'oui' : '') },
];

export const PERTES_CSV: readonly CsvColumn<Perte>[] = [
  { label: 'Date', value: (p) => jourSaisie(p), date: true },
  { label: 'Nombre', value: (p) => p.nombre },
];

export const PESAGES_CSV: readonly CsvColumn<Pesage>[] = [
  { label: 'Date', value: (p) => p.date_prise, date: true },
  { label: 'Poids moyen', value: (p) => p.poids_moyen },
  { label: 'Unité', value: (p) => p.unite },
  { label: 'Échantillon', value: (p) => p.echantillon },
];

/** Eggs of one size in a collection's JSON `calibres` (0 when absent or unreadable). */
function calibreDe(c: Pick<Collecte, 'calibres'>, size: (typeof EGG_SIZES)[number]): number {
  try {
    const n = (JSON.parse(c.calibres) as Record<string, unknown>)[size];
    return typeof n === 'number' ? n : 0;
  } catch {
    return 0;
  }
}

/** A batch's egg collections: eggs by size in their own columns, trays of 30 beside them. */
export const COLLECTES_CSV: readonly CsvColumn<Collecte>[] = [
  { label: 'Date', value: (c) => c.date_collecte.slice(0, 10), date: true },
  ...EGG_SIZES.map((k) => ({ label: `Calibre ${k.toUpperCase()}`, value: (c: Collecte) => calibreDe(c, k) })),
  { label: 'Total (œufs)', value: (c) => c.collecte },
  { label: 'Plateaux de 30', value: (c) => Math.floor(c.collecte / 30) },
  { label: 'Œufs en plus', value: (c) => c.collecte % 30 },
  { label: 'Non commercialisable', value: (c) => (c.non_commercialisable ? 'oui' : '') },
];
