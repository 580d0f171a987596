// Egg collection panel of a laying batch (spec part 1 §2): two collections at a time with
// previous/next arrows, the total collected and the current month's collection; each collection
// shows its sizes and its laying rate (collection / hens alive on its day, §9), and
// can be corrected or cancelled. The list given holds no cancelled collection. A collection dated
// inside an egg withdrawal (issue 34) says « Non commercialisables », and the batch's total of such
// eggs is shown beside the totals: they are not counted as sellable.
import { useMemo, useState } from 'react';
import { SANTE_MSG } from '../../../../../shared/messages/sante';
import { todayFor } from '../../../../../shared/dates';
import { aliveOn, eggRate } from '../../../../../shared/formulas';
import { parseCalibres, type BandeDetail, type Collecte } from '../../../../../shared/schemas/bandes';
import { formatDate, formatNumber, formatRate } from '../../../lib/format';

interface Props {
  collectes: readonly Collecte[];
  bande: Pick<BandeDetail, 'nb_sujet' | 'pertes' | 'abatages' | 'ventes' | 'oeufs_non_commercialisables'>;
  onAdd?: () => void;
  onEdit?: (c: Collecte) => void;
  onCancel?: (c: Collecte) => void;
}

const PER_VIEW = 2;

export function EggPanel({ collectes: given, bande, onAdd, onEdit, onCancel }: Props) {
  const [start, setStart] = useState(0);
  // Newest day first (then the latest typed of a day), whatever order they came in.
  const collectes = useMemo(
    () => [...given].sort((a, b) => (a.date_collecte < b.date_collecte ? 1 : a.date_collecte > b.date_collecte ? -1 : b.id - a.id)),
    [given],
  );
  const month = todayFor().slice(0, 7);
  const total = collectes.reduce((s, c) => s + c.collecte, 0);
  const thisMonth = collectes.filter((c) => c.date_collecte.startsWith(month)).reduce((s, c) => s + c.collecte, 0);
  const first = Math.min(start, Math.max(0, collectes.length - PER_VIEW));
  const shown = collectes.slice(first, first + PER_VIEW);
  return (
    <div className="card bd-eggs" data-testid="egg-panel">
      <div className="card-toolbar">
        <h2>Collecte d'œufs</h2>
        {onAdd && (
          <button type="button" className="btn btn-small" onClick={onAdd}>
            Ajouter une collecte
          </button>
        )}
      </div>
      <div className="bd-egg-totals">
        <div>
          <span className="stat-label">Total collecté</span>
          <strong data-testid="egg-total">{formatNumber(total)}</strong>
        </div>
        <div>
          <span className="stat-label">Collecte du mois</span>
          <strong data-testid="egg-month">{formatNumber(thisMonth)}</strong>
        </div>
        {!!bande.oeufs_non_commercialisables && (
          <div>
            <span className="stat-label">{SANTE_MSG.oeufsNonCommercialisables}</span>
            <strong data-testid="egg-non-commercialisables">{formatNumber(bande.oeufs_non_commercialisables)}</strong>
          </div>
        )}
      </div>
      {collectes.length === 0 ? (
        <p className="muted">Aucune collecte enregistrée</p>
      ) : (
        <div className="bd-egg-carousel">
          <button
            type="button"
            className="btn btn-small"
            aria-label="Collectes plus récentes"
            disabled={first <= 0}
            onClick={() => setStart(Math.max(0, first - PER_VIEW))}
          >
            ‹
          </button>
          <div className="bd-egg-list">
            {shown.map((c) => {
              const sizes = parseCalibres(c.calibres);
              return (
                <div key={c.id} className="bd-egg-item" data-testid="egg-item">
                  <div className="bd-egg-date">{formatDate(c.date_collecte)}</div>
                  <div className="bd-egg-count">
                    {formatNumber(c.collecte)} œufs{' '}
                    <span className="muted">
                      ({formatRate(eggRate(c.collecte, aliveOn(bande.nb_sujet, bande.pertes, c.date_collecte.slice(0, 10), bande.abatages, bande.ventes), 0))})
                    </span>
                  </div>
                  {c.non_commercialisable && (
                    <div className="badge badge-warning" data-testid="egg-non-commercialisable">
                      {SANTE_MSG.oeufsNonCommercialisables}
                    </div>
                  )}
                  {sizes && (
                    <div className="bd-egg-sizes">
                      S {sizes.s} · M {sizes.m} · L {sizes.l} · XL {sizes.xl}
                    </div>
                  )}
                  {(onEdit || onCancel) && (
                    <div className="bd-egg-actions">
                      {onEdit && (
                        <button type="button" className="btn btn-small" onClick={() => onEdit(c)}>
                          Modifier
                        </button>
                      )}
                      {onCancel && (
                        <button type="button" className="btn btn-small btn-danger" onClick={() => onCancel(c)}>
                          Annuler
                        </button>
                      )}
                    </div>
                  )}
                </div>
              );
            })}
          </div>
          <button
            type="button"
            className="btn btn-small"
            aria-label="Collectes plus anciennes"
            disabled={first + PER_VIEW >= collectes.length}
            onClick={() => setStart(first + PER_VIEW)}
          >
            ›
          </button>
        </div>
      )}
    </div>
  );
}
