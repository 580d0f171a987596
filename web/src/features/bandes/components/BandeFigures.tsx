// The batch's figure cards (spec part 1 §9): profit and profitability show only when the revenue
// exceeds the expenses. The feed it ate from the farm's store is one of its costs: its kg
// and cost have their cards, and « Dépenses » counts it with the expenses typed on the batch.
import { useMemo } from 'react';
import { batchFigures, oeufsVendus, sujetsVendus } from '@shared/formulas';
import { VENTE_UNITE } from '@shared/messages/bandes';
import type { BandeDetail } from '@shared/schemas/bandes';
import { formatCost, formatFcfa, formatNumber, formatRate } from '../../../lib/format';
import { StatCard } from '../../../lib/ui/StatCard';
import { avecAliment } from '../logic/aliment';

export function BandeFigures({ b }: { b: BandeDetail }) {
  const a = useMemo(() => avecAliment(b), [b]);
  const f = useMemo(() => batchFigures(a), [a]);
  return (
    <div className="stat-cards stat-cards-2">
      <StatCard label="Nombre de sujets" value={formatNumber(b.nb_sujet)} testId="card-sujets" />
      <StatCard label="Mortalité" value={f.pertes} testId="card-mortalite" />
      <StatCard label="Taux de mortalité" value={formatRate(f.tauxMortalite)} testId="card-taux-mortalite" />
      <StatCard label="Dépenses" value={formatFcfa(f.depenses)} testId="card-depenses" />
      {!!a.aliment_kg && (
        <StatCard label="Aliment du stock" value={`${formatNumber(a.aliment_kg)} kg`} testId="card-aliment-kg">
          <span className="muted small" data-testid="card-aliment-cout">
            {formatFcfa(a.cout_aliment ?? 0)} (compté dans les dépenses)
          </span>
        </StatCard>
      )}
      <StatCard label="Chiffre d'affaires" value={formatFcfa(f.chiffreAffaire)} testId="card-ca" />
      {/* A layer batch sells eggs (and, at the end of lay, its hens): « Sujets vendus » counts birds only. */}
      {b.type === 'pondeuse' && (
        <StatCard label="Œufs vendus" value={VENTE_UNITE.oeuf.n(oeufsVendus(b))} testId="card-oeufs-vendus">
          {VENTE_UNITE.plateaux(oeufsVendus(b)) && (
            <span className="muted small" data-testid="card-oeufs-plateaux">
              {VENTE_UNITE.plateaux(oeufsVendus(b))}
            </span>
          )}
        </StatCard>
      )}
      <StatCard label="Sujets vendus" value={formatNumber(sujetsVendus(b))} testId="card-vendus" />
      <StatCard label="Sujets abattus" value={formatNumber(b.nb_abattu ?? 0)} testId="card-abattus" />
      <StatCard label="Coût de production" value={`${formatCost(f.coutProduction)} / sujet`} testId="card-cout" />
      {f.chiffreAffaire > f.depenses && (
        <>
          <StatCard label="Bénéfice" value={formatFcfa(f.benefice)} testId="card-benefice" tone="good" />
          {f.tauxRentabilite !== null && <StatCard label="Taux de rentabilité" value={formatRate(f.tauxRentabilite)} testId="card-rentabilite" tone="good" />}
        </>
      )}
    </div>
  );
}
