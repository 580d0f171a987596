// Details of an online order (spec part 2 §2): the buyer, payment and delivery states in French,
// product, quantity, unit price, total; and the two actions the states allow: mark as paid (while
// payment is pending), mark as delivered (while delivery is pending — the stock is taken then).
import { useState } from 'react';
import { parseInfoClient, type CommandeEcom } from '@shared/schemas/ecommerce';
import { formatDateTime, formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { Alert } from '../../../lib/ui/Alert';
import { Modal } from '../../../lib/ui/Modal';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useLivrerCommandeEcom, usePayerCommandeEcom } from '../api/commandes-ecom';
import { EtatText } from './EtatBadge';
import { formatPhone } from '@shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';
import { ECOM_MSG } from '@shared/messages/ecommerce';

interface Props {
  commande: CommandeEcom;
  onClose: () => void;
}

export function CommandeEcomDetailsDialog({ commande, onClose }: Props) {
  const [c, setC] = useState(commande);
  const phoneCountry = usePhoneCountry();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const payer = usePayerCommandeEcom();
  const livrer = useLivrerCommandeEcom();
  const client = parseInfoClient(c.info_client);
  const busy = payer.isPending || livrer.isPending;
  const open = c.etat !== 'CANCELED';
  const fail = (fallback: string) => (err: unknown) => setError(serverMessage(err, fallback));

  return (
    <Modal title={`Commande ${c.numero_commande}`} onClose={onClose} busy={busy}>
      {error && <Alert kind="error">{error}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <dl className="ecom-details">
        <dt>Client</dt>
        <dd>
          {client.prenom} {client.nom}
        </dd>
        <dt>Téléphone</dt>
        <dd>
          <a href={`tel:${client.telephone.replace(/[^\d+]/g, '')}`}>{formatPhone(client.telephone, phoneCountry)}</a>
        </dd>
        <dt>Adresse</dt>
        <dd>{client.adresse}</dd>
        <dt>Date</dt>
        <dd>{formatDateTime(c.created_at)}</dd>
        <dt>Paiement</dt>
        <dd>
          <EtatText etat={c.etat_paiement} />
        </dd>
        <dt>Livraison</dt>
        <dd>
          <EtatText etat={c.etat_livraison} />
        </dd>
        <dt>État</dt>
        <dd data-testid="ecom-detail-etat">
          <EtatText etat={c.etat} />
        </dd>
        <dt>Produit</dt>
        <dd>{c.nom_produit}</dd>
        <dt>Quantité</dt>
        <dd>{c.quantite}</dd>
        <dt>Prix unitaire</dt>
        <dd>{formatFcfa(c.prix_unitaire)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{formatFcfa(c.montant_total)}</strong>
        </dd>
      </dl>
      <div className="modal-actions">
        {open && c.etat_paiement === 'PENDING' && (
          <SubmitButton
            type="button"
            pending={payer.isPending}
            disabled={busy}
            onClick={() => {
              setError(null);
              payer.mutate(c.id, {
                onSuccess: (next) => (setC(next), setDone('Commande mise à jour')),
                onError: fail(ECOM_MSG.payFailed),
              });
            }}
          >
            Marquer comme payée
          </SubmitButton>
        )}
        {open && c.etat_livraison === 'PENDING' && (
          <SubmitButton
            type="button"
            pending={livrer.isPending}
            disabled={busy}
            onClick={() => {
              setError(null);
              livrer.mutate(c.id, {
                onSuccess: (next) => (setC(next), setDone('Commande mise à jour')),
                onError: fail(ECOM_MSG.deliverFailed),
              });
            }}
          >
            Marquer comme livrée
          </SubmitButton>
        )}
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          Fermer
        </button>
      </div>
    </Modal>
  );
}
