// GET api/races (droit bandav:r): the breed standards, the business's own targets in place of the
// published curves; POST api/race saves those targets.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Race } from '@shared/breeds';
import type { RaceInput } from '@shared/schemas/tableau-de-bord';
import { http } from '../../../lib/http';

export const getRaces = () => http.get<Race[]>('api/races', { droit: 'bandav:r' });
export const racesQueryOptions = () => queryOptions({ queryKey: ['races'], queryFn: getRaces, staleTime: 60_000 });
export const useRaces = () => useQuery(racesQueryOptions());

export function useSaveRace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: RaceInput) => http.post<Race>('api/race', r, { droit: 'bandav:r' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['races'] }),
  });
}
