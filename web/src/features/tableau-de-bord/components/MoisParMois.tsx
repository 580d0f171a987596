// The year month by month: revenue and expenses of batch entries by month as bars (drawn as SVG by
// lib/charts/BarChart: no chart library on the screen a farmer opens first) and a table with the
// profit of each month; the year is chosen with previous/next buttons. Shop sales naming no batch are a column apart (not in the profit).
import { useMemo, useState } from 'react';
import { BarChart } from '../../../lib/charts/BarChart';
import type { ChartSpec } from '../../../lib/charts/chart-spec';
import { formatFcfa } from '../../../lib/format';
import type { MonthRow } from '@shared/schemas/tableau-de-bord';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { useMois } from '../api/get-dashboard';

const MOIS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];
const COLUMNS: Column<MonthRow>[] = [
  { label: 'Mois', cell: (r) => MOIS[Number(r.mois.slice(5, 7)) - 1] },
  { label: "Chiffre d'affaires", cell: (r) => formatFcfa(r.chiffre_affaire), className: 'num' },
  { label: 'Dépenses', cell: (r) => formatFcfa(r.depense), className: 'num' },
  { label: 'Bénéfice', cell: (r) => <span className={r.benefice < 0 ? 'text-bad' : undefined}>{formatFcfa(r.benefice)}</span>, className: 'num' },
  { label: 'Ventes boutique hors bandes', cell: (r) => formatFcfa(r.ventes_boutique), className: 'num' },
];

export function MoisParMois({ initialYear }: { initialYear: number }) {
  const [annee, setAnnee] = useState(initialYear);
  const q = useMois(annee);
  const rows = useMemo(() => q.data?.mois ?? [], [q.data]);
  const spec: ChartSpec = useMemo(
    () => ({
      x: rows.map((_, i) => i + 1),
      xLabel: String(annee),
      yLabel: 'FCFA',
      integerX: true,
      xFormat: (v) => MOIS[v - 1] ?? '',
      series: [
        { label: "Chiffre d'affaires", values: rows.map((r) => r.chiffre_affaire), color: '#1f7a4d', bars: true },
        { label: 'Dépenses', values: rows.map((r) => r.depense), color: '#b3261e', bars: true },
      ],
    }),
    [rows, annee],
  );
  const total = rows.reduce((s, r) => ({ ca: s.ca + r.chiffre_affaire, dep: s.dep + r.depense }), { ca: 0, dep: 0 });

  return (
    <section className="ui-page dash-months" aria-labelledby="dash-months-title">
      <div className="card-toolbar dash-months-bar">
        <h2 id="dash-months-title">Mois par mois</h2>
        <div className="dash-year">
          <button type="button" className="btn btn-small" onClick={() => setAnnee((a) => a - 1)} aria-label="Année précédente">
            ‹
          </button>
          <strong data-testid="dash-annee">{annee}</strong>
          <button type="button" className="btn btn-small" onClick={() => setAnnee((a) => a + 1)} aria-label="Année suivante">
            ›
          </button>
        </div>
      </div>
      <BarChart
        title={`Chiffre d'affaires et dépenses par mois (${annee})`}
        spec={spec}
        summary={`${formatFcfa(total.ca)} de chiffre d'affaires et ${formatFcfa(total.dep)} de dépenses sur l'année`}
        empty={q.isLoading ? 'Chargement…' : `Aucune recette ni dépense en ${annee}.`}
        testId="chart-mois"
      />
      <DataTable
        title={`Détail ${annee}`}
        testId="table-mois"
        columns={COLUMNS}
        page={{ rows }}
        loading={q.isLoading}
        rowKey={(r) => r.mois}
        // A year read across its months (and beside its chart): it stays a table on a phone and
        // scrolls inside its own named, focusable region.
        layout="table"
      />
    </section>
  );
}
