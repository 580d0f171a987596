// The outbox's entries of one list (a batch's entries, the shop's sales, the repayments), shown
// above that list: "en attente" until the connection returns, "à corriger" with the server's
// message when it refused them (details and actions on #/synchro).
import { Link } from 'react-router-dom';
import { formatDateTime } from '../format';
import { useOutbox, type OutboxEntry } from './outbox';

export function PendingEntries({ filter, title = 'Saisies non envoyées' }: { filter: (e: OutboxEntry) => boolean; title?: string }) {
  const entries = useOutbox().filter(filter);
  if (!entries.length) return null;
  return (
    <div className="card pending-entries" data-testid="pending-entries">
      <h3>{title}</h3>
      <ul>
        {entries.map((e) => (
          <li key={e.id}>
            <span className={e.state === 'pending' ? 'sync-badge' : 'sync-badge sync-badge-failed'}>{e.state === 'pending' ? 'en attente' : 'à corriger'}</span>
            <span className="pending-label">{e.label}</span>
            <span className="pending-date">{formatDateTime(e.createdAt)}</span>
            {e.error && <span className="pending-error">{e.error}</span>}
          </li>
        ))}
      </ul>
      <Link to="/synchro">Voir la synchronisation</Link>
    </div>
  );
}
