// What other domains may use of commandes: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// Repayments are allocated to the orders still due; the morning push summary counts the
// orders to deliver.
export { commandesALivrer, commandesDues, getCommande, reglementUpdate, resteAPayer, type CommandeRecord } from './repository';
