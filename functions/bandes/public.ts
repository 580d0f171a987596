// What other domains may use of bandes: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// Slaughters, shop sales and the operator's quotas write into a batch's items under its guards;
// flock health (functions/sante) writes its costs as the batch's expenses, reads its losses, and
// moves the batch's health calendar, whose items this domain owns (./repository/sante.ts).
export {
  abattageItems,
  bandeGuardUpdate,
  racesOf,
  bandeState,
  bandesParIds,
  getBande,
  getBandeSante,
  getEntry,
  GUARDED_CONFLICT_ATTEMPTS,
  quotaKey,
  revGuard,
  santeBandeUpdate,
  santeDepenseCancelItems,
  santeDepenseItems,
  entriesBetween,
  fichesEntre,
  getCollection,
  type BandeCollection,
  shopSaleCancelItems,
  shopSaleEntryItems,
  type BandeItem,
  type BandeState,
  type Guard,
  bandeOuverte,
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
  type SanteDeBande,
  type SanteSet,
  withSante,
} from './repository';
export { checkAttente, checkDay, checkRecords, checkSortie, lotOf, shopSaleGuard, today, untilWritten, vivantsAujourdhui } from './limits';
export { nouvellesEtapes, planPourBande } from './sante';
