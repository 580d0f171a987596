// Egg collection panel of a laying batch (spec part 1 §2): the total collected and the
// current month's collection, then every collection as a list like the batch's other entries
// (newest day first, paged, « Exporter CSV » with the columns of logic/csv.ts COLLECTES_CSV, which
// the reconciliation harness builds too). Each collection shows its sizes, its trays of 30 and the
// eggs over, and its laying rate (collection / hens alive on its day, §9), and can be corrected or
// cancelled. The list given holds no cancelled collection. A collection dated inside an egg
// withdrawal says « Non commercialisables », and the batch's total of such eggs is shown
// beside the totals: they are not counted as sellable.
import { useMemo } from 'react';
import { SANTE_MSG } from '@shared/messages/sante';
import { VENTE_UNITE } from '@shared/messages/bandes';
import { todayFor } from '@shared/dates';
import { aliveOn, eggRate } from '@shared/formulas';
import { parseCalibres, type BandeDetail, type Collecte } from '@shared/schemas/bandes';
import { downloadCsv } from '../../../lib/csv';
import { formatDate, formatNumber, formatRate } from '../../../lib/format';
import { DETAIL_SIZES, Paginator, usePaged } from '../../../lib/ui/Paginator';
import { COLLECTES_CSV } from '../logic/csv';

interface Props {
  collectes: readonly Collecte[];
  bande: Pick<BandeDetail, 'nom' | 'nb_sujet' | 'pertes' | 'abatages' | 'ventes' | 'oeufs_non_commercialisables'>;
  onAdd?: () => void;
  onEdit?: (c: Collecte) => void;
  onCancel?: (c: Collecte) => void;
}

/** « 6 plateaux + 12 œufs », or the eggs alone below a tray. */
const plateaux = (n: number) => VENTE_UNITE.plateaux(n) ?? `${formatNumber(n)} œuf${n >= 2 ? 's' : ''}`;

export function EggPanel({ collectes: given, bande, onAdd, onEdit, onCancel }: Props) {
  // Newest day first (then the latest typed of a day), whatever order they came in.
  const collectes = useMemo(
    () => [...given].sort((a, b) => (a.date_collecte < b.date_collecte ? 1 : a.date_collecte > b.date_collecte ? -1 : b.id - a.id)),
    [given],
  );
  const month = todayFor().slice(0, 7);
  const total = collectes.reduce((s, c) => s + c.collecte, 0);
  const thisMonth = collectes.filter((c) => c.date_collecte.startsWith(month)).reduce((s, c) => s + c.collecte, 0);
  const page = usePaged(collectes, DETAIL_SIZES);
  return (
    <div className="card bd-eggs" data-testid="egg-panel">
      <div className="card-toolbar">
        <h2>Collecte d'œufs</h2>
        {onAdd && (
          <button type="button" className="btn btn-small" onClick={onAdd}>
            Ajouter une collecte
          </button>
        )}
        <button
          type="button"
          className="btn btn-small csv-export"
          disabled={collectes.length === 0}
          data-testid="collectes-csv"
          onClick={() => downloadCsv(`collectes-${bande.nom}`, COLLECTES_CSV, collectes)}
        >
          Exporter CSV
        </button>
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
        <>
          <ul className="bd-egg-list" aria-label="Collectes, de la plus récente à la plus ancienne">
            {page.rows.map((c) => {
              const sizes = parseCalibres(c.calibres);
              return (
                <li key={c.id} className="bd-egg-item" data-testid="egg-item">
                  <div className="bd-egg-date">{formatDate(c.date_collecte)}</div>
                  <div className="bd-egg-count">
                    {formatNumber(c.collecte)} œufs{' '}
                    <span className="muted">
                      ({formatRate(eggRate(c.collecte, aliveOn(bande.nb_sujet, bande.pertes, c.date_collecte.slice(0, 10), bande.abatages, bande.ventes), 0))})
                    </span>
                  </div>
                  <div className="bd-egg-trays" data-testid="egg-plateaux">
                    {plateaux(c.collecte)}
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
                </li>
              );
            })}
          </ul>
          {collectes.length > DETAIL_SIZES[0] && <Paginator {...page.pager} />}
        </>
      )}
    </div>
  );
}
