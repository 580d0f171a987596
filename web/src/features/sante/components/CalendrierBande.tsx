// The batch's calendar, one card per dated step — cards, not a table, so it reads on
// a 360 px phone: age and due day, what is given and how, the plan's note, its status badge, and
// once done the day, product, lot, expiry and cost (or the reason it was skipped). A step with an
// action still waiting in the outbox says so and offers nothing more until it is sent.
import { STATUT_ETAPE_NOM, VOIE_NOM } from '@shared/messages/sante';
import type { EtapeBande, StatutEtape } from '@shared/schemas/sante';
import { formatDate, formatFcfa } from '../../../lib/format';

const BADGE: Record<StatutEtape, string> = {
  a_venir: 'badge badge-muted',
  aujourdhui: 'badge badge-warning',
  en_retard: 'badge badge-danger',
  fait: 'badge',
  saute: 'badge badge-muted',
};

interface Props {
  etapes: readonly EtapeBande[];
  /** Steps whose action waits in the outbox (id → what waits). */
  waiting: ReadonlyMap<number, string>;
  /** Absent on a closed or archived batch: no action offered. */
  onFait?: (e: EtapeBande) => void;
  onSauter?: (e: EtapeBande) => void;
  onAnnuler?: (e: EtapeBande) => void;
}

export function CalendrierBande({ etapes, waiting, onFait, onSauter, onAnnuler }: Props) {
  return (
    <ol className="sante-cards" aria-label="Calendrier de la bande">
      {etapes.map((e) => {
        const attente = waiting.get(e.id);
        const ouverte = e.statut !== 'fait' && e.statut !== 'saute';
        return (
          <li key={e.id} className={`card sante-card sante-${e.statut}`} data-testid="etape" data-statut={e.statut}>
            <div className="sante-card-top">
              <span className="sante-when">
                J{e.age} · {formatDate(e.date_prevue)}
              </span>
              <span className={BADGE[e.statut]} data-testid="etape-statut">
                {STATUT_ETAPE_NOM[e.statut]}
              </span>
            </div>
            <h3 className="sante-what">{e.intitule}</h3>
            <p className="sante-how">{VOIE_NOM[e.voie] ?? e.voie}</p>
            {e.note && <p className="hint">{e.note}</p>}
            {e.statut === 'fait' && (
              <dl className="sante-done" data-testid="etape-fait">
                <div>
                  <dt>Fait le</dt>
                  <dd>{formatDate(e.date)}</dd>
                </div>
                {e.produit && (
                  <div>
                    <dt>Produit</dt>
                    <dd>{e.produit}</dd>
                  </div>
                )}
                {e.lot && (
                  <div>
                    <dt>Lot</dt>
                    <dd>{e.lot}</dd>
                  </div>
                )}
                {e.expiration && (
                  <div>
                    <dt>Expire le</dt>
                    <dd>{formatDate(e.expiration)}</dd>
                  </div>
                )}
                {!!e.cout && (
                  <div>
                    <dt>Coût</dt>
                    <dd>{formatFcfa(e.cout)}</dd>
                  </div>
                )}
              </dl>
            )}
            {e.statut === 'saute' && e.motif && <p className="sante-motif">Motif : {e.motif}</p>}
            {attente ? (
              <p className="sante-waiting" data-testid="etape-en-attente">
                <span className="sync-badge">en attente</span> {attente}
              </p>
            ) : (
              (onFait || onAnnuler) && (
                <div className="sante-actions">
                  {ouverte && onFait && (
                    <button type="button" className="btn btn-primary btn-small" onClick={() => onFait(e)}>
                      Fait
                    </button>
                  )}
                  {ouverte && onSauter && (
                    <button type="button" className="btn btn-small" onClick={() => onSauter(e)}>
                      Sauter
                    </button>
                  )}
                  {!ouverte && onAnnuler && (
                    <button type="button" className="btn btn-small" onClick={() => onAnnuler(e)}>
                      Annuler
                    </button>
                  )}
                </div>
              )
            )}
          </li>
        );
      })}
    </ol>
  );
}
