// #/synchro: the entries typed on this device that the server has not written yet.
// "En attente": they leave in order as soon as the connection returns. "À corriger": the server
// refused them when they arrived (stock sold meanwhile, batch closed, right removed) — its French
// message is shown; an entry of a batch opens in its own dialog on the batch's detail to be
// corrected (#/bande/:id?corriger=<entry>), and any entry can be sent again as it is, or given up.
// A refused slaughter opens in its own form (#/newabatage?corriger=<entry>).
// Each row says what the entry is, its batch by name and the day it counts on (its `date`).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../lib/format';
import { discardEntry, entryBatch, entryDay, entryLabel, flushOutbox, retryEntry, useOutbox, type OutboxEntry } from '../../../lib/offline/outbox';
import { corrigerAbattage } from '../../../lib/abattage/abattage';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { PARTS_MSG } from '@shared/messages/sync';

/** The entries a batch's dialog can correct (a shop sale or a repayment is sent again or given up). */
const CORRECTABLE = new Set(['perte', 'depense', 'vente-bande', 'pesage', 'collecte']);

function Row({ e, onDiscard }: { e: OutboxEntry; onDiscard: (e: OutboxEntry) => void }) {
  const batch = entryBatch(e);
  return (
    <li className="sync-row" data-testid={e.state === 'pending' ? 'sync-pending' : 'sync-failed'}>
      <div className="sync-row-main">
        <span className={e.state === 'pending' ? 'sync-badge' : 'sync-badge sync-badge-failed'}>{e.state === 'pending' ? 'en attente' : 'à corriger'}</span>
        <span className="pending-label">{entryLabel(e)}</span>
      </div>
      <div className="pending-date" data-testid="sync-day">
        {batch && <span data-testid="sync-batch">{batch} · </span>}
        le {formatDate(entryDay(e))}
      </div>
      {e.error && (
        <div className="alert alert-error" role="alert">
          {e.error}
        </div>
      )}
      {e.state === 'failed' && (
        <div className="sync-actions">
          {e.kind === 'abattage' && (
            <Link className="btn btn-primary" to={corrigerAbattage(e)}>
              Corriger
            </Link>
          )}
          {e.bandeId !== undefined && CORRECTABLE.has(e.kind) && (
            <Link className="btn btn-primary" to={`/bande/${e.bandeId}?corriger=${encodeURIComponent(e.id)}`}>
              Corriger
            </Link>
          )}
          <button type="button" className="btn" onClick={() => void retryEntry(e.id)}>
            Renvoyer
          </button>
          <button type="button" className="btn" onClick={() => onDiscard(e)}>
            Abandonner
          </button>
        </div>
      )}
    </li>
  );
}

export default function SynchroPage() {
  const entries = useOutbox();
  const [discard, setDiscard] = useState<OutboxEntry | null>(null);
  const pending = entries.filter((e) => e.state === 'pending');
  const failed = entries.filter((e) => e.state === 'failed');
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  return (
    <section className="page ui-page sync-page">
      <h1>Synchronisation</h1>
      <p className="muted">
        {online ? 'Connexion disponible.' : 'Hors ligne : les saisies restent sur cet appareil.'} Les saisies faites sans connexion partent dans l’ordre dès le
        retour du réseau, une seule fois chacune.
      </p>
      <div className="card">
        <h2>En attente ({pending.length})</h2>
        {pending.length ? (
          <>
            <ul className="sync-list">
              {pending.map((e) => (
                <Row key={e.id} e={e} onDiscard={setDiscard} />
              ))}
            </ul>
            <button type="button" className="btn btn-primary" onClick={() => void flushOutbox()} disabled={!online}>
              Envoyer maintenant
            </button>
          </>
        ) : (
          <p className="muted">Aucune saisie en attente.</p>
        )}
      </div>
      <div className="card">
        <h2>À corriger ({failed.length})</h2>
        {failed.length ? (
          <ul className="sync-list">
            {failed.map((e) => (
              <Row key={e.id} e={e} onDiscard={setDiscard} />
            ))}
          </ul>
        ) : (
          <p className="muted">Aucune saisie refusée.</p>
        )}
      </div>
      {discard && (
        <ConfirmDialog
          title="Abandonner la saisie"
          question={discard.written?.length ? PARTS_MSG.abandon(entryLabel(discard)) : `Abandonner « ${discard.label} » ? Elle ne sera jamais envoyée.`}
          confirmLabel="Oui, abandonner"
          pending={false}
          error={null}
          onConfirm={() => void discardEntry(discard.id).then(() => setDiscard(null))}
          onClose={() => setDiscard(null)}
        />
      )}
    </section>
  );
}
