// Deleting a batch made by mistake (docs/decisions/0215-delete-an-empty-batch.md): asked before it
// is done, for a batch with no entry; the server's refusal (an entry landed meanwhile: it says what
// the batch holds) shows inside the dialog. Deleted, the batch's page no longer exists: back to the
// list, which says it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BANDE_MSG } from '@shared/messages/bandes';
import type { BandeSummary } from '@shared/schemas/bandes';
import { serverMessage } from '../../../lib/http';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { bandesKey } from '../../../lib/queries/bandes';
import { dashboardKey } from '../../../lib/queries/tableau-de-bord';
import { bandeQueryOptions } from '../api/get-bande';
import { supprimerBande } from '../api/mutations';

export function DeleteBandeDialog({ b, onClose }: { b: BandeSummary; onClose: () => void }) {
  const qc = useQueryClient();
  // Not useBandeMutation: its reload would ask the deleted batch's page again (404) before leaving it.
  const del = useMutation({ mutationFn: supprimerBande });
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      title="Supprimer la bande"
      question={BANDE_MSG.deleteQuestion}
      confirmLabel="Oui, supprimer"
      pending={del.isPending}
      error={error}
      onConfirm={() => {
        setError(null);
        del.mutate(b.id, {
          onSuccess: () => {
            // The lists held in cache lose it at once: the list would show it until its reload.
            qc.setQueriesData<BandeSummary[]>({ queryKey: [...bandesKey, 'list'] }, (list) => list?.filter((x) => x.id !== b.id));
            navigate('/bande', { replace: true, state: { flash: BANDE_MSG.deleted } });
            qc.removeQueries({ queryKey: bandeQueryOptions(b.id).queryKey });
            void qc.invalidateQueries({ queryKey: bandesKey });
            void qc.invalidateQueries({ queryKey: dashboardKey });
          },
          onError: (err) => setError(serverMessage(err, BANDE_MSG.deleteFailed)),
        });
      }}
      onClose={onClose}
    />
  );
}
