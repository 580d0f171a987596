// What other domains may use of clients: the one module of this folder they import (lint rule
// functions-cross-domain-through-public, .dependency-cruiser.cjs).
// Sales, orders and repayments change a client's debt in the same transaction.
export {
  clientSummary,
  creanceAdd,
  creanceAddRefusal,
  creanceJournalPut,
  creanceTake,
  getClient,
  listClients,
  mouvementsCreance,
  mouvementsCreanceParClient,
  relanceUpdate,
} from './repository';
