// Users and rights (spec part 2 §7, droit utav:r): GET api/user, api/user/{id},
// api/user/fonctionnalites; POST api/user/create and api/user/updateUser. The shops (for the
// vendeur's shop select) come from GET api/boutique.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, Fonctionnalite, SaveUserResponse, UpdateUserInput, UserDetailResponse, UserView } from '@shared/schemas/utilisateurs';
import { http } from '../../../lib/http';
import { boutiquesQueryOptions } from '../../../lib/queries/boutiques';

const opts = { droit: 'utav:r' };

export const usersQueryOptions = () => queryOptions({ queryKey: ['users'], queryFn: () => http.get<UserView[]>('api/user', opts) });
export const useUsers = () => useQuery(usersQueryOptions());

export const useUser = (id: number) =>
  useQuery({ queryKey: ['users', id], queryFn: () => http.get<UserDetailResponse>(`api/user/${id}`, opts), enabled: id > 0 });

export const useFonctionnalites = () =>
  useQuery({ queryKey: ['fonctionnalites'], queryFn: () => http.get<Fonctionnalite[]>('api/user/fonctionnalites', opts), staleTime: 60_000 });

/** Shops for the vendeur's select; a user manager without the shop right still gets the list refused, then the select says so. */
export const useBoutiquesForUsers = (enabled: boolean) => useQuery({ ...boutiquesQueryOptions(), enabled, retry: false });

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput | UpdateUserInput) =>
      'id' in input && input.id ? http.post<SaveUserResponse>('api/user/updateUser', input, opts) : http.post<SaveUserResponse>('api/user/create', input, opts),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}
