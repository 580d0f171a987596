// What the batch rows answer: a batch as listed and in detail, and its entries.
import type { BandeType } from '../../breeds';
import type { AlimentBande } from '../aliment';
import type { Calibre } from '../../formulas/oeufs';

export type BandeStatut = 'ACTIVE' | 'CLOTUREE';

/** A batch as listed (and as the dashboard reads it): running totals kept by the server. */
export interface BandeSummary {
  id: number;
  nom: string;
  type: BandeType;
  nb_sujet: number;
  date_demarage: string;
  statut: BandeStatut;
  nb_perte: number;
  /** Revenue of non-cancelled sales, FCFA. */
  chiffre_affaire: number;
  /** Sum of non-cancelled expenses, FCFA. */
  depense: number;
  /**
   * Quantity sold over non-cancelled sales: birds for a broiler batch, eggs for a layer batch (a
   * sale in trays counts its 30 eggs each; réforme hens are in `nb_reforme`).
   */
  nb_vendu: number;
  /** Layers: hens sold at the end of lay (sales in `sujet`), out of the birds alive. 0 on broilers. */
  nb_reforme?: number;
  /** Birds slaughtered (slaughter records); they have left the live count. */
  nb_abattu?: number;
  created_at: string;
  /** Breed code (shared/breeds.ts); absent on batches made before it: the default of the type. */
  race?: string;
  /** Age of the birds when placed, days. */
  age_demarrage?: number;
  /** When the batch was closed (ISO). */
  closed_at?: string;
  /**
   * Archived: out of the lists and pickers, its figures kept in every total; it takes no
   * entry until restored and, still active, no longer counts in the plan's birds. Absent otherwise.
   */
  archive?: true;
  /**
   * Feed eaten from the farm's store: kg, and its cost at the store's average cost of
   * each day (whole FCFA). Not in `depense` (the expenses typed on the batch): a batch's costs are
   * `depense + cout_aliment` (shared/formulas/aliment.ts `depenseBande`). Absent: none eaten.
   */
  aliment_kg?: number;
  cout_aliment?: number;
}

export interface Depense {
  id: number;
  id_bande: number;
  id_type_depense: number;
  designation: string;
  prix_unitaire: number;
  quantite: number;
  /** prix_unitaire × quantite rounded once to the franc (server). */
  prix_total: number;
  created_at: string;
  /** The day it counts on (YYYY-MM-DD): as sent, else the day it was typed. */
  date: string;
  unite?: string | null;
}

export interface Vente {
  id: number;
  id_vente: number;
  id_bande: number;
  /** Per unit of `unite`. */
  prix_unitaire: number;
  /** In `unite`. */
  quantite: number;
  /** What the sale counts (shared/schemas/bandes/entries.ts UNITES_VENTE); absent: birds (broiler) or eggs (layer). */
  unite?: 'oeuf' | 'plateau' | 'sujet';
  /** The size of the eggs sold, when the sale named one. */
  calibre?: Calibre | null;
  prix_total: number;
  created_at: string;
  /** The day it counts on (YYYY-MM-DD). */
  date: string;
  etat: 'ACTIVE' | 'DELETED';
  /** Set when the sale was made in a shop naming this batch: it is changed from the sales history only. */
  id_vente_boutique?: number;
}

export interface Perte {
  id: number;
  id_bande: number;
  nombre: number;
  type: 'perte';
  created_at: string;
  /** The day it counts on (YYYY-MM-DD). */
  date: string;
}

export interface Pesage {
  id: number;
  id_bande: number;
  poids_moyen: number;
  unite: 'g' | 'kg';
  echantillon: number;
  date_prise: string;
  created_at: string;
  /** `date_prise`'s day (YYYY-MM-DD). */
  date: string;
}

export interface Collecte {
  id: number;
  id_bande: number;
  collecte: number;
  calibres: string;
  date_collecte: string;
  created_at: string;
  /** `date_collecte`'s day (YYYY-MM-DD). */
  date: string;
  /** Collected inside an egg withdrawal of the batch: its eggs are not sellable. */
  non_commercialisable?: true;
}

/** A slaughter as the batch detail lists it: the birds it took and its day. */
export interface AbattageDuLot {
  id: number;
  quantite: number;
  /** YYYY-MM-DD */
  date: string;
  /** The shop products its birds became, by product; absent when none. */
  produits?: { id: number; nom: string; quantite: number }[];
}

export interface BandeDetail extends BandeSummary {
  depenses: Depense[];
  ventes: Vente[];
  pertes: Perte[];
  pesages: Pesage[];
  /** The batch's slaughters, so that birds alive on a day (shared/formulas/birds.ts `sujetsVivantsLe`) can be read from the detail. */
  abatages: AbattageDuLot[];
  /**
   * Entries the batch holds, every kind (collections and slaughters too), cancelled ones included:
   * 0 lets it be deleted (api/bande/supprimer), more fixes its type (decisions 0215, 0216).
   */
  nb_saisies?: number;
  /** Eggs of the collections dated inside an egg withdrawal (not sellable); absent when none. */
  oeufs_non_commercialisables?: number;
  /** The withdrawals running today: their last day (the batch header's banner); absent when none. */
  attente?: { viande_jusqu_au?: string; oeufs_jusqu_au?: string };
  /** Feed from the store, each consumption with its value; absent when none. */
  aliment?: AlimentBande;
  /**
   * Feed conversion ratio (kg of feed / kg live weight produced, 3 decimals) over the feed expenses'
   * kg and the kg eaten from the store (`batchIndicators`); absent without feed or a weighing.
   */
  indice_consommation?: number;
}
