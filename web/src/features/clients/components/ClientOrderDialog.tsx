// Client order dialog (spec part 2 §2, §5): lines of a product and a quantity ≥ 1 priced from the
// product's prix_vente (read-only), a product already listed has its quantity replaced, a deposit
// ≥ 0 (and not above the total) and a required delivery date from today to a year ahead (the
// server's own bounds). Quantity and deposit are read as typed: empty, negative or not a
// number is a French error, never 0.
import { useState, type FormEvent } from 'react';
import { SHOP_MSG } from '@shared/messages/shop';
import type { Client } from '@shared/schemas/clients';
import { dateLivraisonBornes, type Commande } from '@shared/schemas/commandes';
import { MAX_MONTANT, MAX_QUANTITE } from '@shared/schemas/common';
import { formatJour } from '@shared/dates';
import { today } from '../../../lib/day-bounds';
import { formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { keyPerContent } from '@shared/idempotency-key';
import { useNombreField } from '../../../lib/nombre-field';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { useAddCommande } from '../api/add-commande';
import { useProduits } from '../api/get-produits';
import { orderTotal, upsertOrderLine, type OrderLine } from '../logic/order-lines';
import { NumberField } from '../../../lib/ui/NumberField';

const LINE_COLUMNS: Column<OrderLine>[] = [
  { label: 'Produit', cell: (l) => l.produit, className: 'wrap' },
  { label: 'Quantité', cell: (l) => l.quantite, className: 'num' },
  { label: 'Prix unitaire', cell: (l) => formatFcfa(l.prix_unitaire), className: 'num' },
  { label: 'Total', cell: (l) => formatFcfa(l.prix_unitaire * l.quantite), className: 'num' },
];

interface Props {
  client: Client;
  onClose: () => void;
  onSaved: (c: Commande) => void;
}

export function ClientOrderDialog({ client, onClose, onSaved }: Props) {
  const produits = useProduits();
  const save = useAddCommande();
  // The same order sent again (a second tap, a retry after a lost answer) keeps its key.
  const [keyFor] = useState(keyPerContent);
  const [idProduit, setIdProduit] = useState('');
  const quantite = useNombreField('1');
  const [lineError, setLineError] = useState<string | null>(null);
  const [lines, setLines] = useState<OrderLine[]>([]);
  const accompte = useNombreField('0');
  const [dateLivraison, setDateLivraison] = useState('');
  const bornes = dateLivraisonBornes(today());
  const [errors, setErrors] = useState<{ accompte?: string; date?: string; lines?: string }>({});
  const [error, setError] = useState<string | null>(null);

  const produit = produits.data?.find((p) => String(p.id) === idProduit) ?? null;
  const total = orderTotal(lines);

  function addLine() {
    const q = quantite.read({ label: 'La quantité', feminin: true, min: 1, max: MAX_QUANTITE });
    if (!produit) return setLineError('Veuillez choisir un produit.');
    if (!q.ok) return setLineError(q.message);
    setLineError(null);
    setLines((ls) => upsertOrderLine(ls, { id_produit: produit.id, produit: produit.nom, quantite: q.value, prix_unitaire: produit.prix_vente }));
    setIdProduit('');
    quantite.setText('1');
  }

  function submit(ev: FormEvent) {
    ev.preventDefault();
    setError(null);
    const a = accompte.read({ label: "L'acompte", max: MAX_MONTANT });
    const errs: typeof errors = {};
    if (lines.length === 0) errs.lines = 'Ajoutez au moins un produit.';
    if (!a.ok) errs.accompte = a.message;
    else if (lines.length > 0 && a.value > total) errs.accompte = SHOP_MSG.commandeAccompteTooHigh;
    if (!dateLivraison) errs.date = 'La date de livraison est requise';
    else if (dateLivraison < bornes.min) errs.date = SHOP_MSG.dateLivraisonPassee;
    else if (dateLivraison > bornes.max) errs.date = SHOP_MSG.dateLivraisonTropLoin(formatJour(bornes.max));
    setErrors(errs);
    if (!a.ok || Object.keys(errs).length) return;
    const input = { id: 0, id_client: client.id, produits: lines, accompte: a.value, date_livraison: dateLivraison };
    save.mutate(
      { input, key: keyFor(input) },
      {
        onSuccess: (c) => onSaved(c),
        onError: (err) => setError(serverMessage(err, SHOP_MSG.commandeSaveFailed, { prefixed: true })),
      },
    );
  }

  return (
    <FormDialog
      title={SHOP_MSG.orderOf(`${client.prenom} ${client.nom}`)}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      pending={save.isPending}
      cancel
      submitLabel="Enregistrer la commande"
      wide
    >
      <fieldset className="line-form">
        <legend>Ajouter un produit</legend>
        <div className="field field-produit">
          <label htmlFor="co-produit">Produit</label>
          <select id="co-produit" value={idProduit} onChange={(e) => setIdProduit(e.target.value)}>
            <option value="">{produits.isLoading ? 'Chargement…' : 'Choisir un produit'}</option>
            {produits.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.nom}
              </option>
            ))}
          </select>
        </div>
        <NumberField id="co-quantite" label="Quantité" {...quantite.inputProps} aria-invalid={lineError ? true : undefined} />
        <div className="field">
          <label htmlFor="co-prix">Prix unitaire</label>
          <input id="co-prix" readOnly value={produit ? formatFcfa(produit.prix_vente) : ''} />
        </div>
        <button type="button" className="btn" onClick={addLine}>
          Ajouter
        </button>
        {lineError && <p className="field-error">{lineError}</p>}
      </fieldset>

      <DataTable
        bare
        columns={LINE_COLUMNS}
        page={{ rows: lines }}
        empty="Aucun produit"
        label="Lignes de la commande"
        rowKey={(l) => l.id_produit}
        actions={(l) => (
          <button type="button" className="btn btn-small btn-danger" onClick={() => setLines((ls) => ls.filter((x) => x.id_produit !== l.id_produit))}>
            Supprimer
          </button>
        )}
      />
      {errors.lines && <p className="field-error">{errors.lines}</p>}
      <p className="total-line">
        Total : <strong data-testid="commande-total">{formatFcfa(total)}</strong>
      </p>

      <div className="form-grid">
        <NumberField id="co-accompte" label="Acompte" {...accompte.inputProps} error={errors.accompte} />
        <div className="field">
          <label htmlFor="co-date">Date de livraison</label>
          <input
            id="co-date"
            type="date"
            min={bornes.min}
            max={bornes.max}
            value={dateLivraison}
            onChange={(e) => setDateLivraison(e.target.value)}
            aria-invalid={errors.date ? true : undefined}
          />
          {errors.date && <p className="field-error">{errors.date}</p>}
        </div>
      </div>
    </FormDialog>
  );
}
