// Edit dialog of an online order (spec part 2 §2): "Modifier une commande", prix_unitaire and
// quantite, read as typed (empty, negative or not a number is a French error); the server
// recomputes the total. Only a pending order can be edited.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { updateCommandeEcomSchema, type CommandeEcom } from '@shared/schemas/ecommerce';
import { MAX_PRIX, MAX_QUANTITE, z, unwrap } from '@shared/schemas/common';
import { serverMessage } from '../../../lib/http';
import { nombreSaisi } from '../../../lib/nombre-schema';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { useUpdateCommandeEcom } from '../api/commandes-ecom';
import { NumberField } from '../../../lib/ui/NumberField';
import { ECOM_MSG } from '@shared/messages/ecommerce';

const editForm = z.extend(unwrap(updateCommandeEcomSchema), {
  prix_unitaire: nombreSaisi({ label: 'Le prix unitaire', min: 1, max: MAX_PRIX }),
  quantite: nombreSaisi({ label: 'La quantité', feminin: true, min: 1, max: MAX_QUANTITE }),
});
type Input = z.input<typeof editForm>;
type Output = z.output<typeof editForm>;

export function CommandeEcomEditDialog({ commande, onClose, onSaved }: { commande: CommandeEcom; onClose: () => void; onSaved: () => void }) {
  const save = useUpdateCommandeEcom();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(editForm),
    defaultValues: { id_commande: commande.id, prix_unitaire: String(commande.prix_unitaire), quantite: String(commande.quantite) },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    save.mutate(v, {
      onSuccess: onSaved,
      onError: (err) => setError(serverMessage(err, ECOM_MSG.editFailed)),
    });
  });
  return (
    <FormDialog title="Modifier une commande" onClose={onClose} onSubmit={onSubmit} error={error} pending={save.isPending} cancel submitLabel="Modifier">
      <div className="form-grid">
        <NumberField label="Prix unitaire (FCFA)" {...register('prix_unitaire')} error={e.prix_unitaire?.message} />
        <NumberField label="Quantité" {...register('quantite')} error={e.quantite?.message} />
      </div>
    </FormDialog>
  );
}
