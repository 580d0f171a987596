// `npm run migrate`: runs the data migrations not done yet (infra/data/migrations/) on the table
// infra/ops/table-client.ts finds (AWS with TABLE_NAME, or the local data; `npm start` also runs
// them before serving).
import { migrate } from '../data/migrations';
import { withTable } from './table-client';

withTable(async (doc, table) => {
  const done = await migrate(doc, table, (line) => console.log(line));
  const names = Object.keys(done);
  if (!names.length) console.log('Aucune migration à faire.');
  for (const n of names) console.log(`Migration ${n} : ${done[n]} élément(s) mis à jour.`);
}).catch((err) => {
  console.error('La migration a échoué :', (err as Error).message);
  process.exit(1);
});
