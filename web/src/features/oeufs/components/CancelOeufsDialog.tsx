// The confirmation before cancelling a breakage or a move. Sent at once (office work). A move
// whose units the shop already sold is refused with the server's 409 (« Annulation impossible : la
// boutique a déjà vendu … »), shown inside the dialog in its words.
import { useState } from 'react';
import { BANDE_MSG } from '@shared/messages/bandes';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { OEUFS_ECRAN } from '@shared/messages/oeufs-ecran';
import type { MouvementOeufsVue } from '@shared/schemas/oeufs';
import { serverMessage } from '../../../lib/http';
import { cancelCasseOeufs, cancelTransfertOeufs, useOeufsMutation } from '../../../lib/oeufs/oeufs';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';

export function CancelOeufsDialog({ mouvement: m, onClose, onDone }: { mouvement: MouvementOeufsVue; onClose: () => void; onDone: (message: string) => void }) {
  const envoi = m.genre === 'transfert';
  const mut = useOeufsMutation((id: number): Promise<unknown> => (envoi ? cancelTransfertOeufs(id) : cancelCasseOeufs(id)));
  const [error, setError] = useState<string | null>(null);
  const oeufs = Math.abs(m.oeufs);
  return (
    <ConfirmDialog
      title={envoi ? OEUFS_ECRAN.annulerEnvoi : OEUFS_ECRAN.annulerCasse}
      question={envoi ? OEUFS_ECRAN.questionEnvoi(m.date, oeufs, m.produit?.nom ?? '') : OEUFS_ECRAN.questionCasse(m.date, oeufs)}
      pending={mut.isPending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        mut.mutate(m.id, {
          onSuccess: () => onDone(envoi ? OEUFS_MSG.transfertAnnule : OEUFS_MSG.casseAnnulee),
          onError: (err) => setError(serverMessage(err, BANDE_MSG.operationFailed)),
        });
      }}
    />
  );
}
