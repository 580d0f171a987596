// Invoice of a customer order: /facture/:numero — its lines, total, deposit, the
// repayments allocated to it after delivery and the balance due, in figures and in words;
// « Envoyer par WhatsApp » shares it.
import { useParams } from 'react-router-dom';
import { formatDate, formatFcfa } from '../../../lib/format';
import { montantEnLettres } from '../../../lib/words';
import { useCommande } from '../../../features/commandes/api/get-commande';
import { DocLines } from '../components/DocLines';
import { DocumentFrame } from '../components/DocumentFrame';
import { formatPhone } from '@shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';
import { PartageWhatsapp } from '../../../features/partage/components/PartageWhatsapp';
import { loadMessage } from '../../../lib/http';

export default function FactureCommandePage() {
  const numero = useParams().numero ?? '';
  const q = useCommande(numero);
  const phoneCountry = usePhoneCountry();
  const c = q.data;
  const solde = c ? (c.reste_a_payer ?? Math.max(0, c.montant_total - c.accompte)) : 0;
  return (
    <DocumentFrame
      title="Facture"
      numero={c?.numero_commande}
      date={c?.created_at}
      back={{ to: `/commande/${encodeURIComponent(numero)}`, label: 'La commande' }}
      loading={q.isLoading}
      error={q.error ? loadMessage(q.error) : null}
      share={c && <PartageWhatsapp type="facture_commande" id={c.id} />}
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
                <span>{formatPhone(c.client.telephone, phoneCountry)}</span>
              </div>
            )}
            {c.date_livraison && (
              <div>
                <span>Livraison prévue</span>
                <span>{formatDate(c.date_livraison)}</span>
              </div>
            )}
          </div>
          <DocLines
            lines={c.produits.map((l) => ({ key: l.id_produit, produit: l.produit, quantite: l.quantite, prix_unitaire: l.prix_unitaire, total: l.total }))}
          />
          <p className="doc-total" data-testid="doc-total">
            Total : <strong>{formatFcfa(c.montant_total)}</strong>
          </p>
          <p className="doc-total">Acompte versé : {formatFcfa(c.accompte)}</p>
          {(c.reglements ?? []).map((r) => (
            <p className="doc-total" key={r.id_versement}>
              Remboursement du {formatDate(r.created_at)} : {formatFcfa(r.montant)}
            </p>
          ))}
          <p className="doc-total">
            Reste à payer : <strong data-testid="doc-reste">{formatFcfa(solde)}</strong>
          </p>
          <p className="doc-words">Arrêtée la présente facture à la somme de {montantEnLettres(c.montant_total)}.</p>
        </>
      )}
    </DocumentFrame>
  );
}
