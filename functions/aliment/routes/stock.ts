// The store's card (decision 0234): its stock, value, daily consumption and days left;
// the threshold under which « À faire » warns and the water alert's share (decision 0242).
import type { z } from 'zod/mini';
import type { seuilAlimentSchema, StockAliment } from '@shared/schemas/aliment';
import type { RouteContext } from '../../lib/http';
import { today } from '../../bandes/public';
import { getRegistre, setSeuil as saveSeuil } from '../repository/registre';
import { etatStock } from '../stock';

/** GET api/aliment/stock */
export async function getStock(ctx: RouteContext): Promise<StockAliment> {
  const t = ctx.auth.tenantId;
  return etatStock(t, await getRegistre(t), today());
}

/** POST api/aliment/seuil: answers the store with its new settings (the one not sent kept). */
export async function setSeuil(ctx: RouteContext<z.infer<typeof seuilAlimentSchema>>): Promise<StockAliment> {
  const t = ctx.auth.tenantId;
  await saveSeuil(t, ctx.body);
  return etatStock(t, await getRegistre(t), today());
}
