// What other domains may use of sante: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs). The morning push summary
// (functions/notifications) reads the same « À faire » as GET api/sante/a-faire.
export { aFaire } from './a-faire';
