// What other domains may use of ecommerce: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// The product list shows which products are online.
export { listProduitsEcom } from './repository';
// The morning push summary (functions/notifications) counts the online orders waiting.
export { commandesEcomEnAttente } from './repository/commandes-ecom';
