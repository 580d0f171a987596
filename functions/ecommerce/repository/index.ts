// Online products, online orders and the storefront index. Owns the ECOMP#, ECOMC# and
// ECOM_ACTIVE_COUNT keys of a business, and the VITRINE partition of GSI1:
//   online products of a business   PK ENT#<t>   SK begins_with ECOMP#
//   online orders of a business     PK ENT#<t>   SK begins_with ECOMC#
//   published products (storefront) GSI1PK VITRINE  GSI1SK <ville normalisée>#<type>#<t>#<id>
//                                   (set on an ACTIVE online product only: what the town indexes
//                                   are rebuilt from)
//   a town's index (storefront)     PK VITRINE#<ville normalisée>  SK INDEX  (one GetItem a page;
//                                   VITRINE#* the towns off the list; the pages are cut in
//                                   functions/ecommerce/marche.ts)
//
// One module per entity: keys.ts, produits-ecom.ts (products and publication), vitrine-index.ts
// (the town indexes: the storefront's reads and their upkeep), commandes-ecom.ts (online orders).
export { VITRINE_PK } from './keys';
export {
  activeCount,
  getEntreprise,
  getProduitEcom,
  listProduitsEcom,
  produitEcomPut,
  publishItems,
  saveAndPublishItems,
  unpublishItems,
  villesRevUpdate,
  type ProduitEcomItem,
} from './produits-ecom';
export {
  indexVille,
  offreEntreeSteps,
  offreSortieStep,
  readIndex,
  readOffresPage,
  rebuildIndexes,
  TOUTES_VILLES,
  vendeurIndexSteps,
  type OffreIndexee,
} from './vitrine-index';
export { commandeCancelUpdate, commandeEditUpdate, commandeStateUpdate, etatOf, getCommande, listCommandes, newCommandePut } from './commandes-ecom';
