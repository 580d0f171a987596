// The store's lists: purchases and consumptions as cards on a phone and tables
// wider (lib/ui/DataTable), newest day first, each with « Exporter CSV » (the columns of
// logic/csv.ts, shared with the reconciliation harness) and a cancel asked first. A cancelled
// line stays listed, greyed and marked: what was bought or eaten is not forgotten.
import type { AchatAliment, ConsommationAliment } from '@shared/schemas/aliment';
import { UNITES_ALIMENT } from '@shared/schemas/aliment';
import { formatDate, formatFcfa, formatNumber } from '../../../lib/format';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { DETAIL_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { ACHATS_CSV, CONSOMMATIONS_CSV } from '../logic/csv';

const uniteNom = (code: string) => UNITES_ALIMENT.find((u) => u.code === code)?.nom ?? code;
const qte = (q: number, unite: string) => (unite === 'kg' ? `${formatNumber(q)} kg` : `${formatNumber(q)} × ${uniteNom(unite)}`);
/** Newest day first, then the latest typed of a day. */
const recentes = <T extends { date: string; id: number }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id));
const annule = (r: { etat: string }) => r.etat === 'DELETED';
const etat = (r: { etat: string }, f = false) => (annule(r) ? <span className="badge badge-muted">{f ? 'Annulée' : 'Annulé'}</span> : null);

const ACHAT_COLS: Column<AchatAliment>[] = [
  { label: 'Date', cell: (a) => formatDate(a.date), card: 'title' },
  { label: 'Désignation', cell: (a) => a.designation, className: 'wrap', card: 'title' },
  { label: 'Quantité', cell: (a) => qte(a.quantite, a.unite) },
  { label: 'Kg', cell: (a) => formatNumber(a.kg), className: 'num', testId: (a) => `achat-kg-${a.id}` },
  { label: 'Prix total', cell: (a) => formatFcfa(a.prix_total), className: 'num', testId: (a) => `achat-prix-${a.id}` },
  { label: 'Fournisseur', cell: (a) => a.fournisseur ?? '', className: 'wrap' },
  { label: 'État', cell: (a) => etat(a) },
];

const CONSO_COLS: Column<ConsommationAliment>[] = [
  { label: 'Date', cell: (c) => formatDate(c.date), card: 'title' },
  { label: 'Bande', cell: (c) => c.nom_bande ?? `Bande ${c.id_bande}`, className: 'wrap', card: 'title' },
  { label: 'Quantité', cell: (c) => qte(c.quantite, c.unite) },
  { label: 'Kg', cell: (c) => formatNumber(c.kg), className: 'num', testId: (c) => `conso-kg-${c.id}` },
  { label: 'Valeur', cell: (c) => formatFcfa(c.valeur), className: 'num', testId: (c) => `conso-valeur-${c.id}` },
  { label: 'État', cell: (c) => etat(c, true) },
];

interface ListProps<T> {
  rows: readonly T[] | undefined;
  loading: boolean;
  error: Error | null;
  onCancel?: (row: T) => void;
}

export function AchatsList({ rows, loading, error, onCancel }: ListProps<AchatAliment>) {
  const all = recentes(rows ?? []);
  const page = usePaged(all, DETAIL_SIZES);
  return (
    <DataTable
      title="Achats d'aliment"
      testId="achats"
      columns={ACHAT_COLS}
      rowKey={(a) => a.id}
      page={page}
      loading={loading}
      error={error}
      empty="Aucun achat enregistré : « Acheter de l'aliment » ajoute une livraison au stock."
      rowClassName={(a) => (annule(a) ? 'row-deleted' : undefined)}
      csv={{ filename: 'achats-aliment', columns: ACHATS_CSV, rows: all }}
      actions={
        onCancel
          ? (a) =>
              !annule(a) && (
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  aria-label={`Annuler l'achat ${a.designation} du ${formatDate(a.date)}`}
                  onClick={() => onCancel(a)}
                >
                  Annuler
                </button>
              )
          : undefined
      }
    />
  );
}

export function ConsommationsList({ rows, loading, error, onCancel }: ListProps<ConsommationAliment>) {
  const all = recentes(rows ?? []);
  const page = usePaged(all, DETAIL_SIZES);
  return (
    <DataTable
      title="Consommations (31 derniers jours)"
      testId="consommations"
      columns={CONSO_COLS}
      rowKey={(c) => c.id}
      page={page}
      loading={loading}
      error={error}
      empty="Aucune consommation ces 31 derniers jours : « Consommation » enregistre ce qu'une bande a mangé."
      rowClassName={(c) => (annule(c) ? 'row-deleted' : undefined)}
      csv={{ filename: 'consommations-aliment', columns: CONSOMMATIONS_CSV, rows: all }}
      actions={
        onCancel
          ? (c) =>
              !annule(c) && (
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  aria-label={`Annuler la consommation de ${c.nom_bande ?? `la bande ${c.id_bande}`} du ${formatDate(c.date)}`}
                  onClick={() => onCancel(c)}
                >
                  Annuler
                </button>
              )
          : undefined
      }
    />
  );
}
