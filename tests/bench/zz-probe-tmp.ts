import { startStack } from '../../infra/local/server';
import { TEST_YEAR } from '../helpers/test-dates';
import { indexSynthetic, seedSynthetic } from './scale-seed';
import { readIndex, readOffresPage } from '../../functions/ecommerce/repository';
import { getProduitsDe } from '../../functions/produits/public';
import { marchePages, marchePage, dayNumber } from '../../functions/ecommerce/marche';
const n = Number(process.env.N);
const stack = await startStack({ dataDir: null, webDist: null, port: 0 });
await seedSynthetic(0, n - 1, TEST_YEAR, 8);
await indexSynthetic();
await new Promise((r) => setTimeout(r, 20000));
const t = { idx: [] as number[], cut: [] as number[], page: [] as number[], http: [] as number[] };
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(2);
for (let i = 0; i < 300; i++) {
  let a = performance.now();
  const offres = await readIndex({ ville: 'Thiès' });
  t.idx.push(performance.now() - a); a = performance.now();
  const pages = marchePages(offres, { day: dayNumber('2026-11-29'), limit: 10, perSeller: 4 });
  const found = marchePage(pages)!;
  t.cut.push(performance.now() - a); a = performance.now();
  await Promise.all([readOffresPage(found.page), getProduitsDe(found.page.map((p) => ({ tenantId: p.tenantId, id: p.id_produit })))]);
  t.page.push(performance.now() - a); a = performance.now();
  await (await fetch(`${stack.url}/api/vitrine/produits?ville=Thi%C3%A8s&limite=10`)).text();
  t.http.push(performance.now() - a);
}
console.log(n, 'offers', (await readIndex({ ville: 'Thiès' })).length, 'index', p50(t.idx), 'cut', p50(t.cut), 'page reads', p50(t.page), 'http', p50(t.http));
await stack.close();
process.exit(0);
