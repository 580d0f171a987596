// What other domains may use of ventes: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// Orders and online orders record a sale; a batch's report reads its sales.
// A shared receipt (functions/partage) reads one sale's lines.
export { ventePut, ventesBetween, venteTransaction, type VenteRecord } from './repository';
export { commandeLedgerLines, ecomLedgerLine } from './ledger';
