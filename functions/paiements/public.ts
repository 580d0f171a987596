// What other domains may use of payments: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// The operator console reads the payments ledger.
export { ledgerOfMonth, revenueMonths } from './repository';
export { addMonths } from './period';
