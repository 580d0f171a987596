// What other domains may use of boutiques: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// Sign-up creates the first shop; staff, sales and the operator read shops.
export { countKey, firstBoutiqueItems, getBoutique, listBoutiques } from './repository';
