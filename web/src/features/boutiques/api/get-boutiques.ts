// GET api/boutique (droit boutav:r): the business's shops.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoutiqueListResponse } from '../../../../../shared/schemas/boutiques';
import { http } from '../../../lib/http';

export const getBoutiques = () => http.get<BoutiqueListResponse>('api/boutique', { droit: 'boutav:r' });

export const boutiquesQueryOptions = () => queryOptions({ queryKey: ['boutiques'], queryFn: getBoutiques });

export const useBoutiques = () => useQuery(boutiquesQueryOptions());
