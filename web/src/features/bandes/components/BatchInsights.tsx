// Technical indicators and charts of a batch, under its figure cards: birds alive,
// livability, weight against the breed standard, ADG, feed conversion, EPEF and cost per kg for
// broilers; laying rate (hen-day), eggs per hen housed, cost per egg and per tray for layers. An
// indicator missing an input says what to record. Charts draw through lib/charts (uPlot, loaded
// on first use). Each entry is placed on its own day (a loss on `date`, a weighing on
// `date_prise`), cancelled weighings and collections are left out, and the laying rate's flock is
// the hens alive on each collection's day (losses and slaughters dated by then).
import { useMemo, useState } from 'react';
import { avecAliment } from '../logic/aliment';
import { RaceDialog } from './RaceDialog';
import { de } from '@shared/messages/elision';
import { batchIndicators, daysFrom, hasValue, henDaySeries, mortalityByWeek, weightG, type Indicator } from '@shared/formulas';
import { defaultRace, standardWeight, type Race } from '@shared/breeds';
import { parseCalibres, type BandeDetail, type Collecte } from '@shared/schemas/bandes';
import { Chart, type ChartSpec } from '../../../lib/charts/Chart';
import { formatFcfa, formatNumber, formatRate } from '../../../lib/format';
import { StatCard } from '../../../lib/ui/StatCard';

const COLORS = { mesure: '#1f7a4d', standard: '#7a5a1f', pertes: '#b3261e', s: '#5b8def', m: '#1f7a4d', l: '#c77d00', xl: '#8e44ad' };

const num = (v: number, unit = '') => `${formatNumber(v)}${unit}`;

function IndicatorCard({
  label,
  ind,
  format,
  testId,
  children,
}: {
  label: string;
  ind: Indicator;
  format: (v: number) => string;
  testId: string;
  children?: React.ReactNode;
}) {
  return (
    <StatCard label={label} value={hasValue(ind) ? format(ind.value) : '—'} testId={testId}>
      {!hasValue(ind) && <small className="stat-missing">{ind.missing}</small>}
      {children}
    </StatCard>
  );
}

/** Union of x values, sorted, and each series' value at each x (null where it has none). */
function align(series: { points: [number, number][] }[]): { x: number[]; values: (number | null)[][] } {
  const x = [...new Set(series.flatMap((s) => s.points.map((p) => p[0])))].sort((a, b) => a - b);
  return {
    x,
    values: series.map((s) => {
      const m = new Map(s.points);
      return x.map((v) => m.get(v) ?? null);
    }),
  };
}

/** Not cancelled (a weighing, collection or loss may carry `etat`; the answers' types do not all name it). */
const live = (e: object) => (e as { etat?: string }).etat !== 'DELETED';

function useBatchCharts(b: BandeDetail, collectes: readonly Collecte[], race: Race | undefined) {
  return useMemo(() => {
    const age0 = b.age_demarrage ?? 0;
    const ageOf = (d: string) => daysFrom(b.date_demarage, d) + age0;
    const weights = align([
      { points: b.pesages.filter(live).map((p) => [ageOf(p.date_prise), Math.round(weightG(p))] as [number, number]) },
      { points: (race?.poids ?? []).map((p) => [p.jour, p.g] as [number, number]) },
    ]);
    const poids: ChartSpec = {
      x: weights.x,
      xLabel: 'Âge (jours)',
      yLabel: 'Poids (g)',
      series: [
        { label: 'Poids moyen pesé', values: weights.values[0], color: COLORS.mesure },
        { label: `Standard ${race?.nom ?? ''}`.trim(), values: weights.values[1], color: COLORS.standard, dash: true, points: false },
      ],
    };
    const weeks = mortalityByWeek(b.date_demarage, b.pertes, age0);
    const mortalite: ChartSpec = {
      x: weeks.map((w) => w.semaine),
      xLabel: 'Semaine d’âge',
      yLabel: 'Sujets morts',
      integerX: true,
      integerY: true,
      series: [{ label: 'Pertes', values: weeks.map((w) => w.pertes), color: COLORS.pertes, bars: true }],
    };
    const wk = (d: string) => Math.round((ageOf(d) / 7) * 10) / 10;
    const hd = henDaySeries(b.nb_sujet, b.pertes, collectes, b.abatages, b.ventes);
    const laying = align([
      { points: hd.map((p) => [wk(p.day), p.pct] as [number, number]) },
      { points: (race?.ponte ?? []).map((p) => [p.semaine, p.pct] as [number, number]) },
    ]);
    const ponte: ChartSpec = {
      x: laying.x,
      xLabel: 'Âge (semaines)',
      yLabel: 'Ponte (%)',
      series: [
        { label: 'Taux de ponte (poule-jour)', values: laying.values[0], color: COLORS.mesure },
        { label: `Standard ${race?.nom ?? ''}`.trim(), values: laying.values[1], color: COLORS.standard, dash: true, points: false },
      ],
    };
    const bySize = new Map<number, { s: number; m: number; l: number; xl: number }>();
    for (const c of collectes) {
      if (!live(c)) continue;
      const cal = parseCalibres(c.calibres);
      if (!cal) continue;
      const w = Math.floor(ageOf(c.date_collecte) / 7) + 1;
      const acc = bySize.get(w) ?? { s: 0, m: 0, l: 0, xl: 0 };
      for (const k of ['s', 'm', 'l', 'xl'] as const) acc[k] += cal[k];
      bySize.set(w, acc);
    }
    const sw = [...bySize.keys()].sort((x, y) => x - y);
    const calibres: ChartSpec = {
      x: sw,
      xLabel: 'Semaine d’âge',
      yLabel: 'Œufs',
      integerX: true,
      series: (['s', 'm', 'l', 'xl'] as const).map((k) => ({ label: k.toUpperCase(), values: sw.map((w) => bySize.get(w)![k]), color: COLORS[k] })),
    };
    return { poids, mortalite, ponte, calibres };
  }, [b, collectes, race]);
}

export function BatchInsights({ b, collectes, races }: { b: BandeDetail; collectes: readonly Collecte[]; races: readonly Race[] | undefined }) {
  const race = races?.find((r) => r.code === (b.race ?? defaultRace(b.type)));
  const ind = useMemo(() => batchIndicators({ ...avecAliment(b), collectes }, b.pertes), [b, collectes]);
  const charts = useBatchCharts(b, collectes, race);
  const chair = b.type === 'chair';
  const std = hasValue(ind.age) ? (race ? standardWeight(race, ind.age.value) : null) : null;
  const gap = std && hasValue(ind.poids) ? Math.round(((ind.poids.value - std) / std) * 1000) / 10 : null;
  const emptyCurve = race && (chair ? race.poids.length === 0 : race.ponte.length === 0);
  const [editing, setEditing] = useState(false);

  return (
    <section className="bd-insights" aria-labelledby="bd-insights-title">
      <div className="card-toolbar">
        <h2 id="bd-insights-title">Indicateurs techniques</h2>
        <span className="bd-race" data-testid="bande-race">
          Souche : {race?.nom ?? '—'}
          {race?.personnalise ? ' (vos objectifs)' : ''}
        </span>
        {race && (
          <button type="button" className="btn btn-small no-print" onClick={() => setEditing(true)}>
            Objectifs de souche
          </button>
        )}
      </div>
      {emptyCurve && (
        <p className="chart-empty">
          La courbe standard {de(race!.nom)} n’est pas encore renseignée : saisissez-la depuis « Objectifs de souche » ({race!.source}).
        </p>
      )}
      <div className="stat-cards stat-cards-2">
        <StatCard label="Sujets vivants" value={formatNumber(ind.vivants)} testId="ind-vivants" />
        <IndicatorCard label="Viabilité" ind={ind.viabilite} format={formatRate} testId="ind-viabilite" />
        {chair ? (
          <>
            <IndicatorCard label="Poids moyen" ind={ind.poids} format={(v) => num(v, ' g')} testId="ind-poids">
              {hasValue(ind.age) && (
                <small>
                  à {ind.age.value} jours{std ? ` · standard ${formatNumber(std)} g (${gap! >= 0 ? '+' : ''}${String(gap).replace('.', ',')} %)` : ''}
                </small>
              )}
            </IndicatorCard>
            <IndicatorCard label="GMQ" ind={ind.gmq} format={(v) => num(v, ' g/j')} testId="ind-gmq" />
            <IndicatorCard label="Aliment consommé" ind={ind.alimentKg} format={(v) => num(v, ' kg')} testId="ind-aliment" />
            <IndicatorCard label="Indice de consommation" ind={ind.ic} format={(v) => formatNumber(v)} testId="ind-ic" />
            <IndicatorCard label="EPEF" ind={ind.epef} format={(v) => formatNumber(v)} testId="ind-epef" />
            <IndicatorCard label="Coût du kg vif" ind={ind.coutKg} format={formatFcfa} testId="ind-cout-kg" />
          </>
        ) : (
          <>
            <StatCard label="Œufs collectés" value={formatNumber(ind.oeufs)} testId="ind-oeufs" />
            <IndicatorCard label="Ponte moyenne (poule-jour)" ind={ind.ponte} format={formatRate} testId="ind-ponte" />
            <IndicatorCard label="Œufs par poule départ" ind={ind.oeufsParPoule} format={(v) => formatNumber(v)} testId="ind-oeufs-poule" />
            <IndicatorCard label="Coût par œuf" ind={ind.coutOeuf} format={formatFcfa} testId="ind-cout-oeuf" />
            <IndicatorCard label="Coût par plateau de 30" ind={ind.coutPlateau} format={formatFcfa} testId="ind-cout-plateau" />
          </>
        )}
      </div>
      {editing && race && <RaceDialog race={race} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
      <div className="bd-charts">
        {chair ? (
          <Chart
            title="Poids moyen et standard"
            spec={charts.poids}
            summary={`${b.pesages.filter(live).length} pesage(s) comparé(s) à la courbe ${race?.nom ?? ''}`}
            empty="Aucun pesage : le graphique apparaîtra au premier pesage."
            testId="chart-poids"
          />
        ) : (
          <Chart
            title="Taux de ponte et standard"
            spec={charts.ponte}
            summary={`${collectes.length} collecte(s)`}
            empty="Aucune collecte : le graphique apparaîtra à la première collecte."
            testId="chart-ponte"
          />
        )}
        {chair ? (
          <Chart
            title="Mortalité par semaine"
            spec={charts.mortalite}
            summary={`${b.nb_perte} perte(s) au total`}
            empty="Aucune perte enregistrée."
            testId="chart-mortalite"
          />
        ) : (
          <Chart
            title="Œufs par calibre et par semaine"
            spec={charts.calibres}
            summary={`${ind.oeufs} œufs`}
            empty="Aucune collecte."
            testId="chart-calibres"
          />
        )}
      </div>
    </section>
  );
}
