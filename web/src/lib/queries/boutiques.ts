// GET api/boutique (droit boutav:r): the business's shops. Read by the shop screen and the user
// form (a vendeur's shop).
import { queryOptions } from '@tanstack/react-query';
import type { BoutiqueListResponse } from '@shared/schemas/boutiques';
import { http } from '../http';

/** The start of every boutiques query key: invalidating it reloads them all. */
export const boutiquesKey: readonly string[] = ['boutiques'];

export const getBoutiques = () => http.get<BoutiqueListResponse>('api/boutique', { droit: 'boutav:r' });

export const boutiquesQueryOptions = () => queryOptions({ queryKey: [...boutiquesKey], queryFn: getBoutiques });
