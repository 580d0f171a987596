// An archived batch says so above its figures, with the button that restores it (an archived batch
// takes no entry until then) and the refusal when the restore fails.
import { useState } from 'react';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { serverMessage } from '../../../lib/http';
import { archiverBande, useBandeMutation } from '../api/mutations';

export function ArchivedNotice({ id, onRestored }: { id: number; onRestored: (message: string) => void }) {
  const restore = useBandeMutation(archiverBande);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <div className="alert alert-warning bd-archived" role="status">
        Cette bande est archivée : elle ne figure plus dans la liste ni dans les choix, ni dans les bandes, sujets, mortalité et coût du tableau de bord ; ses
        dépenses et ventes restent dans l'argent de la période.{' '}
        <button
          type="button"
          className="btn btn-small"
          disabled={restore.isPending}
          onClick={() => {
            setError(null);
            restore.mutate(
              { id, archive: false },
              {
                onSuccess: () => onRestored(ARCHIVE_MSG.bandeRestored),
                onError: (err) => setError(serverMessage(err, ARCHIVE_MSG.failed)),
              },
            );
          }}
        >
          Restaurer
        </button>
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
    </>
  );
}
