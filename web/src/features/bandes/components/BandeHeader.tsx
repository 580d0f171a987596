// The batch detail's header (spec part 1 §2): name, type, start day, closed or archived badges, the
// report link, and, while the batch takes entries, the buttons that open each entry dialog and the
// closing. Under it, the batch's tabs (« Suivi », « Santé ») and the withdrawal running today
// (a sale of the batch's birds or eggs dated inside it is refused).
import { Link } from 'react-router-dom';
import type { BandeDetail } from '@shared/schemas/bandes';
import { TYPE_BANDE } from '@shared/messages/bandes';
import { formatDate } from '../../../lib/format';
import { AttenteEnCours } from '../../../lib/ui/AttenteEnCours';
import { BandeTabs } from '../../../lib/ui/BandeTabs';
import type { DetailDialog } from '../logic/detail';

interface Props {
  b: BandeDetail;
  /** The batch takes entries (active and not archived): the buttons show. */
  active: boolean;
  onOpen: (dialog: DetailDialog) => void;
  onCloture: () => void;
  /** Given when the batch holds no entry: it may be deleted (decision 0215). */
  onDelete?: () => void;
}

export function BandeHeader({ b, active, onOpen, onCloture, onDelete }: Props) {
  return (
    <>
      <div className="page-header">
        <div>
          <h1 data-testid="bande-nom">{b.nom}</h1>
          <p className="bd-subtitle">
            <span className="badge">{TYPE_BANDE[b.type] ?? b.type}</span> Démarrée le {formatDate(b.date_demarage)}
            {b.statut !== 'ACTIVE' && <span className="badge badge-muted bd-inline-badge">Clôturée</span>}
            {b.archive && <span className="badge badge-muted bd-inline-badge">Archivée</span>}
          </p>
        </div>
        <Link className="btn no-print" to={`/bande/${b.id}/rapport`} data-testid="rapport-link">
          {b.statut === 'ACTIVE' ? 'Rapport' : 'Rapport de clôture'}
        </Link>
        {active && (
          <div className="page-actions">
            <button type="button" className="btn btn-primary" onClick={() => onOpen({ kind: 'depense', depense: null })}>
              Ajouter une dépense
            </button>
            <button type="button" className="btn" onClick={() => onOpen({ kind: 'vente', vente: null })}>
              Ajouter une vente
            </button>
            <button type="button" className="btn" onClick={() => onOpen({ kind: 'perte' })}>
              Enregistrer une perte
            </button>
            <button type="button" className="btn" onClick={() => onOpen({ kind: 'pesage', pesage: null })}>
              Ajouter un pesage
            </button>
            {b.type === 'pondeuse' && (
              <button type="button" className="btn" onClick={() => onOpen({ kind: 'collecte', collecte: null })}>
                Ajouter une collecte
              </button>
            )}
            <button type="button" className="btn" onClick={() => onOpen({ kind: 'aliment' })}>
              Consommation d'aliment
            </button>
            <button type="button" className="btn" onClick={() => onOpen({ kind: 'bande' })}>
              Modifier
            </button>
            <button type="button" className="btn btn-danger" onClick={onCloture}>
              Clôturer la bande
            </button>
            {onDelete && (
              <button type="button" className="btn btn-danger" onClick={onDelete} data-testid="bande-supprimer">
                Supprimer la bande
              </button>
            )}
          </div>
        )}
        {!active && onDelete && (
          <div className="page-actions">
            <button type="button" className="btn btn-danger" onClick={onDelete} data-testid="bande-supprimer">
              Supprimer la bande
            </button>
          </div>
        )}
      </div>
      <BandeTabs id={b.id} pondeuse={b.type === 'pondeuse'} />
      <AttenteEnCours attente={b.attente} />
    </>
  );
}
