// What other domains may use of versements: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// A shared repayment receipt (functions/partage) reads the repayment.
export { getVersement, type VersementRecord } from './repository';
