// Online products, online orders and the storefront index. Owns the ECOMP#, ECOMC# and
// ECOM_ACTIVE_COUNT keys of a business, and the VITRINE partition of GSI1:
//   online products of a business   PK ENT#<t>   SK begins_with ECOMP#
//   online orders of a business     PK ENT#<t>   SK begins_with ECOMC#
//   published products (storefront) GSI1PK VITRINE  GSI1SK <ville normalisée>#<type>#<t>#<id>
//                                   (set on an ACTIVE online product only; a town filter is a
//                                   begins_with on the sort key, a type filter a FilterExpression;
//                                   the pages are cut in functions/ecommerce/marche.ts)
//
// One module per entity: keys.ts, produits-ecom.ts (products and publication), vitrine.ts (the
// storefront's reads), commandes-ecom.ts (online orders).
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
  type ProduitEcomItem,
} from './produits-ecom';
export { readVendeurs, readVitrine, VITRINE_MAX_QUERIES, type VendeurVitrine } from './vitrine';
export { commandeCancelUpdate, commandeEditUpdate, commandeStateUpdate, etatOf, getCommande, listCommandes, newCommandePut } from './commandes-ecom';
