// Edit dialog of an online order (spec part 2 §2): "Modifier une commande", prix_unitaire and
// quantite; the server recomputes the total. Only a pending order can be edited.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { updateCommandeEcomSchema, type CommandeEcom, type UpdateCommandeEcomInput } from '../../../../../shared/schemas/ecommerce';
import type { z } from '../../../../../shared/schemas/common';
import { ApiError } from '../../../lib/http';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { useUpdateCommandeEcom } from '../api/commandes-ecom';

type Output = z.output<typeof updateCommandeEcomSchema>;

export function CommandeEcomEditDialog({ commande, onClose, onSaved }: { commande: CommandeEcom; onClose: () => void; onSaved: () => void }) {
  const save = useUpdateCommandeEcom();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<UpdateCommandeEcomInput, unknown, Output>({
    resolver: zodResolver(updateCommandeEcomSchema),
    defaultValues: { id_commande: commande.id, prix_unitaire: commande.prix_unitaire, quantite: commande.quantite },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    save.mutate(v, {
      onSuccess: onSaved,
      onError: (err) => setError(err instanceof ApiError && err.status === 400 ? err.message : 'Une erreur est survenue lors de la modification de la commande'),
    });
  });
  return (
    <FormDialog title="Modifier une commande" onClose={onClose} onSubmit={onSubmit} error={error} pending={save.isPending} cancel submitLabel="Modifier">
      <div className="form-grid">
        <Field label="Prix unitaire (FCFA)" type="number" min={1} step={1} inputMode="numeric" {...register('prix_unitaire', { valueAsNumber: true })} error={e.prix_unitaire?.message} />
        <Field label="Quantité" type="number" min={1} step={1} inputMode="numeric" {...register('quantite', { valueAsNumber: true })} error={e.quantite?.message} />
      </div>
    </FormDialog>
  );
}
