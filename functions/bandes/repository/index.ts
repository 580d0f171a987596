// The batches domain's repository, one module per entity: the BANDE item (reads ./bandes, writes
// ./bande-writes), its entries (./entries), a batch read whole (./state), the items other domains
// put in their own transactions (./shop-sales, ./abatages), the health calendar (./sante, with the
// keys of flock health a batch's own writes touch), breed standards (./races). Every other key is
// in ./keys; the revision guard in ./guard.
export { bandeEndIndex, bandesIndexPk, entryDay, entryDayIndex, quotaKey, type EntryKind } from './keys';
export { GUARDED_CONFLICT_ATTEMPTS, revGuard, withSante, type Guard } from './guard';
export {
  activeBirds,
  bandesActiveBetween,
  bandesByStart,
  bandesParIds,
  getBande,
  getBandeSante,
  listBandes,
  type BandeItem,
  type SanteDeBande,
} from './bandes';
export { archiveBande, closeBande, createBande, deleteBande, newBandeItem, updateBande } from './bande-writes';
export { bandeEntries, bandeState, entriesCount, getCollection, type BandeCollection, type BandeCounts, type BandeEntries, type BandeState } from './state';
export {
  addEntry,
  cancelEntry,
  cancelEntryGuarded,
  entriesBetween,
  entryBande,
  getEntry,
  replaceEntry,
  bandeGuardUpdate,
  santeBandeUpdate,
  santeDepenseCancelItems,
  santeDepenseItems,
  type SanteSet,
  type DayEntry,
  type Totals,
} from './entries';
export { shopSaleCancelItems, shopSaleEntryItems } from './shop-sales';
export { abattageItems } from './abattages';
export {
  bandeOuverte,
  calendrierApresEdition,
  calendrierPut,
  etapeBande,
  etapeRefPuts,
  etapesACreer,
  etapesDuPlan,
  getCalendrier,
  ordreEtapes,
  planSante,
  santeKeys,
  toCalendrier,
  toPlanSante,
  type Calendrier,
  type EtapeStockee,
} from './sante';
export { racesOf, saveRace } from './races';
export { fichesDeBande, fichesEntre, putFiche } from './fiches';
export {
  calibresDe,
  getOeufsEntry,
  mouvementsOeufs,
  cancelItemsOf,
  oeufsDeVenteBande,
  oeufsSortieItems,
  toCasse,
  toTransfert,
  type CasseStockee,
  type OeufsDeBande,
  type TransfertStocke,
} from './oeufs';
