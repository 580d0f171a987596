// The batches a sale may name (spec part 2 §2 "band select"), from the batch list's query
// (web/src/lib/queries/bandes.ts). Only active batches take sales (server rule); a user without
// the batch right gets 403 and the select is simply not offered (no retry).
import { useQuery } from '@tanstack/react-query';
import { bandesQueryOptions } from '../../../lib/queries/bandes';

export const useBandes = () => useQuery({ ...bandesQueryOptions(), retry: false });
