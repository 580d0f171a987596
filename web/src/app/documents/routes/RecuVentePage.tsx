// Receipt of a shop sale: /recu/vente/:jour/:transaction — the lines recorded by one
// POST api/vente (read from that day's sales history), their total in figures and in words.
import { SHOP_MSG } from '../../../../../shared/messages/shop';
import { useParams } from 'react-router-dom';
import { formatFcfa } from '../../../lib/format';
import { montantEnLettres } from '../../../lib/words';
import { useVentes } from '../../../features/ventes/api/get-ventes';
import { DocLines } from '../components/DocLines';
import { DocumentFrame } from '../components/DocumentFrame';

const TYPE = SHOP_MSG.saleType;

export default function RecuVentePage() {
  const { jour = '', transaction = '' } = useParams();
  const id = Number(transaction);
  const q = useVentes({ debut: jour, fin: jour });
  const lines = (q.data?.ventes ?? []).filter((v) => v.id_transaction === id).sort((a, b) => a.id - b.id);
  const live = lines.filter((l) => l.etat !== 'DELETED');
  const total = live.reduce((s, l) => s + l.total, 0);
  const first = lines[0];
  const notFound = !q.isLoading && !first ? 'Vente introuvable.' : null;
  return (
    <DocumentFrame
      title="Reçu de vente"
      numero={first ? `V-${String(id).padStart(6, '0')}` : undefined}
      date={first?.created_at}
      idBoutique={first?.boutique.id}
      back={{ to: '/vente', label: 'Historique des ventes' }}
      loading={q.isLoading}
      error={q.error ? (q.error as Error).message : notFound}
    >
      {first && (
        <>
          <p>
            {first.client ? (
              <>
                Client : <strong>{`${first.client.prenom} ${first.client.nom}`}</strong> ·{' '}
              </>
            ) : null}
            Paiement : {TYPE[first.type] ?? first.type}
          </p>
          <DocLines
            lines={lines.map((l) => {
              const cancelled = l.etat === 'DELETED';
              return {
                key: l.id,
                produit: cancelled ? `${l.produit} (annulée)` : l.produit,
                quantite: l.quantite,
                prix_unitaire: l.prix_unitaire,
                total: cancelled ? null : l.total,
              };
            })}
          />
          <p className="doc-total" data-testid="doc-total">
            Total : <strong>{formatFcfa(total)}</strong>
          </p>
          <p className="doc-words">Arrêté le présent reçu à la somme de {montantEnLettres(total)}.</p>
          <div className="doc-sign">
            <span>Le vendeur</span>
            <span>Le client</span>
          </div>
        </>
      )}
    </DocumentFrame>
  );
}
