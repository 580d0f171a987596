// « Envoyer par WhatsApp » on a document: tap 1 asks for a signed link
// (POST api/partage) and WhatsApp opens on the answer's wa.me address — the window is opened in the
// tap and pointed at WhatsApp once the answer comes (lib/partage/whatsapp-window.ts); if the
// browser opened nothing, « Ouvrir WhatsApp » is the second tap. Then the message sent, the link
// to copy and its expiry, and the document's links still open, each with « Révoquer ». Hidden
// without the document's right (DROIT_PARTAGE: the server refuses the same); offline it says a
// share needs a connection (a link is written on the server); a refusal shows the server's words.
import { useId, useRef, useState } from 'react';
import { PARTAGE_ECRAN as T } from '@shared/messages/partage-ecran';
import { DROIT_PARTAGE, type PartageInput, type PartageResult, type TypePartage } from '@shared/schemas/partage';
import { usePermission } from '../../../lib/api/check-permission';
import { serverMessage } from '../../../lib/http';
import { useOnline } from '../../../lib/offline/OfflineNote';
import { copierTexte, ouvrirFenetreWhatsapp } from '../../../lib/partage/whatsapp-window';
import { Alert } from '../../../lib/ui/Alert';
import { useCreatePartage } from '../api/create-partage';
import { LiensPartage } from './LiensPartage';
import '../partage.css';

interface Props {
  type: TypePartage;
  /** The sale's transaction, the order's, the repayment's, the batch's or the client's id. */
  id: number;
  /** A statement's period. */
  debut?: string;
  fin?: string;
  /** The document is not shown (loading, not found): nothing to share yet. */
  disabled?: boolean;
}

export function PartageWhatsapp(props: Props) {
  const droit = usePermission(DROIT_PARTAGE[props.type]).data === true;
  if (!droit) return null;
  return <Partage {...props} />;
}

function Partage({ type, id, debut, fin, disabled }: Props) {
  const online = useOnline();
  const create = useCreatePartage();
  const [result, setResult] = useState<PartageResult | null>(null);
  const [bloque, setBloque] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copie, setCopie] = useState<string | null>(null);
  const lien = useRef<HTMLInputElement>(null);
  const ids = useId();

  function envoyer() {
    setError(null);
    setCopie(null);
    setBloque(false);
    // In the tap, before the request: a window opened after the answer would be blocked.
    const w = ouvrirFenetreWhatsapp();
    const input: PartageInput = type === 'releve_client' ? { type, id, debut, fin } : { type, id };
    create.mutate(input, {
      onSuccess: (r) => {
        setResult(r);
        setBloque(!w.aller(r.whatsapp));
      },
      onError: (err) => {
        w.fermer();
        setResult(null);
        setError(serverMessage(err, T.echec));
      },
    });
  }

  async function copier() {
    if (!result) return;
    setCopie((await copierTexte(result.url, lien.current)) ? T.lienCopie : T.copieImpossible);
  }

  return (
    <div className="partage no-print" data-testid="partage">
      <div className="partage-actions">
        <button
          type="button"
          className="btn btn-primary btn-whatsapp"
          onClick={envoyer}
          disabled={!online || disabled || create.isPending}
          aria-describedby={!online ? `${ids}-off` : undefined}
        >
          {create.isPending ? T.preparation : T.envoyer}
        </button>
        {result && (
          <a className="btn" href={result.whatsapp} target="_blank" rel="noopener noreferrer" data-testid="partage-ouvrir">
            {T.ouvrirWhatsapp}
          </a>
        )}
      </div>
      {!online && (
        <p className="partage-note" id={`${ids}-off`} role="status" data-testid="partage-hors-ligne">
          {T.horsLigne}
        </p>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {bloque && <Alert kind="info">{T.whatsappBloque}</Alert>}
      {result && (
        <div className="partage-result" data-testid="partage-result">
          <p className="partage-titre">{T.messageTitre}</p>
          <p className="partage-message" data-testid="partage-message">
            {result.message}
          </p>
          <label htmlFor={`${ids}-url`} className="partage-titre">
            {T.lien}
          </label>
          <div className="partage-lien">
            <input id={`${ids}-url`} ref={lien} readOnly value={result.url} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="btn btn-small" onClick={() => void copier()}>
              {T.copierLien}
            </button>
          </div>
          {copie && (
            <p className="partage-note" role="status">
              {copie}
            </p>
          )}
          <p className="partage-note" data-testid="partage-expire">
            {T.expireLe(result.expire_le)}
          </p>
        </div>
      )}
      {online && <LiensPartage type={type} id={id} onRevoked={(lid) => result?.id === lid && setResult(null)} />}
    </div>
  );
}
