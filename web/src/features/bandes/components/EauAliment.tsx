// The batch's water, feed and temperatures by day, from GET api/bande/fiche/{id}:
// the water drunk per bird alive, the water/feed ratio (both recorded that day) and the day's
// minimum and maximum temperatures. Read and drawn only once the part nears the viewport (the
// drawing library itself loads after the first paint, lib/charts); under the charts the days as a
// list, cards on a phone (the figures a chart cannot show at 360 px: the ratio, humidity, the note).
// With no sheet yet it says what to record and where.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { daysBetween } from '@shared/dates';
import type { FicheJour } from '@shared/schemas/aliment';
import { Chart, type ChartSpec } from '../../../lib/charts/Chart';
import { formatDate, formatNumber } from '../../../lib/format';
import { fichesQueryOptions } from '../../../lib/queries/aliment';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { DETAIL_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { WhenVisible } from '../../../lib/ui/WhenVisible';
import { loadMessage } from '../../../lib/http';

const num = (v: number | undefined, unit: string) => (v === undefined || v === null ? '—' : `${formatNumber(v)}${unit}`);

const COLS: Column<FicheJour>[] = [
  { label: 'Date', cell: (f) => formatDate(f.date), card: 'title' },
  { label: 'Eau', cell: (f) => num(f.eau_litres, ' L'), className: 'num' },
  { label: 'Eau par sujet', cell: (f) => num(f.eau_par_sujet, ' L'), className: 'num', testId: (f) => `fiche-eau-sujet-${f.date}` },
  { label: 'Aliment', cell: (f) => num(f.aliment_kg, ' kg'), className: 'num' },
  { label: 'Eau / aliment', cell: (f) => num(f.ratio_eau_aliment, ''), className: 'num', testId: (f) => `fiche-ratio-${f.date}` },
  { label: 'Temp. min', cell: (f) => num(f.temp_min, ' °C'), className: 'num' },
  { label: 'Temp. max', cell: (f) => num(f.temp_max, ' °C'), className: 'num' },
  { label: 'Humidité', cell: (f) => num(f.humidite, ' %'), className: 'num' },
  { label: 'Note', cell: (f) => f.note ?? '', className: 'wrap' },
];

export const FICHE_VIDE =
  "Aucune fiche journalière : chaque jour, notez l'eau bue (litres), les températures minimale et maximale et l'aliment consommé ; l'eau par sujet et le rapport eau/aliment s'afficheront ici.";

function spec(jours: readonly FicheJour[], series: ChartSpec['series'], yLabel: string): ChartSpec {
  const first = jours[0]?.date;
  const x = jours.map((j) => (first ? daysBetween(first, j.date) : 0));
  return {
    x,
    xLabel: 'Jour',
    yLabel,
    integerX: true,
    xFormat: (v) => {
      const j = jours.find((d) => first && daysBetween(first, d.date) === v);
      return j ? formatDate(j.date).slice(0, 5) : '';
    },
    series,
  };
}

function Fiches({ id }: { id: number }) {
  const q = useQuery(fichesQueryOptions(id));
  const jours = useMemo(() => q.data ?? [], [q.data]);
  const eau = useMemo(
    () =>
      spec(
        jours,
        [
          { label: 'Eau par sujet (L)', values: jours.map((j) => j.eau_par_sujet ?? null), color: '#1f6fb2', points: true },
          { label: 'Eau / aliment', values: jours.map((j) => j.ratio_eau_aliment ?? null), color: '#b26b1f', points: true, dash: true },
        ],
        'L',
      ),
    [jours],
  );
  const temp = useMemo(
    () =>
      spec(
        jours,
        [
          { label: 'Min (°C)', values: jours.map((j) => j.temp_min ?? null), color: '#1f6fb2', points: true },
          { label: 'Max (°C)', values: jours.map((j) => j.temp_max ?? null), color: '#c0392b', points: true },
        ],
        '°C',
      ),
    [jours],
  );
  const newest = useMemo(() => [...jours].reverse(), [jours]);
  const page = usePaged(newest, DETAIL_SIZES);
  if (q.isPending) return <p className="muted">Chargement…</p>;
  if (q.isError && !q.data) return <div className="alert alert-error">{loadMessage(q.error)}</div>;
  if (!jours.length) {
    return (
      <p className="chart-empty" data-testid="fiches-vide">
        {FICHE_VIDE}
      </p>
    );
  }
  const avecEau = jours.filter((j) => j.eau_par_sujet !== undefined).length;
  const avecTemp = jours.filter((j) => j.temp_min !== undefined || j.temp_max !== undefined).length;
  return (
    <>
      <div className="bd-charts">
        <Chart
          title="Eau par sujet et rapport eau/aliment"
          spec={eau}
          summary={`${avecEau} jour(s) avec l'eau bue`}
          empty="Aucune eau bue enregistrée : notez les litres bus chaque jour."
          testId="chart-eau"
        />
        <Chart
          title="Températures minimale et maximale"
          spec={temp}
          summary={`${avecTemp} jour(s) avec les températures`}
          empty="Aucune température enregistrée : notez la minimale et la maximale du jour."
          testId="chart-temperatures"
        />
      </div>
      <DataTable title="Jour par jour" testId="fiches" columns={COLS} rowKey={(f) => f.date} page={page} />
    </>
  );
}

export function EauAliment({ id }: { id: number }) {
  return (
    <section className="bd-insights" aria-labelledby="bd-eau-title" data-testid="eau-aliment">
      <div className="card-toolbar">
        <h2 id="bd-eau-title">Eau, aliment et températures</h2>
      </div>
      {/* Nothing is loading until the section comes near: a wordless box holds its place (a
          « Chargement… » there stayed on screen for ever above the fold, saying what was not so). */}
      <WhenVisible placeholder={<div className="bd-fiches-attente" aria-hidden="true" />}>
        <Fiches id={id} />
      </WhenVisible>
    </section>
  );
}
