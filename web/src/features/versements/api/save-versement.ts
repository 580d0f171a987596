// POST api/versement (droit remav:r): records a repayment and lowers the client's creance; the
// repayments and the clients (their creance) reload. Through the outbox: without a connection the
// repayment waits on the device and answers Queued.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VersementInput, VersementResult } from '@shared/schemas/versements';
import { formatFcfa } from '../../../lib/format';
import { submitWrite } from '../../../lib/offline/outbox';
import { clientsKey } from '../../../lib/queries/clients';
import { versementsKey } from './get-versements';

export const saveVersement = (input: VersementInput, client?: string) =>
  submitWrite<VersementResult>({
    kind: 'versement',
    url: 'api/versement',
    body: input,
    droit: 'remav:r',
    invalidate: [versementsKey[0], clientsKey[0]],
    label: `Remboursement de ${formatFcfa(Number(input.montant))}${client ? ` — ${client}` : ''}`,
  });

export function useSaveVersement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, client }: { input: VersementInput; client?: string }) => saveVersement(input, client),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: versementsKey }), qc.invalidateQueries({ queryKey: clientsKey })]),
  });
}
