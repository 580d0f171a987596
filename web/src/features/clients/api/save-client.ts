// POST api/addOrUpdateClient (droit clav:r): id 0 creates, otherwise updates; the list reloads.
// `indicatif` follows the business's country (+225 in Côte d'Ivoire) instead of the spec's fixed
// +221; the server sets the stored one from the number itself (docs/decisions.md, "Phones").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { phoneIndicatif, type PhoneCountry } from '@shared/phone';
import type { ClientInput, ClientResponse } from '@shared/schemas/clients';
import { http } from '../../../lib/http';
import { clientsQueryOptions } from '../../../lib/queries/clients';

export const saveClient = ({ country, ...input }: ClientInput & { country?: PhoneCountry | null }) =>
  http.post<ClientResponse>('api/addOrUpdateClient', { ...input, indicatif: phoneIndicatif(input.telephone, country ?? null) }, { droit: 'clav:r' });

export function useSaveClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveClient,
    onSuccess: () => qc.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  });
}
