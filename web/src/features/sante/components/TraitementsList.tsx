// The batch's treatments, as cards: product and substance, why, first and last days,
// each withdrawal's last day (a sale dated up to it is refused), cost, and the cancel. A cancelled
// treatment stays listed, struck through: what was given is not forgotten.
import type { Traitement } from '@shared/schemas/sante';
import { formatDate, formatFcfa } from '../../../lib/format';

interface Props {
  traitements: readonly Traitement[];
  /** Treatment ids whose cancel waits in the outbox. */
  waiting: ReadonlySet<number>;
  onCancel?: (t: Traitement) => void;
}

export function TraitementsList({ traitements, waiting, onCancel }: Props) {
  if (!traitements.length) return <p className="muted">Aucun traitement enregistré.</p>;
  return (
    <ul className="sante-cards">
      {traitements.map((t) => {
        const annule = t.etat === 'DELETED';
        return (
          <li key={t.id} className={`card sante-card${annule ? ' sante-annule' : ''}`} data-testid="traitement">
            <div className="sante-card-top">
              <span className="sante-when">
                Du {formatDate(t.debut)} au {formatDate(t.fin)}
              </span>
              {annule && <span className="badge badge-muted">Annulé</span>}
            </div>
            <h3 className="sante-what">
              {t.produit} <span className="sante-how">({t.molecule})</span>
            </h3>
            <p className="sante-how">{t.motif}</p>
            <dl className="sante-done">
              <div>
                <dt>Attente viande</dt>
                <dd>{t.viande_jusqu_au ? `${t.attente_viande_jours} j, jusqu'au ${formatDate(t.viande_jusqu_au)}` : 'Aucune'}</dd>
              </div>
              <div>
                <dt>Attente œufs</dt>
                <dd>{t.oeufs_jusqu_au ? `${t.attente_oeufs_jours} j, jusqu'au ${formatDate(t.oeufs_jusqu_au)}` : 'Aucune'}</dd>
              </div>
              {!!t.cout && (
                <div>
                  <dt>Coût</dt>
                  <dd>{formatFcfa(t.cout)}</dd>
                </div>
              )}
            </dl>
            {!annule &&
              (waiting.has(t.id) ? (
                <p className="sante-waiting">
                  <span className="sync-badge">en attente</span> Annulation
                </p>
              ) : (
                onCancel && (
                  <div className="sante-actions">
                    <button type="button" className="btn btn-small" onClick={() => onCancel(t)}>
                      Annuler
                    </button>
                  </div>
                )
              ))}
          </li>
        );
      })}
    </ul>
  );
}
