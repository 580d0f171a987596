// What other domains may use of ecommerce: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// The product list shows which products are online.
export { listProduitsEcom } from './repository';
// The morning push summary (functions/notifications) counts the online orders waiting.
export { commandesEcomEnAttente } from './repository/commandes-ecom';
// Every change of a subscription writes the seller's entry in the marketplace's town indexes in
// its own transaction (functions/paiements activation, functions/operateur; decision 0405).
export { vendeurIndexSteps } from './repository';
