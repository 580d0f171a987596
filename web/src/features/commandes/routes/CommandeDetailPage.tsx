// Order detail /commande/:numero_commande (spec part 2 §2, §4): order and client information,
// Livré only while delivery is PENDING, the line table with Supprimer, Ajouter un produit.
// Lines change only before delivery (server rule), so both actions hide once delivered. What was
// paid (deposit, then the repayments allocated after delivery) and what remains show
// beside the total; the payment state follows that money.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SHOP_MSG } from '@shared/messages/shop';
import type { CommandeLigne } from '@shared/schemas/commandes';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { formatDate, formatFcfa } from '../../../lib/format';
import { loadMessage, serverMessage } from '../../../lib/http';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useCommande } from '../api/get-commande';
import { useDeleteProduitFromCommande, useToDeliver } from '../api/update-commande';
import { AddLineDialog } from '../components/AddLineDialog';
import { ETAT_LIVRAISON, ETAT_PAIEMENT } from '../logic/labels';
import { formatPhone } from '@shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';

type Paiement = { key: string; date: string; label: string; montant: number; id: number };
const PAIEMENT_COLUMNS: Column<Paiement>[] = [
  { label: 'Date', cell: (r) => formatDate(r.date) },
  {
    label: 'Paiement',
    cell: (r) =>
      r.id ? (
        <Link to={`/recu/versement/${r.id}`} title="Reçu du remboursement">
          {r.label}
        </Link>
      ) : (
        r.label
      ),
    card: 'title',
  },
  { label: 'Montant', cell: (r) => formatFcfa(r.montant), className: 'num' },
];
const LINE_COLUMNS: Column<CommandeLigne>[] = [
  { label: 'Désignation', cell: (l) => l.produit, className: 'wrap' },
  { label: 'Quantité', cell: (l) => l.quantite, className: 'num' },
  { label: 'Prix', cell: (l) => formatFcfa(l.prix_unitaire), className: 'num' },
  { label: 'Total', cell: (l) => formatFcfa(l.total), className: 'num' },
];

function failure(err: unknown): string {
  return serverMessage(err, SHOP_MSG.commandeActionFailed, { prefixed: true });
}

export default function CommandeDetailPage() {
  const { numero_commande = '' } = useParams();
  const commande = useCommande(numero_commande);
  const phoneCountry = usePhoneCountry();
  const deliver = useToDeliver();
  const remove = useDeleteProduitFromCommande();
  const [adding, setAdding] = useState(false);
  const [flash, showFlash] = useTimedMessage<{ kind: 'success' | 'error'; text: string }>();
  const c = commande.data;
  const pending = c?.etat_livraison === 'PENDING';
  // What the app's confirmation dialog asks about (never the browser's confirm()).
  const [ask, setAsk] = useState<{ kind: 'livrer' } | { kind: 'ligne'; ligne: CommandeLigne } | null>(null);

  function onDeliver() {
    if (!c) return;
    deliver.mutate(c.id, {
      onSuccess: () => (setAsk(null), showFlash({ kind: 'success', text: 'Commande livrée' })),
      onError: (err) => (setAsk(null), showFlash({ kind: 'error', text: failure(err) })),
    });
  }

  function onRemove(l: CommandeLigne) {
    if (!c) return;
    remove.mutate(
      { id_commande: c.id, id_produit: l.id_produit, nom: l.produit, quantite: l.quantite, prix_unitaire: l.prix_unitaire },
      {
        onSuccess: () => (setAsk(null), showFlash({ kind: 'success', text: SHOP_MSG.commandeUpdated })),
        onError: (err) => (setAsk(null), showFlash({ kind: 'error', text: failure(err) })),
      },
    );
  }

  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>Commande {c?.numero_commande ?? numero_commande}</h1>
        <div className="page-actions">
          {c && (
            <Link className="btn" to={`/facture/${encodeURIComponent(c.numero_commande)}`} data-testid="facture-link">
              Facture
            </Link>
          )}
          <Link className="btn" to="/commande">
            Toutes les commandes
          </Link>
          {pending && (
            <SubmitButton type="button" pending={deliver.isPending} onClick={() => setAsk({ kind: 'livrer' })}>
              Livré
            </SubmitButton>
          )}
        </div>
      </div>
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      {commande.isLoading && <p className="muted">Chargement…</p>}
      {commande.isError && <Alert kind="error">{loadMessage(commande.error)}</Alert>}
      {c && (
        <>
          <div className="info-grid">
            <div className="card">
              <h2>Informations Commande</h2>
              <dl className="info-list">
                <dt>Numéro</dt>
                <dd data-testid="commande-numero">{c.numero_commande}</dd>
                <dt>Montant</dt>
                <dd data-testid="commande-montant">{formatFcfa(c.montant_total)}</dd>
                <dt>Acompte</dt>
                <dd data-testid="commande-accompte">{formatFcfa(c.accompte)}</dd>
                {(c.montant_regle ?? 0) > 0 && (
                  <>
                    <dt>Remboursements</dt>
                    <dd data-testid="commande-regle">{formatFcfa(c.montant_regle)}</dd>
                  </>
                )}
                <dt>Reste à payer</dt>
                <dd data-testid="commande-reste">{formatFcfa(c.reste_a_payer ?? Math.max(0, c.montant_total - c.accompte))}</dd>
                <dt>Paiement</dt>
                <dd data-testid="commande-paiement">{ETAT_PAIEMENT[c.etat_paiement] ?? c.etat_paiement}</dd>
                <dt>Livraison</dt>
                <dd data-testid="commande-livraison">{ETAT_LIVRAISON[c.etat_livraison] ?? c.etat_livraison}</dd>
                <dt>Date de livraison</dt>
                <dd>{formatDate(c.date_livraison)}</dd>
              </dl>
            </div>
            <div className="card">
              <h2>Informations Client</h2>
              <dl className="info-list">
                <dt>Nom</dt>
                <dd>{c.client ? `${c.client.prenom} ${c.client.nom}` : ''}</dd>
                <dt>Téléphone</dt>
                <dd>{formatPhone(c.client?.telephone, phoneCountry) || '—'}</dd>
                <dt>Email</dt>
                <dd>{c.client?.email || '—'}</dd>
              </dl>
            </div>
          </div>

          <DataTable
            title="Produits"
            toolbar={
              pending && (
                <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
                  Ajouter un produit
                </button>
              )
            }
            columns={LINE_COLUMNS}
            page={{ rows: c.produits }}
            rowKey={(l) => l.id_produit}
            actions={
              pending
                ? (l) => (
                    <SubmitButton
                      type="button"
                      className="btn-small btn-danger"
                      pending={remove.isPending && remove.variables?.id_produit === l.id_produit}
                      disabled={remove.isPending}
                      onClick={() => setAsk({ kind: 'ligne', ligne: l })}
                    >
                      Supprimer
                    </SubmitButton>
                  )
                : undefined
            }
          />
          {(c.reglements ?? []).length > 0 && (
            <DataTable
              title="Paiements reçus"
              columns={PAIEMENT_COLUMNS}
              page={{
                rows: [
                  { key: 'acompte', date: c.created_at, label: 'Acompte', montant: c.accompte, id: 0 },
                  ...c.reglements.map((r) => ({
                    key: `v${r.id_versement}`,
                    date: r.created_at,
                    label: 'Remboursement',
                    montant: r.montant,
                    id: r.id_versement,
                  })),
                ].filter((r) => r.montant > 0),
              }}
              testId="commande-paiements"
              rowKey={(r) => r.key}
            />
          )}
          {ask && (
            <ConfirmDialog
              title={ask.kind === 'livrer' ? 'Livrer la commande' : 'Supprimer le produit'}
              question={ask.kind === 'livrer' ? `Marquer la commande ${c.numero_commande} comme livrée ?` : `Supprimer ${ask.ligne.produit} de la commande ?`}
              confirmLabel={ask.kind === 'livrer' ? 'Oui, livrée' : 'Oui, supprimer'}
              pending={deliver.isPending || remove.isPending}
              error={null}
              onConfirm={() => (ask.kind === 'livrer' ? onDeliver() : onRemove(ask.ligne))}
              onClose={() => setAsk(null)}
            />
          )}
          {adding && (
            <AddLineDialog
              idCommande={c.id}
              onClose={() => setAdding(false)}
              onSaved={() => {
                setAdding(false);
                showFlash({ kind: 'success', text: SHOP_MSG.commandeUpdated });
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
