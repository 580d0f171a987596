// The business's shops; the query itself is shared (web/src/lib/queries/boutiques.ts).
import { useQuery } from '@tanstack/react-query';
import { boutiquesQueryOptions } from '../../../lib/queries/boutiques';

export const useBoutiques = () => useQuery(boutiquesQueryOptions());
