// New sale /vente/vente (spec part 2 §2, §5): product autocomplete, read-only price, quantity
// (≤ stock), optional discount, Ajouter (same product → quantity added), running Total, line
// table, optional batch, sale type (DIRECT default), optional client search by phone, Valider.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_MSG } from '../../../../../shared/messages/shop';
import { lireNombre } from '../../../../../shared/nombres';
import { MAX_PRIX, MAX_QUANTITE } from '../../../../../shared/schemas/common';
import type { Client } from '../../../../../shared/schemas/clients';
import type { Produit } from '../../../../../shared/schemas/produits';
import { formatFcfa } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { DECIMAL_INPUT, NUMBER_INPUT } from '../../../lib/nombre-field';
import { isQueued } from '../../../lib/offline/outbox';
import { SYNC_MSG } from '../../../../../shared/messages/sync';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useBandes } from '../api/get-bandes';
import { useClients } from '../api/get-clients';
import { useProduits } from '../api/get-produits';
import { useSaveVente } from '../api/save-vente';
import { ProductAutocomplete } from '../components/ProductAutocomplete';
import { findClientByPhone } from '../logic/client-by-phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';
import {
  addLine,
  draftToLine,
  EMPRUNT_NEEDS_CLIENT,
  lineTotal,
  priceAfterDiscount,
  removeLine,
  saleTotal,
  TYPES_VENTE,
  validateDraft,
  validateSale,
  type SaleLine,
  type TypeRemise,
  type TypeVente,
} from '../logic/sale-lines';
import { OfflineNote } from '../../../lib/offline/OfflineNote';

const LINE_COLUMNS: Column<SaleLine>[] = [
  { label: 'Désignation', cell: (l) => l.produit, className: 'wrap' },
  { label: 'Quantité', cell: (l) => l.quantite, className: 'num' },
  { label: 'Prix après remise', cell: (l) => formatFcfa(priceAfterDiscount(l.prix_unitaire, l.type_remise, l.valeur_remise)), className: 'num' },
  { label: 'Total', cell: (l) => formatFcfa(lineTotal(l)), className: 'num' },
];

export default function NewSalePage() {
  const produits = useProduits();
  const bandes = useBandes();
  const save = useSaveVente();
  const [flash, showFlash] = useTimedMessage<{ kind: 'success' | 'error'; text: string }>(8000);
  // The last sale saved: its receipt stays one click away until the next sale (issue 11).
  const [lastSale, setLastSale] = useState<{ jour: string; transaction: number } | null>(null);

  // the line being typed
  const [produit, setProduit] = useState<Produit | null>(null);
  const [quantite, setQuantite] = useState('1');
  const [remise, setRemise] = useState(false);
  const [typeRemise, setTypeRemise] = useState<TypeRemise>('MONTANT');
  const [valeurRemise, setValeurRemise] = useState('');
  const [lineError, setLineError] = useState<string | null>(null);

  // the sale
  const [lines, setLines] = useState<SaleLine[]>([]);
  const [idBande, setIdBande] = useState('');
  const [type, setType] = useState<TypeVente>('DIRECT');
  const [phone, setPhone] = useState('');
  const [client, setClient] = useState<Client | null>(null);
  const [clientMsg, setClientMsg] = useState<string | null>(null);
  const [lookup, setLookup] = useState(false);
  const clients = useClients(lookup);
  const phoneCountry = usePhoneCountry();
  const [saleError, setSaleError] = useState<string | null>(null);

  // Produit chosen: its live stock (the list reloads after each sale).
  const live = produit ? (produits.data?.find((p) => p.id === produit.id) ?? produit) : null;
  const activeBandes = (bandes.data ?? []).filter((b) => b.statut === 'ACTIVE');

  function onAdd() {
    // Numbers as typed (issue 17): an empty, negative or malformed quantity or discount is a
    // French error, never read as 0; a discount in FCFA is whole, a percentage has ≤ 2 decimals.
    const q = lireNombre(quantite, { label: 'La quantité', feminin: true, min: 1, max: MAX_QUANTITE });
    const v = remise
      ? lireNombre(
          valeurRemise,
          typeRemise === 'MONTANT' ? { label: 'La remise', feminin: true, max: MAX_PRIX } : { label: 'Le pourcentage de remise', entier: false, decimales: 2 },
        )
      : ({ ok: true, value: 0 } as const);
    if (!live) return setLineError('Veuillez choisir un produit.');
    if (!q.ok) return setLineError(q.message);
    if (!v.ok) return setLineError(v.message);
    const draft = { produit: live, quantite: q.value, remise, type_remise: typeRemise, valeur_remise: v.value };
    const err = validateDraft(draft, lines);
    setLineError(err);
    if (err) return;
    setLines((ls) => addLine(ls, draftToLine(draft)));
    setProduit(null);
    setQuantite('1');
    setRemise(false);
    setTypeRemise('MONTANT');
    setValeurRemise('');
  }

  async function findClient() {
    setClientMsg(null);
    setClient(null);
    if (!phone.trim()) return;
    setLookup(true);
    try {
      const list = clients.data ?? (await clients.refetch({ throwOnError: true })).data ?? [];
      const found = findClientByPhone(list, phone, phoneCountry);
      if (found) setClient(found);
      else setClientMsg(SHOP_MSG.clientNotFoundSearch);
    } catch (err) {
      setClientMsg((err as Error).message);
    }
  }

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
          setLines([]);
          setType('DIRECT');
          setIdBande('');
          setClient(null);
          setPhone('');
          if (isQueued(res)) return showFlash({ kind: 'success', text: SYNC_MSG.queued });
          const extra = res.client && type === 'EMPRUNT' ? ` — créance de ${res.client.prenom} ${res.client.nom} : ${formatFcfa(res.client.creance)}` : '';
          showFlash({ kind: 'success', text: `${SHOP_MSG.venteSaved}${extra}` });
        },
        onError: (e) =>
          setSaleError(
            e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401
              ? `${SHOP_MSG.venteSaveFailed} : ${e.message}`
              : SHOP_MSG.venteSaveFailed,
          ),
      },
    );
  }

  const typed = remise ? lireNombre(valeurRemise, { label: 'La remise', entier: typeRemise === 'MONTANT' }) : null;
  const previewPrice = live ? priceAfterDiscount(live.prix_vente, typeRemise, typed?.ok ? typed.value : 0) : null;

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
        {produits.isError && <Alert kind="error">{(produits.error as Error).message}</Alert>}
        <fieldset className="line-form sale-line-form">
          <legend>Produit</legend>
          <div className="field field-produit">
            <label htmlFor="produit-search">Produit</label>
            <ProductAutocomplete
              inputId="produit-search"
              produits={produits.data ?? []}
              selected={produit}
              onSelect={setProduit}
              error={!!lineError && !live}
            />
          </div>
          <div className="field">
            <label htmlFor="s-prix">Prix</label>
            <input id="s-prix" readOnly value={live ? formatFcfa(live.prix_vente) : ''} />
          </div>
          <div className="field">
            <label htmlFor="s-quantite">Quantité</label>
            <input id="s-quantite" {...NUMBER_INPUT} value={quantite} onChange={(e) => setQuantite(e.target.value)} />
          </div>
          <label className="checkbox remise-toggle">
            <input type="checkbox" checked={remise} onChange={(e) => setRemise(e.target.checked)} />
            Faire une remise
          </label>
          {remise && (
            <>
              <div className="field">
                <label htmlFor="s-type-remise">Type de remise</label>
                <select id="s-type-remise" value={typeRemise} onChange={(e) => setTypeRemise(e.target.value as TypeRemise)}>
                  <option value="MONTANT">Montant</option>
                  <option value="POURCENTAGE">Pourcentage</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor="s-valeur-remise">{typeRemise === 'MONTANT' ? 'Remise (FCFA)' : 'Remise (%)'}</label>
                <input
                  id="s-valeur-remise"
                  {...(typeRemise === 'MONTANT' ? NUMBER_INPUT : DECIMAL_INPUT)}
                  value={valeurRemise}
                  onChange={(e) => setValeurRemise(e.target.value)}
                />
              </div>
            </>
          )}
          <div className="line-form-end">
            {live && remise && previewPrice !== null && <span className="muted">Prix après remise : {formatFcfa(previewPrice)}</span>}
            <button type="button" className="btn" onClick={onAdd}>
              Ajouter
            </button>
          </div>
          {lineError && (
            <p className="field-error" role="alert">
              {lineError}
            </p>
          )}
        </fieldset>

        <p className="total-line">
          Total : <strong data-testid="vente-total">{formatFcfa(saleTotal(lines))}</strong>
        </p>
        <DataTable
          bare
          columns={LINE_COLUMNS}
          page={{ rows: lines }}
          empty="Aucun produit ajouté"
          label="Produits de la vente"
          rowKey={(l) => l.id_produit}
          actions={(l) => (
            <button type="button" className="btn btn-small btn-danger" onClick={() => setLines((ls) => removeLine(ls, l.id_produit))}>
              Supprimer
            </button>
          )}
        />
      </div>

      <div className="card">
        <div className="form-grid">
          {!bandes.isError && (
            <div className="field">
              <label htmlFor="s-bande">Bande (facultatif)</label>
              <select id="s-bande" value={idBande} onChange={(e) => setIdBande(e.target.value)}>
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
            <select id="s-type" value={type} onChange={(e) => setType(e.target.value as TypeVente)}>
              {TYPES_VENTE.map((t) => (
                <option key={t} value={t}>
                  {SHOP_MSG.saleType[t]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor="s-phone">Client (téléphone, facultatif)</label>
          <div className="search-row">
            <input
              id="s-phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value);
                setClientMsg(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void findClient();
                }
              }}
            />
            <SubmitButton type="button" pending={lookup && clients.isFetching} disabled={!phone.trim()} onClick={() => void findClient()}>
              Rechercher
            </SubmitButton>
            {client && (
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setClient(null);
                  setPhone('');
                }}
              >
                Retirer
              </button>
            )}
          </div>
        </div>
        {client && (
          <p className="client-found" data-testid="vente-client">
            Client :{' '}
            <strong>
              {client.prenom} {client.nom}
            </strong>{' '}
            ({client.numero_compte}) — créance {formatFcfa(client.creance)}
          </p>
        )}
        {clientMsg && <Alert kind="info">{clientMsg}</Alert>}
        {type === 'EMPRUNT' && !client && <Alert kind="info">{EMPRUNT_NEEDS_CLIENT}</Alert>}
        {saleError && <Alert kind="error">{saleError}</Alert>}
        <div className="modal-actions">
          <SubmitButton pending={save.isPending}>Valider</SubmitButton>
        </div>
      </div>
    </form>
  );
}
