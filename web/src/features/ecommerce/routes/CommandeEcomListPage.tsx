// Online orders /ecommerce (spec part 2 §2): plan banner, paginated table (10/20/30) of order
// number, client (full name from info_client), phone, product, price, quantity, total, coloured
// state, and details / edit / cancel. Above it, the business's public shop page and a WhatsApp
// link to share it (the orders come from there).
import { useState } from 'react';
import { ECOM_MSG } from '../../../../../shared/messages/ecommerce';
import { parseInfoClient, type CommandeEcom } from '../../../../../shared/schemas/ecommerce';
import { formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { useCustomer } from '../../../lib/storage';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useCancelCommandeEcom, useCommandesEcom } from '../api/commandes-ecom';
import { CommandeEcomDetailsDialog } from '../components/CommandeEcomDetailsDialog';
import { CommandeEcomEditDialog } from '../components/CommandeEcomEditDialog';
import { EtatText } from '../components/EtatBadge';
import '../ecommerce.css';
import { formatPhone } from '../../../../../shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';

const COLUMNS = [
  { label: 'N° commande' },
  { label: 'Client' },
  { label: 'Téléphone' },
  { label: 'Produit' },
  { label: 'Prix', className: 'num' },
  { label: 'Qté', className: 'num' },
  { label: 'Total', className: 'num' },
  { label: 'État' },
  { label: 'Actions', hideLabel: true },
];

type Dialog = { kind: 'details' | 'edit'; commande: CommandeEcom } | null;

export default function CommandeEcomListPage() {
  const list = useCommandesEcom();
  const phoneCountry = usePhoneCountry();
  const cancel = useCancelCommandeEcom();
  const customer = useCustomer();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [flash, showFlash] = useTimedMessage<{ kind: 'success' | 'error'; text: string }>();
  const page = usePaged(list.data ?? [], LIST_SIZES);
  const shopUrl = customer ? new URL(`vitrine.html#/vendeur/${customer.id_entreprise}`, window.location.href).href : null;

  function onCancel(c: CommandeEcom) {
    if (!window.confirm(`Annuler la commande ${c.numero_commande} ?`)) return;
    cancel.mutate(c.id, {
      onSuccess: () => showFlash({ kind: 'success', text: ECOM_MSG.canceled }),
      onError: (err) => showFlash({ kind: 'error', text: serverMessage(err, ECOM_MSG.cancelFailed) }),
    });
  }

  return (
    <section className="page ui-page">
      <PlanBanner />
      <div className="page-header">
        <h1>Commandes en ligne</h1>
      </div>
      {shopUrl && (
        <p className="ecom-store-link">
          <a className="btn btn-small" href={shopUrl} target="_blank" rel="noopener">
            Voir ma boutique en ligne
          </a>
          <a className="btn btn-small" href={`https://wa.me/?text=${encodeURIComponent(`Commandez chez nous en ligne : ${shopUrl}`)}`} target="_blank" rel="noopener noreferrer">
            Partager sur WhatsApp
          </a>
        </p>
      )}
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      <DataTable
        columns={COLUMNS}
        page={page}
        error={list.error}
        loading={list.isLoading}
        empty="Aucune commande en ligne"
        testId="ecom-commandes"
        renderRow={(c) => {
          const client = parseInfoClient(c.info_client);
          return (
            <tr key={c.id}>
              <td>{c.numero_commande}</td>
              <td className="wrap">
                {client.prenom} {client.nom}
              </td>
              <td>{formatPhone(client.telephone, phoneCountry)}</td>
              <td className="wrap ecom-produit">{c.nom_produit}</td>
              <td className="num">{formatFcfa(c.prix_unitaire)}</td>
              <td className="num">{c.quantite}</td>
              <td className="num">{formatFcfa(c.montant_total)}</td>
              <td data-testid={`ecom-etat-${c.id}`}>
                <EtatText etat={c.etat} />
              </td>
              <td className="actions">
                <div className="ecom-actions">
                  <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'details', commande: c })}>
                    Détails
                  </button>
                  {c.etat === 'PENDING' && (
                    <>
                      <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'edit', commande: c })}>
                        Modifier
                      </button>
                      <SubmitButton type="button" className="btn-small btn-danger" pending={cancel.isPending && cancel.variables === c.id} disabled={cancel.isPending} onClick={() => onCancel(c)}>
                        Annuler
                      </SubmitButton>
                    </>
                  )}
                </div>
              </td>
            </tr>
          );
        }}
      />
      {dialog?.kind === 'details' && <CommandeEcomDetailsDialog commande={dialog.commande} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <CommandeEcomEditDialog
          commande={dialog.commande}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showFlash({ kind: 'success', text: 'Commande mise à jour' });
          }}
        />
      )}
    </section>
  );
}
