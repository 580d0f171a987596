// Ajouter un produit (spec part 2 §5): product, quantity ≥ 1, price read-only from prix_vente.
// A product already in the order has its quantity replaced (server rule). The quantity is read as
// typed: empty, negative or not a number is a French error.
import { useState, type FormEvent } from 'react';
import { MAX_QUANTITE } from '@shared/schemas/common';
import { formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { useNombreField } from '../../../lib/nombre-field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { useProduits } from '../api/get-produits';
import { useAddProduitToCommande } from '../api/update-commande';
import { NumberField } from '../../../lib/ui/NumberField';
import { MSG } from '@shared/messages/acces';

export function AddLineDialog({ idCommande, onClose, onSaved }: { idCommande: number; onClose: () => void; onSaved: () => void }) {
  const produits = useProduits();
  const add = useAddProduitToCommande();
  const [idProduit, setIdProduit] = useState('');
  const quantite = useNombreField('1');
  const [errors, setErrors] = useState<{ produit?: string; quantite?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const produit = produits.data?.find((p) => String(p.id) === idProduit) ?? null;

  function submit(ev: FormEvent) {
    ev.preventDefault();
    setError(null);
    const q = quantite.read({ label: 'La quantité', feminin: true, min: 1, max: MAX_QUANTITE });
    const errs: typeof errors = {};
    if (!produit) errs.produit = 'Veuillez choisir un produit.';
    if (!q.ok) errs.quantite = q.message;
    setErrors(errs);
    if (!produit || !q.ok) return;
    add.mutate(
      { id_commande: idCommande, id_produit: produit.id, nom: produit.nom, quantite: q.value, prix_unitaire: produit.prix_vente },
      { onSuccess: onSaved, onError: (err) => setError(serverMessage(err, MSG.erreur)) },
    );
  }

  return (
    <FormDialog title="Ajouter un produit" onClose={onClose} onSubmit={submit} error={error} pending={add.isPending} cancel submitLabel="Ajouter">
      <div className="field">
        <label htmlFor="al-produit">Produit</label>
        <select id="al-produit" value={idProduit} onChange={(e) => setIdProduit(e.target.value)}>
          <option value="">{produits.isLoading ? 'Chargement…' : 'Choisir un produit'}</option>
          {produits.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.nom}
            </option>
          ))}
        </select>
        {errors.produit && <p className="field-error">{errors.produit}</p>}
      </div>
      <NumberField id="al-quantite" label="Quantité" {...quantite.inputProps} error={errors.quantite} />
      <div className="field">
        <label htmlFor="al-prix">Prix</label>
        <input id="al-prix" readOnly value={produit ? formatFcfa(produit.prix_vente) : ''} />
      </div>
    </FormDialog>
  );
}
