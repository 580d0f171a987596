// Invoice of a customer order (issue 11): /facture/:numero — its lines, total, deposit and the
// balance due, in figures and in words.
import { useParams } from 'react-router-dom';
import { formatDate, formatFcfa, formatNumber } from '../../../lib/format';
import { montantEnLettres } from '../../../lib/words';
import { useCommande } from '../../commandes/api/get-commande';
import { DocumentFrame } from '../components/DocumentFrame';

export default function FactureCommandePage() {
  const numero = useParams().numero ?? '';
  const q = useCommande(numero);
  const c = q.data;
  const solde = c ? Math.max(0, c.montant_total - c.accompte) : 0;
  return (
    <DocumentFrame
      title="Facture"
      numero={c?.numero_commande}
      date={c?.created_at}
      back={{ to: `/commande/${encodeURIComponent(numero)}`, label: 'La commande' }}
      loading={q.isLoading}
      error={q.error ? (q.error as Error).message : null}
    >
      {c && (
        <>
          <div className="doc-grid">
            <div>
              <span>Client</span>
              <strong>{c.client ? `${c.client.prenom} ${c.client.nom}` : ''}</strong>
            </div>
            {c.client?.telephone && (
              <div>
                <span>Téléphone</span>
                <span>{`${c.client.indicatif ?? ''} ${c.client.telephone}`.trim()}</span>
              </div>
            )}
            {c.date_livraison && (
              <div>
                <span>Livraison prévue</span>
                <span>{formatDate(c.date_livraison)}</span>
              </div>
            )}
          </div>
          <table className="doc-table">
            <thead>
              <tr>
                <th>Produit</th>
                <th className="num">Qté</th>
                <th className="num">Prix unitaire</th>
                <th className="num">Total</th>
              </tr>
            </thead>
            <tbody>
              {c.produits.map((l) => (
                <tr key={l.id_produit}>
                  <td>{l.produit}</td>
                  <td className="num">{formatNumber(l.quantite)}</td>
                  <td className="num">{formatFcfa(l.prix_unitaire)}</td>
                  <td className="num">{formatFcfa(l.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="doc-total" data-testid="doc-total">
            Total : <strong>{formatFcfa(c.montant_total)}</strong>
          </p>
          <p className="doc-total">Acompte versé : {formatFcfa(c.accompte)}</p>
          <p className="doc-total">
            Reste à payer : <strong>{formatFcfa(solde)}</strong>
          </p>
          <p className="doc-words">Arrêtée la présente facture à la somme de {montantEnLettres(c.montant_total)}.</p>
        </>
      )}
    </DocumentFrame>
  );
}
