// New / edit product dialog (spec part 2 §2, §5): only the name is required; quantity and prices
// not above 0 are sent as 0. The stock of an existing product moves only through restocks and
// sales, so its quantity is shown read-only here.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SHOP_MSG } from '../../../../../shared/messages-shop';
import { produitSchema, type Produit, type ProduitInput } from '../../../../../shared/schemas/produits';
import type { z } from '../../../../../shared/schemas/common';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { useSaveProduit } from '../api/save-produit';

type Output = z.output<typeof produitSchema>;

interface Props {
  produit: Produit | null;
  onClose: () => void;
  onSaved: (p: Produit) => void;
}

export function ProduitDialog({ produit, onClose, onSaved }: Props) {
  const save = useSaveProduit();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ProduitInput, unknown, Output>({
    resolver: zodResolver(produitSchema),
    defaultValues: {
      id: produit?.id ?? 0,
      nom: produit?.nom ?? '',
      description: produit?.description ?? '',
      quantite: produit?.quantite ?? '',
      prix_cession: produit?.prix_cession ?? '',
      prix_vente: produit?.prix_vente ?? '',
    } as ProduitInput,
  });
  const e = formState.errors;

  const onSubmit = handleSubmit((v) => {
    setError(null);
    save.mutate({ ...v, id: produit?.id ?? 0 }, { onSuccess: onSaved, onError: () => setError(SHOP_MSG.produitSaveFailed) });
  });

  return (
    <FormDialog title={produit ? 'Modifier le produit' : 'Créer produit'} onClose={onClose} onSubmit={onSubmit} error={error} pending={save.isPending} cancel submitLabel="Enregistrer">
      <div className="form-grid">
        <Field label="Nom" autoComplete="off" {...register('nom')} error={e.nom?.message} />
        <Field
          label="Quantité"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          readOnly={!!produit}
          title={produit ? 'Le stock change par réapprovisionnement ou par vente' : undefined}
          {...register('quantite')}
          error={e.quantite?.message}
        />
        <Field label="Prix de cession" type="number" min={0} step={1} inputMode="numeric" {...register('prix_cession')} error={e.prix_cession?.message} />
        <Field label="Prix de vente" type="number" min={0} step={1} inputMode="numeric" {...register('prix_vente')} error={e.prix_vente?.message} />
      </div>
      <div className="field">
        <label htmlFor="p-description">Description</label>
        <textarea id="p-description" rows={3} {...register('description')} />
      </div>
    </FormDialog>
  );
}
