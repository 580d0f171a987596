// Egg collection panel of a laying batch (spec part 1 §2): two collections at a time with
// previous/next arrows, the total collected and the current month's collection; each collection
// shows its sizes and its laying rate (collection / birds alive, §9).
import { useState } from 'react';
import { eggRate } from '../../../../../shared/formulas';
import { parseCalibres, type Collecte } from '../../../../../shared/schemas/bandes';
import { formatDate, formatNumber, formatRate } from '../../../lib/format';

interface Props {
  collectes: Collecte[];
  sujets: number;
  pertes: number;
  onAdd?: () => void;
  onEdit?: (c: Collecte) => void;
}

const PER_VIEW = 2;

export function EggPanel({ collectes, sujets, pertes, onAdd, onEdit }: Props) {
  const [start, setStart] = useState(0);
  const month = new Date().toISOString().slice(0, 7);
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
      </div>
      {collectes.length === 0 ? (
        <p className="muted">Aucune collecte enregistrée</p>
      ) : (
        <div className="bd-egg-carousel">
          <button type="button" className="btn btn-small" aria-label="Collectes plus récentes" disabled={first <= 0} onClick={() => setStart(Math.max(0, first - PER_VIEW))}>
            ‹
          </button>
          <div className="bd-egg-list">
            {shown.map((c) => {
              const sizes = parseCalibres(c.calibres);
              return (
                <div key={c.id} className="bd-egg-item" data-testid="egg-item">
                  <div className="bd-egg-date">{formatDate(c.date_collecte)}</div>
                  <div className="bd-egg-count">
                    {formatNumber(c.collecte)} œufs <span className="muted">({formatRate(eggRate(c.collecte, sujets, pertes))})</span>
                  </div>
                  {sizes && (
                    <div className="bd-egg-sizes">
                      S {sizes.s} · M {sizes.m} · L {sizes.l} · XL {sizes.xl}
                    </div>
                  )}
                  {onEdit && (
                    <button type="button" className="btn btn-small" onClick={() => onEdit(c)}>
                      Modifier
                    </button>
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
