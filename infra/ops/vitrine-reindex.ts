// `npm run vitrine:reindex [ville…]`: rebuilds the marketplace's town indexes from the published
// offers (GSI1 VITRINE) and their sellers' subscriptions (docs/decisions/0405-marketplace-town-index.md),
// for the towns named (as the list spells them; `*` for the towns off the list) or every town. For an
// index lost or damaged; safe while the storefront runs (each index is written only if no write
// touched it since it was read). Table: infra/ops/table-client.ts.
import { indexVille, rebuildIndexes } from '../../functions/ecommerce/repository/vitrine-index';
import { withTable } from './table-client';

const named = process.argv.slice(2);
withTable(async (doc, table) => {
  const n = await rebuildIndexes(named.length ? named.map((v) => (v === '*' ? v : indexVille(v))) : undefined, { doc, table });
  console.log(`Index de la vitrine reconstruits : ${n}.`);
}).catch((err) => {
  console.error('La reconstruction a échoué :', (err as Error).message);
  process.exit(1);
});
