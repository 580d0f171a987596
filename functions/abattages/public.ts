// What other domains may use of abatages: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// A batch's live count subtracts its slaughters.
export { listAbattages } from './repository';
