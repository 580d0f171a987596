// Order list /commande (spec part 2 §2): order number, client full name, montant_total,
// etat_paiement and a Détails link; page sizes 10/20/30.
import { Link } from 'react-router-dom';
import { formatFcfa } from '../../../lib/format';
import type { Commande } from '@shared/schemas/commandes';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { useCommandes } from '../api/get-commandes';
import { ETAT_LIVRAISON, ETAT_PAIEMENT } from '../logic/labels';
import { COMMANDES_CSV } from '../logic/csv';

const COLUMNS: Column<Commande>[] = [
  { label: 'N° commande', cell: (c) => c.numero_commande, card: 'title' },
  { label: 'Client', cell: (c) => (c.client ? `${c.client.prenom} ${c.client.nom}` : ''), card: 'title' },
  { label: 'Montant total', cell: (c) => formatFcfa(c.montant_total), className: 'num' },
  { label: 'Paiement', cell: (c) => ETAT_PAIEMENT[c.etat_paiement] ?? c.etat_paiement },
  { label: 'Livraison', cell: (c) => ETAT_LIVRAISON[c.etat_livraison] ?? c.etat_livraison },
];

export default function CommandeListPage() {
  const commandes = useCommandes();
  const page = usePaged(commandes.data ?? [], LIST_SIZES);
  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>Commandes</h1>
      </div>
      <DataTable
        columns={COLUMNS}
        page={page}
        error={commandes.error}
        csv={{
          filename: 'commandes',
          rows: commandes.data ?? [],
          columns: COMMANDES_CSV,
        }}
        loading={commandes.isLoading}
        empty="Aucune commande. Une commande se crée depuis la liste des clients (bouton Commande)."
        label="Commandes"
        rowKey={(c) => c.id}
        actions={(c) => (
          <Link className="btn btn-small" to={`/commande/${c.numero_commande}`}>
            Détails
          </Link>
        )}
      />
    </section>
  );
}
