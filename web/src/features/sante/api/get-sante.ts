// The health reads of the Santé tab and the plan editor (GET api/sante/bande/{id}, GET
// api/sante/plans); their query options live in lib/queries/sante.ts because the batch screens and
// the dashboard read them too.
import { useQuery } from '@tanstack/react-query';
import { plansQueryOptions, santeBandeQueryOptions } from '../../../lib/queries/sante';

export const useSanteBande = (id: number) => useQuery(santeBandeQueryOptions(id));
export const usePlans = () => useQuery(plansQueryOptions());
