// The flock's egg movements: cards on a phone, a table wider (lib/ui/DataTable),
// newest day first: the day, the kind, the eggs in (+) or out (−) as trays and eggs, the size, the
// product or the reason. A breakage and a move are cancelled here (asked first); a collection or a
// batch sale is changed from the batch's « Suivi » tab. A cancelled line stays listed, greyed.
import { formatPlateaux } from '@shared/formulas/oeufs';
import { OEUFS_ECRAN } from '@shared/messages/oeufs-ecran';
import type { MouvementOeufsVue } from '@shared/schemas/oeufs';
import { formatDate } from '../../../lib/format';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { DETAIL_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { MOUVEMENTS_OEUFS_CSV, calibresMouvement, detailMouvement } from '../logic/csv';

const annule = (m: MouvementOeufsVue) => m.etat === 'DELETED';
const cle = (m: MouvementOeufsVue) => `${m.genre}-${m.id}`;
/** Newest day first, then the latest typed of a day. */
const recents = (rows: readonly MouvementOeufsVue[]) =>
  [...rows].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));

/** « + 3 plateaux et 5 œufs », « − 1 plateau ». */
export const signePlateaux = (oeufs: number) => `${oeufs < 0 ? '−' : '+'} ${formatPlateaux(Math.abs(oeufs))}`;

const COLS: Column<MouvementOeufsVue>[] = [
  { label: 'Date', cell: (m) => formatDate(m.date), card: 'title' },
  { label: 'Mouvement', cell: (m) => OEUFS_ECRAN.genres[m.genre] ?? m.genre, card: 'title' },
  { label: 'Œufs', cell: (m) => signePlateaux(m.oeufs), className: 'num', testId: (m) => `mvt-oeufs-${cle(m)}` },
  { label: 'Calibre', cell: (m) => calibresMouvement(m, '—') },
  { label: 'Détail', cell: (m) => detailMouvement(m), className: 'wrap' },
  { label: 'État', cell: (m) => (annule(m) ? <span className="badge badge-muted">Annulé</span> : null) },
];

interface Props {
  rows: readonly MouvementOeufsVue[];
  /** Absent: no cancel (an archived batch, a user without the right). */
  onCancel?: (m: MouvementOeufsVue) => void;
}

export function MouvementsOeufs({ rows, onCancel }: Props) {
  const all = recents(rows);
  const page = usePaged(all, DETAIL_SIZES);
  return (
    <DataTable
      title="Mouvements"
      testId="mouvements-oeufs"
      columns={COLS}
      rowKey={cle}
      page={page}
      empty="Aucun mouvement : les collectes de la bande entrent dans le stock à leur date."
      rowClassName={(m) => (annule(m) ? 'row-deleted' : undefined)}
      csv={{ filename: 'mouvements-oeufs', columns: MOUVEMENTS_OEUFS_CSV, rows: all }}
      actions={
        onCancel
          ? (m) =>
              !annule(m) &&
              (m.genre === 'casse' || m.genre === 'transfert') && (
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  aria-label={`${m.genre === 'casse' ? OEUFS_ECRAN.annulerCasse : OEUFS_ECRAN.annulerEnvoi} du ${formatDate(m.date)}`}
                  onClick={() => onCancel(m)}
                >
                  Annuler
                </button>
              )
          : undefined
      }
    />
  );
}
