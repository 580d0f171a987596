// POST api/versement/searchClient (droit remav:r): clients whose first name, last name or phone
// contains the text, ignoring case and spaces.
import { useMutation } from '@tanstack/react-query';
import type { SearchClientResponse } from '../../../../../shared/schemas/versements';
import { http } from '../../../lib/http';

export const searchClient = (username: string) =>
  http.post<SearchClientResponse>('api/versement/searchClient', { username }, { droit: 'remav:r' });

export const useSearchClient = () => useMutation({ mutationFn: searchClient });
