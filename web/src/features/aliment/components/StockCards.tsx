// The store's figure cards: stock in kg and in sacks of 50, its value, the average
// cost per kg, the average daily consumption and the days left against the threshold, then WHERE
// each batch's daily figure comes from (its last 7 days, its breed's published curve, its few
// days, nothing yet), so a farmer knows how far to trust « jours restants ».
import { RACES } from '@shared/breeds';
import { ALIMENT_ECRAN, ALIMENT_MSG } from '@shared/messages/aliment';
import type { SourceConso, StockAliment } from '@shared/schemas/aliment';
import { formatCost, formatFcfa, formatNumber } from '../../../lib/format';
import { StatCard } from '../../../lib/ui/StatCard';

const kg = (n: number) => `${formatNumber(n)} kg`;
/** A daily figure to a tenth of a kg: an estimate, its grams mean nothing to a farmer. */
const kgJour = (n: number) => `${formatNumber(Math.round(n * 10) / 10)} kg / jour`;

/** What a batch's daily figure is based on, in the words of the contract's messages. */
export function sourceTexte(source: SourceConso, race?: string): string {
  if (source === 'historique') return ALIMENT_ECRAN.sourceHistorique;
  if (source === 'courbe') return ALIMENT_MSG.sourceCourbe(RACES.find((r) => r.code === race)?.nom ?? race ?? '');
  if (source === 'moyenne') return ALIMENT_MSG.sourceMoyenne;
  return ALIMENT_MSG.sourceAucune;
}

export function StockCards({ stock }: { stock: StockAliment }) {
  const bas = stock.jours_restants !== null && stock.jours_restants < stock.seuil_jours;
  return (
    <>
      <div className="stat-cards stat-cards-2">
        <StatCard label="Stock" value={kg(stock.stock_kg)} testId="aliment-stock">
          <span className="muted small" data-testid="aliment-sacs">
            soit {formatNumber(Math.round((stock.stock_kg / 50) * 10) / 10)} sacs de 50 kg
          </span>
        </StatCard>
        <StatCard label="Valeur du stock" value={formatFcfa(stock.valeur)} testId="aliment-valeur" />
        <StatCard label="Coût moyen" value={`${formatCost(stock.cout_moyen_kg)} / kg`} testId="aliment-cout-moyen" />
        <StatCard label="Consommation moyenne" value={kgJour(stock.conso_jour_kg)} testId="aliment-conso-jour" />
        <StatCard
          label="Jours restants"
          value={stock.jours_restants === null ? '—' : ALIMENT_MSG.joursRestants(stock.jours_restants)}
          testId="aliment-jours"
          tone={bas ? 'bad' : undefined}
        >
          <span className="muted small">
            Seuil d'alerte : {stock.seuil_jours} jour{stock.seuil_jours > 1 ? 's' : ''}
          </span>
        </StatCard>
      </div>
      {bas && (
        <div className="alert alert-warning" role="status" data-testid="aliment-alerte">
          {ALIMENT_MSG.alerteStock(stock.jours_restants!, stock.seuil_jours)}
        </div>
      )}
      {stock.bandes.length > 0 && (
        <div className="card">
          <h2>Consommation par bande</h2>
          <ul className="aliment-sources" data-testid="aliment-sources">
            {stock.bandes.map((b) => (
              <li key={b.id_bande} data-testid="aliment-source">
                <strong>{b.nom_bande}</strong> : {kgJour(b.conso_jour_kg)}
                <br />
                <span className="muted small">{sourceTexte(b.source, b.race)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
