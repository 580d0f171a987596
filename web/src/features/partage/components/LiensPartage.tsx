// The links of one document that still open (GET api/partage?type=&id=), each with when and by whom
// it was made, until when it lives, and « Révoquer » (the app's confirm dialog, then POST
// api/partage/revoquer: the page answers « retiré » at once). Revoked and expired links are left out:
// nothing can be done with them any more.
import { useState } from 'react';
import { PARTAGE_ECRAN as T } from '@shared/messages/partage-ecran';
import type { Partage, TypePartage } from '@shared/schemas/partage';
import { capitalize } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { lienVivant } from '../../../lib/queries/partage';
import { Alert } from '../../../lib/ui/Alert';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { usePartages } from '../api/get-partages';
import { useRevokePartage } from '../api/revoke-partage';

export function LiensPartage({ type, id, onRevoked }: { type: TypePartage; id: number; onRevoked: (id: string) => void }) {
  const liens = usePartages(type, id, id > 0);
  const revoke = useRevokePartage();
  const [ask, setAsk] = useState<Partage | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const vivants = (liens.data ?? []).filter((p) => lienVivant(p));

  function revoquer(p: Partage) {
    setAskError(null);
    revoke.mutate(p, {
      onSuccess: () => {
        setAsk(null);
        setDone(true);
        onRevoked(p.id);
      },
      onError: (err) => setAskError(serverMessage(err, T.revoquerEchec)),
    });
  }

  if (vivants.length === 0 && !done) return null;
  return (
    <section className="partage-liens" aria-label={T.liensTitre} data-testid="partage-liens">
      {vivants.length > 0 && <p className="partage-titre">{T.liensTitre}</p>}
      {done && <Alert kind="success">{T.lienRevoque}</Alert>}
      <ul>
        {vivants.map((p) => (
          <li key={p.id} data-testid="partage-lien">
            <span className="partage-lien-url">{p.url}</span>
            <span className="partage-note">
              {p.debut && p.fin ? `${T.periode(p.debut, p.fin)} — ` : ''}
              {T.lienInfo(p.cree_le, capitalize(p.cree_par.nom), p.expire_le)}
            </span>
            <button type="button" className="btn btn-small" onClick={() => (setDone(false), setAskError(null), setAsk(p))}>
              {T.revoquer}
            </button>
          </li>
        ))}
      </ul>
      {ask && (
        <ConfirmDialog
          title={T.revoquerTitre}
          question={T.revoquerQuestion(ask.cree_le)}
          confirmLabel={T.revoquerOui}
          pending={revoke.isPending}
          error={askError}
          onConfirm={() => revoquer(ask)}
          onClose={() => setAsk(null)}
        />
      )}
    </section>
  );
}
