// The store day by day: the stock at each day's end over the last 60 days that moved
// it, as a chart (uPlot, loaded after the first paint by lib/charts: decision 0116's budget) and as
// a list (cards on a phone) with « Exporter CSV » (STOCK_JOURS_CSV, the harness's columns).
import { useMemo } from 'react';
import { daysBetween } from '@shared/dates';
import type { JourStock } from '@shared/schemas/aliment';
import { Chart, type ChartSpec } from '../../../lib/charts/Chart';
import { formatCost, formatDate, formatFcfa, formatNumber } from '../../../lib/format';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { DETAIL_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { STOCK_JOURS_CSV } from '../logic/csv';

const COLS: Column<JourStock>[] = [
  { label: 'Date', cell: (j) => formatDate(j.date), card: 'title' },
  { label: 'Entrées', cell: (j) => (j.entree_kg ? `${formatNumber(j.entree_kg)} kg` : '—'), className: 'num' },
  { label: 'Sorties', cell: (j) => (j.sortie_kg ? `${formatNumber(j.sortie_kg)} kg` : '—'), className: 'num' },
  { label: 'Stock', cell: (j) => `${formatNumber(j.stock_kg)} kg`, className: 'num', testId: (j) => `jour-stock-${j.date}` },
  { label: 'Valeur', cell: (j) => formatFcfa(j.valeur), className: 'num' },
  { label: 'Coût moyen', cell: (j) => `${formatCost(j.cout_moyen_kg)} / kg`, className: 'num' },
];

export function StockJours({ jours }: { jours: readonly JourStock[] }) {
  const spec = useMemo<ChartSpec>(() => {
    const first = jours[0]?.date;
    return {
      // x: days since the first day shown, labelled back as dd/mm.
      x: jours.map((j) => (first ? daysBetween(first, j.date) : 0)),
      xLabel: 'Jour',
      yLabel: 'kg',
      integerX: true,
      xFormat: (v) => {
        const j = jours.find((d) => first && daysBetween(first, d.date) === v);
        return j ? formatDate(j.date).slice(0, 5) : '';
      },
      series: [{ label: 'Stock (kg)', values: jours.map((j) => j.stock_kg), color: '#2f6f3e', points: true }],
    };
  }, [jours]);
  const newest = useMemo(() => [...jours].reverse(), [jours]);
  const page = usePaged(newest, DETAIL_SIZES);
  const last = jours[jours.length - 1];
  return (
    <>
      <Chart
        title="Stock d'aliment jour par jour"
        spec={spec}
        summary={last ? `${jours.length} jour(s) ; ${formatNumber(last.stock_kg)} kg le ${formatDate(last.date)}` : 'Aucun mouvement'}
        empty="Aucun mouvement de stock : le graphique apparaîtra au premier achat."
        testId="chart-stock"
      />
      <DataTable
        title="Stock jour par jour"
        testId="stock-jours"
        columns={COLS}
        rowKey={(j) => j.date}
        page={page}
        empty="Aucun mouvement ces 60 derniers jours."
        csv={{ filename: 'stock-aliment', columns: STOCK_JOURS_CSV, rows: jours }}
      />
    </>
  );
}
