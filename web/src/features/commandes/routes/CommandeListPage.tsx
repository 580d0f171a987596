// Order list /commande (spec part 2 §2): order number, client full name, montant_total,
// etat_paiement and a Détails link; page sizes 10/20/30.
import { Link } from 'react-router-dom';
import { formatFcfa } from '../../../lib/format';
import { Alert } from '../../../lib/ui/Alert';
import { EmptyRow } from '../../../lib/ui/EmptyRow';
import { LIST_SIZES, Paginator, usePaged } from '../../../lib/ui/Paginator';
import { useCommandes } from '../api/get-commandes';
import { ETAT_LIVRAISON, ETAT_PAIEMENT } from '../logic/labels';

export default function CommandeListPage() {
  const commandes = useCommandes();
  const { rows, pager } = usePaged(commandes.data ?? [], LIST_SIZES);
  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>Commandes</h1>
      </div>
      <div className="card">
        {commandes.isError && <Alert kind="error">{(commandes.error as Error).message}</Alert>}
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>N° commande</th>
                <th>Client</th>
                <th className="num">Montant total</th>
                <th>Paiement</th>
                <th>Livraison</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {commandes.isLoading && <EmptyRow colSpan={6}>Chargement ...</EmptyRow>}
              {!commandes.isLoading && rows.length === 0 && (
                <EmptyRow colSpan={6}>Aucune commande. Une commande se crée depuis la liste des clients (bouton Commande).</EmptyRow>
              )}
              {rows.map((c) => (
                <tr key={c.id}>
                  <td>{c.numero_commande}</td>
                  <td>{c.client ? `${c.client.prenom} ${c.client.nom}` : ''}</td>
                  <td className="num">{formatFcfa(c.montant_total)}</td>
                  <td>{ETAT_PAIEMENT[c.etat_paiement] ?? c.etat_paiement}</td>
                  <td>{ETAT_LIVRAISON[c.etat_livraison] ?? c.etat_livraison}</td>
                  <td className="actions">
                    <Link className="btn btn-small" to={`/commande/${c.numero_commande}`}>
                      Détails
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Paginator {...pager} />
      </div>
    </section>
  );
}
