// Online orders /ecommerce (spec part 2 §2): plan banner, paginated table (10/20/30) of order
// number, client (full name from info_client), phone, product, price, quantity, total, coloured
// state, and details / edit / cancel. Above it, the business's public shop page and a WhatsApp
// link to share it (the orders come from there). Against a spam wave, « Bloquer » on a pending
// order blocks its number and cancels that number's pending orders in one action; the blocked
// numbers are listed below with « Débloquer ».
import { useState } from 'react';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import { parseInfoClient, type CommandeEcom } from '@shared/schemas/ecommerce';
import { formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { useCustomer } from '../../../lib/use-customer';
import { Alert } from '../../../lib/ui/Alert';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useBloquerNumero, useCancelCommandeEcom, useCommandesEcom, useDebloquerNumero, useNumerosBloques } from '../api/commandes-ecom';
import { CommandeEcomDetailsDialog } from '../components/CommandeEcomDetailsDialog';
import { CommandeEcomEditDialog } from '../components/CommandeEcomEditDialog';
import { EtatText } from '../components/EtatBadge';
import '../ecommerce.css';
import { formatPhone } from '@shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';

const clientOf = (c: CommandeEcom) => parseInfoClient(c.info_client);

const columns = (phoneCountry: Parameters<typeof formatPhone>[1]): Column<CommandeEcom>[] => [
  { label: 'N° commande', cell: (c) => c.numero_commande, card: 'title' },
  { label: 'Client', cell: (c) => `${clientOf(c).prenom} ${clientOf(c).nom}`, className: 'wrap', card: 'title' },
  { label: 'Téléphone', cell: (c) => formatPhone(clientOf(c).telephone, phoneCountry) },
  { label: 'Produit', cell: (c) => c.nom_produit, className: 'wrap ecom-produit' },
  { label: 'Prix', cell: (c) => formatFcfa(c.prix_unitaire), className: 'num' },
  { label: 'Qté', cell: (c) => c.quantite, className: 'num' },
  { label: 'Total', cell: (c) => formatFcfa(c.montant_total), className: 'num' },
  { label: 'État', cell: (c) => <EtatText etat={c.etat} />, testId: (c) => `ecom-etat-${c.id}` },
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

  // The order whose cancel is being confirmed (the app's dialog, never the browser's confirm()).
  const [ask, setAsk] = useState<CommandeEcom | null>(null);
  // The order whose number is about to be blocked, and its number's pending orders in the list.
  const [askBlock, setAskBlock] = useState<CommandeEcom | null>(null);
  const bloquer = useBloquerNumero();
  const debloquer = useDebloquerNumero();
  const bloques = useNumerosBloques();
  const pendingOf = (telephone: string) => (list.data ?? []).filter((c) => c.etat === 'PENDING' && clientOf(c).telephone === telephone).length;

  function onBlock(c: CommandeEcom) {
    bloquer.mutate(
      { id_commande: c.id },
      {
        onSuccess: (r) => (setAskBlock(null), showFlash({ kind: 'success', text: ECOM_MSG.bloque(formatPhone(r.telephone, phoneCountry), r.annulees) })),
      },
    );
  }

  function onCancel(c: CommandeEcom) {
    cancel.mutate(c.id, {
      onSuccess: () => (setAsk(null), showFlash({ kind: 'success', text: ECOM_MSG.canceled })),
      onError: (err) => (setAsk(null), showFlash({ kind: 'error', text: serverMessage(err, ECOM_MSG.cancelFailed) })),
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
          <a
            className="btn btn-small"
            href={`https://wa.me/?text=${encodeURIComponent(`Commandez chez nous en ligne : ${shopUrl}`)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Partager sur WhatsApp
          </a>
        </p>
      )}
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      <DataTable
        columns={columns(phoneCountry)}
        label="Commandes en ligne"
        rowKey={(c) => c.id}
        actions={(c) => (
          <>
            <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'details', commande: c })}>
              Détails
            </button>
            {c.etat === 'PENDING' && (
              <>
                <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'edit', commande: c })}>
                  Modifier
                </button>
                <SubmitButton
                  type="button"
                  className="btn-small btn-danger"
                  pending={cancel.isPending && cancel.variables === c.id}
                  disabled={cancel.isPending}
                  onClick={() => setAsk(c)}
                >
                  Annuler
                </SubmitButton>
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  onClick={() => (bloquer.reset(), setAskBlock(c))}
                  data-testid={`ecom-bloquer-${c.id}`}
                >
                  Bloquer
                </button>
              </>
            )}
          </>
        )}
        page={page}
        error={list.error}
        loading={list.isLoading}
        empty="Aucune commande en ligne"
        testId="ecom-commandes"
      />
      {ask && (
        <ConfirmDialog
          title="Annuler la commande"
          question={`Annuler la commande ${ask.numero_commande} ?`}
          pending={cancel.isPending}
          error={null}
          onConfirm={() => onCancel(ask)}
          onClose={() => setAsk(null)}
        />
      )}
      {askBlock && (
        <ConfirmDialog
          title={ECOM_MSG.bloquerAction}
          question={ECOM_MSG.bloquerConfirm(formatPhone(clientOf(askBlock).telephone, phoneCountry), pendingOf(clientOf(askBlock).telephone))}
          confirmLabel="Oui, bloquer"
          pending={bloquer.isPending}
          error={bloquer.error ? serverMessage(bloquer.error, ECOM_MSG.bloquerFailed) : null}
          onConfirm={() => onBlock(askBlock)}
          onClose={() => setAskBlock(null)}
        />
      )}
      {!!bloques.data?.length && (
        <section className="ecom-bloques" aria-labelledby="ecom-bloques-titre" data-testid="ecom-bloques">
          <h2 id="ecom-bloques-titre">{ECOM_MSG.numerosBloques}</h2>
          <ul>
            {bloques.data.map((b) => (
              <li key={b.telephone}>
                <span>{formatPhone(b.telephone, phoneCountry)}</span>
                <SubmitButton
                  type="button"
                  className="btn-small"
                  pending={debloquer.isPending && debloquer.variables?.telephone === b.telephone}
                  disabled={debloquer.isPending}
                  onClick={() =>
                    debloquer.mutate(
                      { telephone: b.telephone },
                      {
                        onSuccess: () => showFlash({ kind: 'success', text: ECOM_MSG.debloque(formatPhone(b.telephone, phoneCountry)) }),
                        onError: (err) => showFlash({ kind: 'error', text: serverMessage(err, ECOM_MSG.bloquerFailed) }),
                      },
                    )
                  }
                >
                  {ECOM_MSG.debloquer}
                </SubmitButton>
              </li>
            ))}
          </ul>
        </section>
      )}
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
