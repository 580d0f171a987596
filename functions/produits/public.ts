// What other domains may use of produits: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// Sales and orders take stock in the same transaction.
export { getProduit, getProduits, listProduits, stockAdd, stockAddRefusal, stockTake } from './repository';
