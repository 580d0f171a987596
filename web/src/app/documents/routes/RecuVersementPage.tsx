// Receipt of a repayment: /recu/versement/:id — the client, the amount in figures and
// in words, the date, the state (a cancelled repayment says so) and the delivered orders it paid
// (oldest delivery first; the rest reduced the client's other debt).: what the client
// still owes right after it (`solde_apres`, the server's replay of the client's account, as the
// shared page prints it); « Envoyer par WhatsApp » shares it.
import { useParams } from 'react-router-dom';
import { formatFcfa } from '../../../lib/format';
import { montantEnLettres } from '../../../lib/words';
import { useVersements } from '../../../features/versements/api/get-versements';
import { DocumentFrame } from '../components/DocumentFrame';
import { formatPhone } from '@shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';
import { PARTAGE_ECRAN } from '@shared/messages/partage-ecran';
import { PartageWhatsapp } from '../../../features/partage/components/PartageWhatsapp';
import { loadMessage } from '../../../lib/http';
import { SHOP_MSG } from '@shared/messages/shop';

export default function RecuVersementPage() {
  const id = Number(useParams().id);
  const q = useVersements();
  const phoneCountry = usePhoneCountry();
  const v = q.data?.find((x) => x.id === id);
  return (
    <DocumentFrame
      title="Reçu de remboursement"
      numero={v ? `R-${String(v.id).padStart(6, '0')}` : undefined}
      date={v?.created_at}
      back={{ to: '/versement', label: 'Remboursements' }}
      loading={q.isLoading}
      error={q.error ? loadMessage(q.error) : !q.isLoading && !v ? SHOP_MSG.versementIntrouvable : null}
      share={<PartageWhatsapp type="recu_versement" id={id} disabled={!v} />}
    >
      {v && (
        <>
          {v.etat === 'CANCELED' && <div className="alert alert-error">Ce remboursement a été annulé.</div>}
          <div className="doc-grid">
            <div>
              <span>Client</span>
              <strong>{v.client ? `${v.client.prenom} ${v.client.nom}` : ''}</strong>
            </div>
            {v.client?.numero_compte && (
              <div>
                <span>N° de compte</span>
                <span>{v.client.numero_compte}</span>
              </div>
            )}
            {v.client?.telephone && (
              <div>
                <span>Téléphone</span>
                <span>{formatPhone(v.client.telephone, phoneCountry)}</span>
              </div>
            )}
          </div>
          <p className="doc-total" data-testid="doc-total">
            Montant reçu : <strong>{formatFcfa(v.montant)}</strong>
          </p>
          {(v.affectations ?? []).length > 0 && (
            <ul className="doc-affectations" data-testid="doc-affectations">
              {v.affectations.map((a) => (
                <li key={a.id_commande}>
                  Commande {a.numero_commande} : {formatFcfa(a.montant)}
                </li>
              ))}
              {v.montant > v.affectations.reduce((s, a) => s + a.montant, 0) && (
                <li>Autres dettes : {formatFcfa(v.montant - v.affectations.reduce((s, a) => s + a.montant, 0))}</li>
              )}
            </ul>
          )}
          {typeof v.solde_apres === 'number' && (
            <p className="doc-total doc-solde-ligne">
              {PARTAGE_ECRAN.resteAPayer} <strong data-testid="doc-solde">{formatFcfa(v.solde_apres)}</strong>
            </p>
          )}
          <p className="doc-words">Reçu la somme de {montantEnLettres(v.montant)} en remboursement de créance.</p>
          <div className="doc-sign">
            <span>Pour l’entreprise</span>
            <span>Le client</span>
          </div>
        </>
      )}
    </DocumentFrame>
  );
}
