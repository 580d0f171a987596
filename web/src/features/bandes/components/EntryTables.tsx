// The batch detail's tables (spec part 1 §2), each with its paginator 5/10/20/30 and its CSV:
// expenses grouped by type with their share (a details dialog lists a type's expenses), sales,
// losses and weighings. Each row's buttons (correct, cancel) show only while the batch takes
// entries (`onOpen`/`onCancel` given). Cancelled losses and weighings leave their lists; a
// cancelled sale stays, marked « Annulée ».
import { useMemo } from 'react';
import { expensesByType, jourSaisie, type ExpenseGroup } from '@shared/formulas';
import type { BandeDetail, Depense, Perte, Pesage, Vente } from '@shared/schemas/bandes';
import { formatDate, formatFcfa, formatNumber, formatRate } from '../../../lib/format';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { Modal } from '../../../lib/ui/Modal';
import { DETAIL_SIZES, usePaged } from '../../../lib/ui/Paginator';
import type { CancelKind } from '../api/mutations';
import { depensesCsv, PERTES_CSV, PESAGES_CSV, uniteVenteMots, ventesBandeCsv } from '../logic/csv';
import { byDayDesc, byPriseDesc, live, type DetailDialog } from '../logic/detail';

/** A row's « Modifier » and « Annuler » buttons. */
function EditCancel({ onEdit, onCancel }: { onEdit: () => void; onCancel: () => void }) {
  return (
    <>
      <button type="button" className="btn btn-small" onClick={onEdit}>
        Modifier
      </button>
      <button type="button" className="btn btn-small btn-danger" onClick={onCancel}>
        Annuler
      </button>
    </>
  );
}

interface Props {
  b: BandeDetail;
  /** Opens a dialog over the detail; absent while the batch takes no entry. */
  onOpen?: (dialog: DetailDialog) => void;
  /** Asks to cancel an entry; absent while the batch takes no entry. */
  onCancel?: (entry: { kind: CancelKind; id: number }) => void;
}

export function DepenseGroupsTable({ b, typeName, onOpen }: { b: BandeDetail; typeName: (t: number) => string; onOpen: (dialog: DetailDialog) => void }) {
  const groups = useMemo(() => expensesByType(b.depenses), [b.depenses]);
  const page = usePaged(groups, DETAIL_SIZES);
  const columns: Column<ExpenseGroup>[] = [
    { label: 'Type', cell: (g) => typeName(g.id_type_depense) },
    { label: 'Total', cell: (g) => formatFcfa(g.total), className: 'num' },
    { label: 'Pourcentage', cell: (g) => formatRate(g.pourcentage), className: 'num' },
  ];
  return (
    <DataTable
      title="Dépenses par type"
      testId="table-depenses"
      csv={{
        filename: `bande-${b.id}-depenses`,
        rows: [...b.depenses].sort(byDayDesc),
        columns: depensesCsv(typeName),
      }}
      columns={columns}
      page={page}
      empty="Aucune dépense : notez l’aliment, les vaccins… avec « Ajouter une dépense »."
      rowKey={(g) => g.id_type_depense}
      actions={(g) => (
        <button type="button" className="btn btn-small" onClick={() => onOpen({ kind: 'details', type: g.id_type_depense })}>
          Détails
        </button>
      )}
    />
  );
}

const DETAIL_COLUMNS: Column<Depense>[] = [
  { label: 'Désignation', cell: (d) => d.designation, className: 'wrap' },
  { label: 'Prix unitaire', cell: (d) => formatFcfa(d.prix_unitaire), className: 'num' },
  { label: 'Quantité', cell: (d) => formatNumber(d.quantite), className: 'num' },
  { label: 'Prix total', cell: (d) => formatFcfa(d.prix_total), className: 'num' },
  { label: 'Date', cell: (d) => formatDate(jourSaisie(d)) },
];

/** One type's expenses, newest first; correcting one opens its dialog, cancelling one asks first. */
export function DepenseDetailsDialog({
  b,
  type,
  typeName,
  onClose,
  onOpen,
  onCancel,
}: Props & { type: number; typeName: (t: number) => string; onClose: () => void }) {
  const details = b.depenses.filter((d) => d.id_type_depense === type).sort(byDayDesc);
  return (
    <Modal title={`Dépenses : ${typeName(type)}`} onClose={onClose} wide className="bd-modal-xwide">
      <DataTable
        bare
        testId="table-depense-details"
        columns={DETAIL_COLUMNS}
        page={{ rows: details }}
        empty="Aucune dépense"
        label={`Dépenses : ${typeName(type)}`}
        rowKey={(d) => d.id}
        actions={
          onOpen && onCancel
            ? (d) => <EditCancel onEdit={() => onOpen({ kind: 'depense', depense: d })} onCancel={() => (onClose(), onCancel({ kind: 'depense', id: d.id }))} />
            : undefined
        }
      />
    </Modal>
  );
}

// The quantity names its unit (« 55 plateaux », « 12 poules »): a layer batch sells eggs, trays or hens.
const venteColumns = (type: BandeDetail['type']): Column<Vente>[] => [
  { label: 'Date', cell: (v) => formatDate(jourSaisie(v)) },
  { label: 'Quantité', cell: (v) => uniteVenteMots(type, v).n(v.quantite), className: 'num' },
  { label: 'Prix unitaire', cell: (v) => formatFcfa(v.prix_unitaire), className: 'num' },
  { label: 'Total', cell: (v) => formatFcfa(v.prix_total), className: 'num' },
  {
    label: 'État',
    cell: (v) => (
      <>
        {v.etat === 'DELETED' ? <span className="badge badge-danger">Annulée</span> : <span className="badge">Validée</span>}
        {v.id_vente_boutique ? (
          <>
            {' '}
            <span className="badge" title="Vente faite en boutique : elle se gère depuis l'historique des ventes">
              Boutique
            </span>
          </>
        ) : null}
      </>
    ),
  },
];

export function VenteTable({ b, onOpen, onCancel }: Props) {
  const rows = useMemo(() => [...b.ventes].sort(byDayDesc), [b.ventes]);
  const page = usePaged(rows, DETAIL_SIZES);
  const columns = useMemo(() => venteColumns(b.type), [b.type]);
  const csvColumns = useMemo(() => ventesBandeCsv(b.type), [b.type]);
  return (
    <DataTable
      title="Ventes"
      testId="table-ventes"
      csv={{
        filename: `bande-${b.id}-ventes`,
        rows,
        columns: csvColumns,
      }}
      columns={columns}
      page={page}
      empty="Aucune vente : notez une vente de cette bande avec « Ajouter une vente »."
      rowKey={(v) => v.id}
      rowClassName={(v) => (v.etat === 'DELETED' ? 'bd-cancelled' : undefined)}
      actions={(v) =>
        // A shop sale moves with its shop line (stock, creance): only the sales history changes it.
        onOpen &&
        onCancel &&
        v.etat !== 'DELETED' &&
        !v.id_vente_boutique && <EditCancel onEdit={() => onOpen({ kind: 'vente', vente: v })} onCancel={() => onCancel({ kind: 'vente', id: v.id })} />
      }
    />
  );
}

const PERTE_COLUMNS: Column<Perte>[] = [
  { label: 'Date', cell: (p) => formatDate(jourSaisie(p)) },
  { label: 'Nombre', cell: (p) => p.nombre, className: 'num' },
];

export function PerteTable({ b, onCancel }: Omit<Props, 'onOpen'>) {
  const rows = useMemo(() => b.pertes.filter(live).sort(byDayDesc), [b.pertes]);
  const page = usePaged(rows, DETAIL_SIZES);
  return (
    <DataTable
      title="Pertes"
      testId="table-pertes"
      csv={{ filename: `bande-${b.id}-pertes`, rows, columns: PERTES_CSV }}
      columns={PERTE_COLUMNS}
      page={page}
      empty="Aucune perte"
      rowKey={(p) => p.id}
      actions={
        onCancel
          ? (p) => (
              <button type="button" className="btn btn-small btn-danger" onClick={() => onCancel({ kind: 'perte', id: p.id })}>
                Annuler
              </button>
            )
          : undefined
      }
    />
  );
}

const PESAGE_COLUMNS: Column<Pesage>[] = [
  { label: 'Date', cell: (p) => formatDate(p.date_prise) },
  { label: 'Poids moyen', cell: (p) => `${formatNumber(p.poids_moyen)} ${p.unite}`, className: 'num' },
  { label: 'Échantillon', cell: (p) => p.echantillon, className: 'num' },
];

export function PesageTable({ b, onOpen, onCancel }: Props) {
  const rows = useMemo(() => b.pesages.filter(live).sort(byPriseDesc), [b.pesages]);
  const page = usePaged(rows, DETAIL_SIZES);
  return (
    <DataTable
      title="Pesages"
      testId="table-pesages"
      csv={{
        filename: `bande-${b.id}-pesages`,
        rows,
        columns: PESAGES_CSV,
      }}
      columns={PESAGE_COLUMNS}
      page={page}
      empty="Aucun pesage"
      rowKey={(p) => p.id}
      actions={
        onOpen && onCancel
          ? (p) => <EditCancel onEdit={() => onOpen({ kind: 'pesage', pesage: p })} onCancel={() => onCancel({ kind: 'pesage', id: p.id })} />
          : undefined
      }
    />
  );
}
