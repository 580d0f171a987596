// Every batch of the business with its running totals; the query itself is shared
// (web/src/lib/queries/bandes.ts).
import { useQuery } from '@tanstack/react-query';
import { bandesAvecArchivesQueryOptions, bandesQueryOptions } from '../../../lib/queries/bandes';

export const useBandes = (archives = false) => useQuery(archives ? bandesAvecArchivesQueryOptions() : bandesQueryOptions());
