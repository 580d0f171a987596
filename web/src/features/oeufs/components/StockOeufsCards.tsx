// The flock's egg stock at 360 px: the stock in trays and eggs, each size, the
// eggs held apart by an egg withdrawal, a warning line for each day an exit left without its eggs
// (entries made before the stock existed: shown, never blocking), then « Où sont allés les œufs ».
import { CALIBRES, NOMS_CALIBRES, formatPlateaux } from '@shared/formulas/oeufs';
import { OEUFS_ECRAN } from '@shared/messages/oeufs-ecran';
import type { StockOeufsResponse } from '@shared/schemas/oeufs';
import { formatNumber } from '../../../lib/format';
import { lignesBilan } from '../../../lib/oeufs/bilan';
import { StatCard } from '../../../lib/ui/StatCard';

const oeufsMot = (n: number) => `${formatNumber(n)} œuf${n > 1 ? 's' : ''}`;
const unitesMot = (n: number) => `${formatNumber(n)} unité${n > 1 ? 's' : ''}`;

export function StockOeufsCards({ stock }: { stock: StockOeufsResponse }) {
  return (
    <>
      <div className="stat-cards stat-cards-2">
        <StatCard label="En stock" value={formatPlateaux(stock.stock_oeufs)} testId="oeufs-stock">
          <span className="muted small" data-testid="oeufs-stock-oeufs">
            soit {oeufsMot(stock.stock_oeufs)}
          </span>
        </StatCard>
        {CALIBRES.map((c) => (
          <StatCard key={c} label={`Calibre ${NOMS_CALIBRES[c]}`} value={formatPlateaux(stock.par_calibre[c])} testId={`oeufs-calibre-${c}`} />
        ))}
        <StatCard
          label="Mis à l'écart"
          value={formatPlateaux(stock.non_commercialisables)}
          testId="oeufs-ecartes"
          tone={stock.non_commercialisables ? 'bad' : undefined}
        >
          <span className="muted small">collectés pendant un retrait sanitaire, non commercialisables</span>
        </StatCard>
      </div>
      {stock.ruptures.length > 0 && (
        <div className="alert alert-warning" role="status" data-testid="oeufs-ruptures">
          <ul className="oeufs-ruptures">
            {stock.ruptures.map((r) => (
              <li key={`${r.date}-${r.calibre ?? ''}`}>{OEUFS_ECRAN.rupture(r.date, r.calibre ? NOMS_CALIBRES[r.calibre] : null, r.oeufs)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="card">
        <h2>Où sont allés les œufs</h2>
        <dl className="oeufs-bilan" data-testid="oeufs-bilan">
          {lignesBilan(stock).map((l) => (
            <div key={l.cle} className="oeufs-bilan-ligne">
              <dt>{l.libelle}</dt>
              <dd data-testid={`bilan-${l.cle}`}>
                {formatPlateaux(l.oeufs)}
                {/* Under a tray, « 12 œufs » already says it in eggs. */}
                {l.oeufs >= 30 && <span className="muted small"> · {oeufsMot(l.oeufs)}</span>}
                {l.unites !== undefined && <span className="muted small"> · {unitesMot(l.unites)}</span>}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </>
  );
}
