// The feed store's CSV exports: one definition for the « Exporter CSV » buttons of the
// Aliment page and for the reconciliation harness (tests/api/reconciliation), which builds the same
// files from the API's answers and checks their totals and days against its model.
import type { AchatAliment, ConsommationAliment, JourStock } from '@shared/schemas/aliment';
import { UNITES_ALIMENT } from '@shared/schemas/aliment';
import type { CsvColumn } from '../../../lib/csv';

const uniteNom = (code: string) => UNITES_ALIMENT.find((u) => u.code === code)?.nom ?? code;

export const ACHATS_CSV: readonly CsvColumn<AchatAliment>[] = [
  { label: 'Date', value: (a) => a.date, date: true },
  { label: 'Désignation', value: (a) => a.designation },
  { label: 'Quantité', value: (a) => a.quantite },
  { label: 'Unité', value: (a) => uniteNom(a.unite) },
  { label: 'Kg', value: (a) => a.kg },
  { label: 'Prix total (FCFA)', value: (a) => a.prix_total },
  { label: 'Fournisseur', value: (a) => a.fournisseur ?? '' },
  { label: 'État', value: (a) => (a.etat === 'DELETED' ? 'Annulé' : 'Validé') },
];

export const CONSOMMATIONS_CSV: readonly CsvColumn<ConsommationAliment>[] = [
  { label: 'Date', value: (c) => c.date, date: true },
  { label: 'Bande', value: (c) => c.nom_bande ?? String(c.id_bande) },
  { label: 'Quantité', value: (c) => c.quantite },
  { label: 'Unité', value: (c) => uniteNom(c.unite) },
  { label: 'Kg', value: (c) => c.kg },
  { label: 'Valeur (FCFA)', value: (c) => c.valeur },
  { label: 'État', value: (c) => (c.etat === 'DELETED' ? 'Annulée' : 'Validée') },
];

/** The store day by day: what came in, went out, and the stock and its value at the day's end. */
export const STOCK_JOURS_CSV: readonly CsvColumn<JourStock>[] = [
  { label: 'Date', value: (j) => j.date, date: true },
  { label: 'Entrées (kg)', value: (j) => j.entree_kg },
  { label: 'Sorties (kg)', value: (j) => j.sortie_kg },
  { label: 'Stock (kg)', value: (j) => j.stock_kg },
  { label: 'Valeur (FCFA)', value: (j) => j.valeur },
  { label: 'Coût moyen (FCFA/kg)', value: (j) => j.cout_moyen_kg },
];
