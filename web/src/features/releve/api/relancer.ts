// « Relancer par WhatsApp »: POST api/partage {type: 'releve_client', id, debut, fin, relance: true}
// — a signed link to the client's statement, and the reminder recorded (when, by whom) in the same
// write; the follow-up list then reloads to show it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPartage, partagesKey } from '../../../lib/queries/partage';
import { relancesKey } from './get-relances';

export function useRelancer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; debut: string; fin: string }) => createPartage({ type: 'releve_client', ...v, relance: true }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: relancesKey }), qc.invalidateQueries({ queryKey: partagesKey })]),
  });
}
