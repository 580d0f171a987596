// What other domains may use of produits: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// Sales and orders take stock in the same transaction.
export { getProduit, getProduits, getProduitsDe, listProduits, produitDeKey, stockAdd, stockAddRefusal, stockTake } from './repository';
// Publishing an online product is conditioned on its product not being archived (one state).
export { produitPublishGuard } from './repository';
// A flock's eggs and a slaughter's birds become stock through restocks of origin « Production ».
export { getReappro, productionReapproCancelItems, productionReapproItems } from './repository';
