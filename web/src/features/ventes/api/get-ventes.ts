// The sales history of a period and its turnover; the query itself is shared
// (web/src/lib/queries/ventes.ts).
import { useQuery } from '@tanstack/react-query';
import type { VenteHistoryInput } from '@shared/schemas/ventes';
import { ventesQueryOptions } from '../../../lib/queries/ventes';

export const useVentes = (input: VenteHistoryInput) => useQuery(ventesQueryOptions(input));
