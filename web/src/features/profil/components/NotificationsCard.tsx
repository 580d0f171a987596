// « Notifications sur ce téléphone » in the profile screen: the device's state said
// in French (on, off, blocked in the browser's settings, not supported, offline) and one button.
// Loaded lazily by ProfilPage: none of this is in the first screen's JavaScript.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { NOTIF_MSG } from '@shared/messages/notifications';
import { serverMessage } from '../../../lib/http';
import { Alert } from '../../../lib/ui/Alert';
import { currentPushState, disablePush, enablePush, type PushState } from '../api/notifications';

function subscribeOnline(cb: () => void): () => void {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}
const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  );

const STATE_TEXT: Record<PushState, string> = {
  on: NOTIF_MSG.etatActif,
  off: NOTIF_MSG.etatInactif,
  denied: NOTIF_MSG.etatRefuse,
  unsupported: NOTIF_MSG.etatNonSupporte,
};

export default function NotificationsCard() {
  const online = useOnline();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    currentPushState().then(
      (s) => live && setState(s),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const act = async (turnOn: boolean) => {
    setBusy(true);
    setMessage(null);
    try {
      const next = turnOn ? await enablePush() : await disablePush();
      setState(next);
      if (next === 'on') setMessage({ kind: 'success', text: NOTIF_MSG.activees });
      else if (!turnOn) setMessage({ kind: 'success', text: NOTIF_MSG.desactivees });
      else if (next === 'off') setMessage({ kind: 'error', text: NOTIF_MSG.permissionNonAccordee });
    } catch (err) {
      setMessage({ kind: 'error', text: serverMessage(err, NOTIF_MSG.echec) });
    } finally {
      setBusy(false);
    }
  };

  const canAct = state === 'on' || state === 'off';
  return (
    <section className="card" aria-labelledby="notif-title" data-testid="notifications-card">
      <h2 id="notif-title">{NOTIF_MSG.ecranTitre}</h2>
      <p className="muted">{NOTIF_MSG.ecranExplication}</p>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      {state && (
        <p role="status" data-testid="notifications-state">
          {STATE_TEXT[state]}
        </p>
      )}
      {canAct && !online && <p className="offline-note">{NOTIF_MSG.etatHorsLigne}</p>}
      {canAct && online && (
        <button type="button" className={state === 'on' ? 'btn btn-muted' : 'btn btn-primary'} disabled={busy} onClick={() => void act(state === 'off')}>
          {state === 'on' ? NOTIF_MSG.desactiver : NOTIF_MSG.activer}
        </button>
      )}
    </section>
  );
}
