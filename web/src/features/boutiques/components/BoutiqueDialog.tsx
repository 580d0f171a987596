// Shop dialog (spec part 2 §2, §8): 'Création d'une boutique' or 'Modification d'une boutique',
// nom required, adresse, telephone, email optional; 422 → the plan's shop limit message.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SHOP_MSG } from '../../../../../shared/messages-shop';
import { boutiqueSchema, type Boutique, type BoutiqueInput } from '../../../../../shared/schemas/boutiques';
import { ApiError } from '../../../lib/http';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { useSaveBoutique } from '../api/save-boutique';

interface Props {
  boutique: Boutique | null;
  onClose: () => void;
  onSaved: () => void;
}

export function BoutiqueDialog({ boutique, onClose, onSaved }: Props) {
  const save = useSaveBoutique();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<BoutiqueInput>({
    resolver: zodResolver(boutiqueSchema),
    defaultValues: {
      nom: boutique?.nom ?? '',
      adresse: boutique?.adresse ?? '',
      indicatif: boutique?.indicatif ?? '',
      telephone: boutique?.telephone ?? '',
      email: boutique?.email ?? '',
    },
  });
  const e = formState.errors;

  const onSubmit = handleSubmit((v) => {
    setError(null);
    save.mutate(
      { ...v, id_boutique: boutique?.id },
      {
        onSuccess: onSaved,
        onError: (err) => {
          if (err instanceof ApiError && err.status === 422) return setError(SHOP_MSG.boutiqueLimit);
          setError(boutique ? SHOP_MSG.boutiqueUpdateFailed : SHOP_MSG.boutiqueCreateFailed);
        },
      },
    );
  });

  return (
    <FormDialog title={boutique ? "Modification d'une boutique" : "Création d'une boutique"} onClose={onClose} onSubmit={onSubmit} error={error} pending={save.isPending} cancel submitLabel={boutique ? 'Modifier' : 'Créer'}>
      <Field label="Nom" autoComplete="off" {...register('nom')} error={e.nom?.message} />
      <Field label="Adresse" autoComplete="off" {...register('adresse')} error={e.adresse?.message} />
      <div className="form-grid">
        <Field label="Téléphone" inputMode="tel" autoComplete="off" {...register('telephone')} error={e.telephone?.message} />
        <Field label="Email" type="email" autoComplete="off" {...register('email')} error={e.email?.message} />
      </div>
    </FormDialog>
  );
}
