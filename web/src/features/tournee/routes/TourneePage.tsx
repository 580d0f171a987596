// #/tournee, « Tournée du jour » (decision 0240): one phone screen that walks through
// the business's active, non-archived batches one after the other (« Bande 1 sur 3 », previous,
// skip) for the chosen day (today by default, any past day), takes each batch's day and queues it
// as one outbox entry with its true date. Works offline: the batches, their details, collections
// and sheets are read from the device's copy (lib/offline/persist.ts) and the entries wait in the
// outbox; each batch's line in the summary follows its entry (en attente, enregistrée, à corriger).
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { TOURNEE_MSG } from '@shared/messages/tournee';
import type { BandeSummary } from '@shared/schemas/bandes';
import { today } from '../../../lib/day-bounds';
import { formatDate } from '../../../lib/format';
import { OfflineNote } from '../../../lib/offline/OfflineNote';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import { useOutbox, type OutboxEntry } from '../../../lib/offline/outbox';
import { bandesQueryOptions } from '../../../lib/queries/bandes';
import { TourneeBande } from '../components/TourneeBande';
import '../tournee.css';

type Etat = { kind: 'passee' } | { kind: 'saisie'; entryId: string };

/** What became of a batch's day: skipped, or its entry's state in the outbox (gone from it: written). */
function etatDe(e: Etat | undefined, outbox: readonly OutboxEntry[]): { cls: string; mot: string; text: (nom: string) => string; error?: string } | null {
  if (!e) return null;
  const m = TOURNEE_MSG.etat;
  if (e.kind === 'passee') return { cls: 'badge badge-muted', mot: m.passee, text: TOURNEE_MSG.passee };
  const entry = outbox.find((x) => x.id === e.entryId);
  if (!entry) return { cls: 'badge', mot: m.enregistree, text: TOURNEE_MSG.enregistree };
  if (entry.state === 'failed') return { cls: 'badge badge-danger', mot: m.corriger, text: TOURNEE_MSG.aCorriger, error: entry.error };
  return { cls: 'badge badge-warning', mot: m.attente, text: TOURNEE_MSG.enAttente };
}

const isTournee = (e: OutboxEntry) => e.kind === 'tournee';

export default function TourneePage() {
  const q = useQuery(bandesQueryOptions());
  const [day, setDay] = useState(today());
  const actives = useMemo(() => (q.data ?? []).filter((b: BandeSummary) => b.statut === 'ACTIVE' && !b.archive).sort((a, b) => a.id - b.id), [q.data]);
  // A past day walks only the batches already started that day (a later one had nothing to record).
  const bandes = useMemo(() => actives.filter((b) => b.date_demarage.slice(0, 10) <= day), [actives, day]);
  const [index, setIndex] = useState(0);
  const [etats, setEtats] = useState<Record<string, Etat>>({});
  const outbox = useOutbox();
  const max = today();
  const min = actives.reduce((m, b) => (b.date_demarage.slice(0, 10) < m ? b.date_demarage.slice(0, 10) : m), max);

  const key = (id: number) => `${day}:${id}`;
  const mark = (id: number, e: Etat) => {
    setEtats((old) => ({ ...old, [key(id)]: e }));
    setIndex((i) => i + 1);
  };
  const courante = bandes[index] as BandeSummary | undefined;
  const fini = bandes.length > 0 && index >= bandes.length;

  return (
    <section className="page ui-page tr-page">
      <h1>Tournée du jour</h1>
      <OfflineNote updatedAt={q.dataUpdatedAt || undefined} />
      <div className="tr-day">
        <label htmlFor="tr-day">Jour de la tournée</label>
        <input
          id="tr-day"
          type="date"
          min={min}
          max={max}
          value={day}
          onChange={(e) => {
            // An empty or future day is never the round's: it stays on the last good one.
            if (e.target.value && e.target.value <= max) {
              setDay(e.target.value);
              setIndex(0);
            }
          }}
        />
      </div>

      {q.isPending && <p className="muted">Chargement…</p>}
      {q.isSuccess && !bandes.length && <p className="muted">{TOURNEE_MSG.aucuneBande}</p>}

      {courante && (
        <div className="card tr-step">
          <div className="tr-step-head">
            <p className="tr-step-count" data-testid="tournee-etape">
              {TOURNEE_MSG.etape(index + 1, bandes.length)}
            </p>
            <h2>
              <Link to={`/bande/${courante.id}`}>{courante.nom}</Link>
            </h2>
            <p className="muted">
              {courante.type === 'pondeuse' ? 'Pondeuses' : 'Chair'} · {formatDate(day)}
            </p>
          </div>
          <TourneeBande key={key(courante.id)} bande={courante} day={day} onQueued={(entryId) => mark(courante.id, { kind: 'saisie', entryId })} />
          <div className="tr-nav">
            <button type="button" className="btn" onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
              Précédente
            </button>
            <button type="button" className="btn" onClick={() => mark(courante.id, { kind: 'passee' })}>
              Passer cette bande
            </button>
          </div>
        </div>
      )}

      {(fini || Object.keys(etats).length > 0) && (
        <div className="card tr-summary" data-testid="tournee-resume">
          <h2>{fini ? TOURNEE_MSG.fin : TOURNEE_MSG.titre(formatDate(day))}</h2>
          <ul>
            {bandes.map((b, i) => {
              const s = etatDe(etats[key(b.id)], outbox);
              if (!s) return null;
              return (
                <li key={b.id} data-testid="tournee-etat">
                  <span className={s.cls}>{s.mot}</span> <span>{s.text(b.nom)}</span>
                  {s.error && <span className="pending-error">{s.error}</span>}{' '}
                  {/* A day saved is not typed twice from here (a second loss would add up); a skipped one may be. */}
                  {etats[key(b.id)]?.kind === 'passee' && (
                    <button type="button" className="btn btn-small" onClick={() => setIndex(i)}>
                      Revoir
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {fini && (
            <div className="tr-nav">
              <button type="button" className="btn" onClick={() => setIndex(0)}>
                Reprendre depuis la première
              </button>
              <Link className="btn btn-primary" to="/dashboard">
                Retour à l&apos;accueil
              </Link>
            </div>
          )}
        </div>
      )}
      {/* Below the round: the phone's first screen stays the batch being walked. */}
      <PendingEntries filter={isTournee} title="Tournées non envoyées" />
    </section>
  );
}
