// GET api/partage?type=&id=: the links of one document, newest first (the query: lib/queries/partage.ts).
import { useQuery } from '@tanstack/react-query';
import type { TypePartage } from '@shared/schemas/partage';
import { partagesQueryOptions } from '../../../lib/queries/partage';

export const usePartages = (type: TypePartage, id: number, enabled: boolean) => useQuery({ ...partagesQueryOptions(type, id), enabled });
