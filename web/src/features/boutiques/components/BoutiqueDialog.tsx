// Shop dialog (spec part 2 §2, §8): 'Création d'une boutique' or 'Modification d'une boutique',
// nom required, adresse, telephone, email optional; the phone by the rule of shared/phone.ts in the
// business's country (a refusal shows the rule's message); 422 → the plan's shop limit message.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SHOP_MSG } from '@shared/messages/shop';
import { boutiqueSchema, type Boutique, type BoutiqueInput } from '@shared/schemas/boutiques';
import { phoneForInput, phoneIndicatif } from '@shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';
import { serverMessage } from '../../../lib/http';
import { useNationalPhone, withPhoneRule } from '../../../lib/phone-field';
import { PhoneField } from '../../../lib/ui/PhoneField';
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
  const country = usePhoneCountry();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, getFieldState, setValue } = useForm<BoutiqueInput>({
    resolver: withPhoneRule(zodResolver(boutiqueSchema), 'telephone', country),
    defaultValues: {
      nom: boutique?.nom ?? '',
      adresse: boutique?.adresse ?? '',
      indicatif: boutique?.indicatif ?? '',
      telephone: phoneForInput(boutique?.telephone, country ?? null),
      email: boutique?.email ?? '',
    },
  });
  useNationalPhone(getFieldState, setValue, 'telephone', boutique?.telephone, country);
  const e = formState.errors;

  const onSubmit = handleSubmit((v) => {
    setError(null);
    save.mutate(
      // The dial code follows the number, else the business's country (the server decides the same).
      { ...v, indicatif: phoneIndicatif(v.telephone, country ?? null), id_boutique: boutique?.id },
      {
        onSuccess: onSaved,
        onError: (err) =>
          setError(serverMessage(err, boutique ? SHOP_MSG.boutiqueUpdateFailed : SHOP_MSG.boutiqueCreateFailed, { byStatus: { 422: SHOP_MSG.boutiqueLimit } })),
      },
    );
  });

  return (
    <FormDialog
      title={boutique ? "Modification d'une boutique" : "Création d'une boutique"}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={save.isPending}
      cancel
      submitLabel={boutique ? 'Modifier' : 'Créer'}
    >
      <Field label="Nom" autoComplete="off" {...register('nom')} error={e.nom?.message} />
      <Field label="Adresse" autoComplete="off" {...register('adresse')} error={e.adresse?.message} />
      <div className="form-grid">
        <PhoneField country={country} {...register('telephone')} error={e.telephone?.message} />
        <Field label="Email" type="email" autoComplete="off" {...register('email')} error={e.email?.message} />
      </div>
    </FormDialog>
  );
}
