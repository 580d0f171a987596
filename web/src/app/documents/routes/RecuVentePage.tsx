// Receipt of a shop sale: /recu/vente/:jour/:transaction — the lines recorded by one
// POST api/vente (read from that day's sales history), their total in figures and in words.
// A line of an egg product (the product says how many eggs a unit holds) says its eggs
// too, in trays and in eggs (« 2 plateaux = 60 œufs »), read from the products with their archived
// ones (a product archived since still names its eggs); without the products' right, the line is
// as it was.: a discounted line says its catalogue price, its discount and the price
// paid; a credit sale with a client says what the client still owes right after it
// (`solde_client_apres`, the server's replay of the client's account: the public page prints the
// same figure); « Envoyer par WhatsApp » shares it.
import { SHOP_MSG } from '@shared/messages/shop';
import { useParams } from 'react-router-dom';
import { formatFcfa } from '../../../lib/format';
import { montantEnLettres } from '../../../lib/words';
import { useVentes } from '../../../features/ventes/api/get-ventes';
import { DocLines } from '../components/DocLines';
import { useQuery } from '@tanstack/react-query';
import { usePermission } from '../../../lib/api/check-permission';
import { produitsAvecArchivesQueryOptions } from '../../../lib/queries/produits';
import { oeufsDeLigne } from '@shared/messages/production';
import { DocumentFrame } from '../components/DocumentFrame';
import { PARTAGE_ECRAN } from '@shared/messages/partage-ecran';
import type { VenteLigne } from '@shared/schemas/ventes';
import { PartageWhatsapp } from '../../../features/partage/components/PartageWhatsapp';
import { loadMessage } from '../../../lib/http';

const TYPE = SHOP_MSG.saleType;

/** « Prix catalogue … · Remise 12,5 % · payé … l'unité » for a discounted line, else nothing. */
function remiseDeLigne(l: Pick<VenteLigne, 'prix_vente' | 'prix_unitaire' | 'type_remise' | 'valeur_remise'>): string | undefined {
  if (!(l.valeur_remise > 0)) return undefined;
  const remise = l.type_remise === 'POURCENTAGE' ? PARTAGE_ECRAN.remisePourcentage(l.valeur_remise) : PARTAGE_ECRAN.remiseMontant(l.valeur_remise);
  return PARTAGE_ECRAN.ligneRemise(l.prix_vente, remise, l.prix_unitaire);
}

/** What the client owes right after this credit sale (the sales history's lines carry it). */
function soldeApresVente(lines: readonly VenteLigne[]): number | null {
  for (const l of lines) if (typeof l.solde_client_apres === 'number') return l.solde_client_apres;
  return null;
}

export default function RecuVentePage() {
  const { jour = '', transaction = '' } = useParams();
  const id = Number(transaction);
  const q = useVentes({ debut: jour, fin: jour });
  const peutProduits = usePermission('prav').data === true;
  const produits = useQuery({ ...produitsAvecArchivesQueryOptions(), enabled: peutProduits });
  const parUnite = new Map((produits.data ?? []).map((p) => [p.id, p.oeufs_par_unite ?? null]));
  const lines = (q.data?.ventes ?? []).filter((v) => v.id_transaction === id).sort((a, b) => a.id - b.id);
  const live = lines.filter((l) => l.etat !== 'DELETED');
  const total = live.reduce((s, l) => s + l.total, 0);
  const first = lines[0];
  const notFound = !q.isLoading && !first ? SHOP_MSG.venteNotFound : null;
  const solde = first?.type === 'EMPRUNT' && first.client ? soldeApresVente(lines) : null;
  return (
    <DocumentFrame
      title="Reçu de vente"
      numero={first ? `V-${String(id).padStart(6, '0')}` : undefined}
      date={first?.created_at}
      idBoutique={first?.boutique.id}
      back={{ to: '/vente', label: 'Historique des ventes' }}
      loading={q.isLoading}
      error={q.error ? loadMessage(q.error) : notFound}
      share={<PartageWhatsapp type="recu_vente" id={id} disabled={!first} />}
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
                detail: oeufsDeLigne(l.quantite, parUnite.get(l.id_produit) ?? null),
                remise: remiseDeLigne(l),
              };
            })}
          />
          <p className="doc-total" data-testid="doc-total">
            Total : <strong>{formatFcfa(total)}</strong>
          </p>
          {solde !== null && (
            <p className="doc-total doc-solde-ligne">
              {PARTAGE_ECRAN.resteApresVente} <strong data-testid="doc-solde">{formatFcfa(solde)}</strong>
            </p>
          )}
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
