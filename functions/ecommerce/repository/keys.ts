// The keys of the online shop: products, orders, the published count and the storefront index.
import { tenantPk } from '../../lib/repo/keys';
import { normalizeVille, type ProduitEcom } from '@shared/schemas/ecommerce';

export const pad = (id: number) => String(id).padStart(10, '0');
export const produitEcomKey = (t: number, id: number) => ({ PK: tenantPk(t), SK: `ECOMP#${pad(id)}` });
export const commandeKey = (t: number, id: number) => ({ PK: tenantPk(t), SK: `ECOMC#${pad(id)}` });
export const countKey = (t: number) => ({ PK: tenantPk(t), SK: 'ECOM_ACTIVE_COUNT' });
export const VITRINE_PK = 'VITRINE';
export const vitrineSk = (p: Pick<ProduitEcom, 'ville' | 'type_produit' | 'id'>, t: number) =>
  `${normalizeVille(p.ville)}#${p.type_produit}#${pad(t)}#${pad(p.id)}`;
/** A buyer's number the seller blocked (E.164): the storefront refuses its orders to that seller. */
export const numeroBloqueKey = (t: number, telephone: string) => ({ PK: tenantPk(t), SK: `ECOMBLOQUE#${telephone}` });
export const NUMERO_BLOQUE_PREFIX = 'ECOMBLOQUE#';
