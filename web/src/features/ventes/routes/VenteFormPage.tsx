// New sale /vente/vente (spec part 2 §2, §5): the line being typed (SaleLineEditor), the running
// total and the lines, optional batch, sale type (DIRECT default), optional client found by phone
// (ClientPicker), Valider. The sale's own state (lines, batch, type, client) is here; a sale saved
// starts the next one empty, and its receipt stays one click away until then.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_MSG } from '@shared/messages/shop';
import { de } from '@shared/messages/elision';
import { SYNC_MSG } from '@shared/messages/sync';
import type { Client } from '@shared/schemas/clients';
import { formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { isQueued } from '../../../lib/offline/outbox';
import { OfflineNote } from '../../../lib/offline/OfflineNote';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import { Alert } from '../../../lib/ui/Alert';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useBandes } from '../api/get-bandes';
import { useProduits } from '../api/get-produits';
import { useSaveVente } from '../api/save-vente';
import { ClientPicker } from '../components/ClientPicker';
import { SaleLineEditor } from '../components/SaleLineEditor';
import { SaleLinesTable } from '../components/SaleLinesTable';
import { addLine, EMPRUNT_NEEDS_CLIENT, removeLine, TYPES_VENTE, validateSale, type SaleLine, type TypeVente } from '../logic/sale-lines';

interface Sale {
  lines: SaleLine[];
  idBande: string;
  type: TypeVente;
  client: Client | null;
  /** How many sales were saved on this screen: the client picker starts afresh with each. */
  round: number;
}

const EMPTY_SALE: Sale = { lines: [], idBande: '', type: 'DIRECT', client: null, round: 0 };

export default function VenteFormPage() {
  const produits = useProduits();
  const bandes = useBandes();
  const save = useSaveVente();
  const [flash, showFlash] = useTimedMessage<{ kind: 'success' | 'error'; text: string }>(8000);
  const [lastSale, setLastSale] = useState<{ jour: string; transaction: number } | null>(null);
  const [sale, setSale] = useState<Sale>(EMPTY_SALE);
  const [saleError, setSaleError] = useState<string | null>(null);
  const edit = (change: Partial<Sale>) => setSale((s) => ({ ...s, ...change }));
  const { lines, idBande, type, client } = sale;
  const activeBandes = (bandes.data ?? []).filter((b) => b.statut === 'ACTIVE');

  function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    setSaleError(null);
    const err = validateSale(lines, type, client?.id ?? null);
    if (err) return setSaleError(err);
    save.mutate(
      { id_bande: idBande ? Number(idBande) : null, produits: lines, id_client: client?.id ?? null, type },
      {
        onSuccess: (res) => {
          // A sale typed offline waits in the outbox: no receipt until the server has it.
          setLastSale(!isQueued(res) && res.ventes[0] ? { jour: res.ventes[0].created_at.slice(0, 10), transaction: res.id_transaction } : null);
          setSale((s) => ({ ...EMPTY_SALE, round: s.round + 1 }));
          if (isQueued(res)) return showFlash({ kind: 'success', text: SYNC_MSG.queued });
          const extra =
            res.client && type === 'EMPRUNT' ? ` — créance ${de(`${res.client.prenom} ${res.client.nom}`)} : ${formatFcfa(res.client.creance)}` : '';
          showFlash({ kind: 'success', text: `${SHOP_MSG.venteSaved}${extra}` });
        },
        onError: (e) => setSaleError(serverMessage(e, SHOP_MSG.venteSaveFailed, { prefixed: true })),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      <OfflineNote updatedAt={produits.dataUpdatedAt} />
      <PendingEntries filter={(e) => e.kind === 'vente'} title="Ventes non envoyées" />
      {lastSale && (
        <p className="receipt-link">
          <Link className="btn btn-small" to={`/recu/vente/${lastSale.jour}/${lastSale.transaction}`} data-testid="recu-vente-link">
            Imprimer le reçu de la vente
          </Link>
        </p>
      )}
      <div className="card">
        <h2>Nouvelle vente</h2>
        <SaleLineEditor lines={lines} onAdd={(line) => setSale((s) => ({ ...s, lines: addLine(s.lines, line) }))} />
        <SaleLinesTable lines={lines} onRemove={(id) => setSale((s) => ({ ...s, lines: removeLine(s.lines, id) }))} />
      </div>

      <div className="card">
        <div className="form-grid">
          {!bandes.isError && (
            <div className="field">
              <label htmlFor="s-bande">Bande (facultatif)</label>
              <select id="s-bande" value={idBande} onChange={(e) => edit({ idBande: e.target.value })}>
                <option value="">Aucune</option>
                {activeBandes.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.nom}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor="s-type">Type de vente</label>
            <select id="s-type" value={type} onChange={(e) => edit({ type: e.target.value as TypeVente })}>
              {TYPES_VENTE.map((t) => (
                <option key={t} value={t}>
                  {SHOP_MSG.saleType[t]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ClientPicker key={sale.round} client={client} onClient={(c) => edit({ client: c })} />
        {type === 'EMPRUNT' && !client && <Alert kind="info">{EMPRUNT_NEEDS_CLIENT}</Alert>}
        {saleError && <Alert kind="error">{saleError}</Alert>}
        <div className="modal-actions">
          <SubmitButton pending={save.isPending}>Valider</SubmitButton>
        </div>
      </div>
    </form>
  );
}
