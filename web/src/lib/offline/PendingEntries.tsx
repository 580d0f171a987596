// The outbox's entries of one list (a batch's entries, the shop's sales, the repayments), shown
// above that list: "en attente" until the connection returns, "à corriger" with the server's
// message when it refused them (details and actions on #/synchro). Each says what it is, the day
// it counts on (its own `date`, not the moment it was typed) and the batch it belongs to.
import { Link } from 'react-router-dom';
import { formatDate } from '../format';
import { entryBatch, entryDay, entryLabel, useOutbox, type OutboxEntry } from './outbox';

interface Props {
  filter: (e: OutboxEntry) => boolean;
  title?: string;
  /** Opens a refused entry in its own dialog, prefilled, to correct it (the batch detail). */
  onCorrect?: (e: OutboxEntry) => void;
}

export function PendingEntries({ filter, title = 'Saisies non envoyées', onCorrect }: Props) {
  const entries = useOutbox().filter(filter);
  if (!entries.length) return null;
  return (
    <div className="card pending-entries" data-testid="pending-entries">
      <h3>{title}</h3>
      <ul>
        {entries.map((e) => {
          const batch = entryBatch(e);
          return (
            <li key={e.id}>
              <span className={e.state === 'pending' ? 'sync-badge' : 'sync-badge sync-badge-failed'}>
                {e.state === 'pending' ? 'en attente' : 'à corriger'}
              </span>
              <span className="pending-label">{entryLabel(e)}</span>
              <span className="pending-date" data-testid="pending-day">
                {batch && <span data-testid="pending-batch">{batch} · </span>}
                {formatDate(entryDay(e))}
              </span>
              {e.error && <span className="pending-error">{e.error}</span>}
              {/* A daily round's entry is not reopened in one dialog (decision 0240): #/synchro sends it again or gives it up. */}
              {e.state === 'failed' && onCorrect && !e.parts && (
                <button type="button" className="btn btn-small" onClick={() => onCorrect(e)}>
                  Corriger
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <Link to="/synchro">Voir la synchronisation</Link>
    </div>
  );
}
