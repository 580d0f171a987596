// The marketplace's town indexes (docs/decisions/0405-marketplace-town-index.md), built once from
// what they summarise: the published offers of GSI1 `VITRINE` and their sellers' subscriptions.
// Before it runs, the storefront of a deployed table is empty; after it, every publication and
// subscription change keeps them true in its own transaction. Idempotent: a second run writes the
// same indexes (each conditioned on its revision as read, so no concurrent write is lost).
import { rebuildIndexes } from '../../../functions/ecommerce/repository/vitrine-index';
import type { Migration } from './support';

export const vitrineIndex: Migration = {
  name: '2026-12-vitrine-index',
  async run(doc, table) {
    return rebuildIndexes(undefined, { doc, table });
  },
};
