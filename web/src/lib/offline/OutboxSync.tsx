// Mounted once by the authenticated shell: sends the outbox when the connection returns (the
// `online` event, at start, and every 20 s while entries wait), reloads the lists of each entry
// written, and shows in the header how many entries wait or need a correction (link to #/synchro).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { flushOutbox, refreshOutbox, setOnWritten, useOutbox } from './outbox';

const RETRY_MS = 20_000;

export function OutboxSync() {
  const qc = useQueryClient();
  const entries = useOutbox();
  const pending = entries.filter((e) => e.state === 'pending').length;
  const failed = entries.length - pending;

  useEffect(() => {
    setOnWritten((entry) => {
      for (const key of entry.invalidate) void qc.invalidateQueries({ queryKey: [key] });
    });
    const flush = () => void flushOutbox();
    void refreshOutbox().then(flush);
    window.addEventListener('online', flush);
    return () => {
      window.removeEventListener('online', flush);
      setOnWritten(() => undefined);
    };
  }, [qc]);

  useEffect(() => {
    if (!pending) return;
    const t = window.setInterval(() => void flushOutbox(), RETRY_MS);
    return () => window.clearInterval(t);
  }, [pending]);

  if (!entries.length) return null;
  return (
    <Link to="/synchro" className={failed ? 'outbox-badge outbox-badge-failed' : 'outbox-badge'} data-testid="outbox-badge">
      {pending > 0 && <span>{pending} en attente</span>}
      {pending > 0 && failed > 0 && <span aria-hidden="true"> · </span>}
      {failed > 0 && <span>{failed} à corriger</span>}
    </Link>
  );
}
