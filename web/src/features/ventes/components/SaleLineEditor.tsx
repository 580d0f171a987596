// The line being typed on the new-sale screen (spec part 2 §2, §5): product autocomplete, read-only
// price, quantity (≤ stock), optional discount with the price after it, and Ajouter (the same
// product again adds to its quantity). The line's fields are its own: a sale saved leaves them.
import { useState } from 'react';
import { lireNombre } from '@shared/nombres';
import { MAX_PRIX, MAX_QUANTITE } from '@shared/schemas/common';
import type { Produit } from '@shared/schemas/produits';
import { formatFcfa } from '../../../lib/format';
import { Alert } from '../../../lib/ui/Alert';
import { useProduits } from '../api/get-produits';
import { draftToLine, priceAfterDiscount, validateDraft, type SaleLine, type TypeRemise } from '../logic/sale-lines';
import { ProductAutocomplete } from './ProductAutocomplete';
import { NumberField } from '../../../lib/ui/NumberField';
import { loadMessage } from '../../../lib/http';

interface Props {
  /** The sale's lines so far: the stock check counts what they already take. */
  lines: readonly SaleLine[];
  onAdd: (line: SaleLine) => void;
}

export function SaleLineEditor({ lines, onAdd }: Props) {
  const produits = useProduits();
  const [produit, setProduit] = useState<Produit | null>(null);
  const [quantite, setQuantite] = useState('1');
  const [remise, setRemise] = useState(false);
  const [typeRemise, setTypeRemise] = useState<TypeRemise>('MONTANT');
  const [valeurRemise, setValeurRemise] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Produit chosen: its live stock (the list reloads after each sale).
  const live = produit ? (produits.data?.find((p) => p.id === produit.id) ?? produit) : null;

  function add() {
    // Numbers as typed: an empty, negative or malformed quantity or discount is a French error,
    // never read as 0; a discount in FCFA is whole, a percentage has ≤ 2 decimals.
    const q = lireNombre(quantite, { label: 'La quantité', feminin: true, min: 1, max: MAX_QUANTITE });
    const v = remise
      ? lireNombre(
          valeurRemise,
          typeRemise === 'MONTANT' ? { label: 'La remise', feminin: true, max: MAX_PRIX } : { label: 'Le pourcentage de remise', entier: false, decimales: 2 },
        )
      : ({ ok: true, value: 0 } as const);
    if (!live) return setError('Veuillez choisir un produit.');
    if (!q.ok) return setError(q.message);
    if (!v.ok) return setError(v.message);
    const draft = { produit: live, quantite: q.value, remise, type_remise: typeRemise, valeur_remise: v.value };
    const err = validateDraft(draft, lines);
    setError(err);
    if (err) return;
    onAdd(draftToLine(draft));
    setProduit(null);
    setQuantite('1');
    setRemise(false);
    setTypeRemise('MONTANT');
    setValeurRemise('');
  }

  const typed = remise ? lireNombre(valeurRemise, { label: 'La remise', entier: typeRemise === 'MONTANT' }) : null;
  const previewPrice = live ? priceAfterDiscount(live.prix_vente, typeRemise, typed?.ok ? typed.value : 0) : null;

  return (
    <>
      {produits.isError && <Alert kind="error">{loadMessage(produits.error)}</Alert>}
      <fieldset className="line-form sale-line-form">
        <legend>Produit</legend>
        <div className="field field-produit">
          <label htmlFor="produit-search">Produit</label>
          <ProductAutocomplete inputId="produit-search" produits={produits.data ?? []} selected={produit} onSelect={setProduit} error={!!error && !live} />
        </div>
        <div className="field">
          <label htmlFor="s-prix">Prix</label>
          <input id="s-prix" readOnly value={live ? formatFcfa(live.prix_vente) : ''} />
        </div>
        <NumberField id="s-quantite" label="Quantité" value={quantite} onChange={(e) => setQuantite(e.target.value)} />
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
            <NumberField
              id="s-valeur-remise"
              label={typeRemise === 'MONTANT' ? 'Remise (FCFA)' : 'Remise (%)'}
              decimal={typeRemise !== 'MONTANT'}
              value={valeurRemise}
              onChange={(e) => setValeurRemise(e.target.value)}
            />
          </>
        )}
        <div className="line-form-end">
          {live && remise && previewPrice !== null && <span className="muted">Prix après remise : {formatFcfa(previewPrice)}</span>}
          <button type="button" className="btn" onClick={add}>
            Ajouter
          </button>
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    </>
  );
}
