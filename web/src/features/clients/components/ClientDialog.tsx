// New / edit client dialog (spec part 2 §2, §5): prenom and nom required, telephone and email
// optional; the phone by the rule of shared/phone.ts in the business's country (the server sets the
// dial code from it); 402 → 'Le client est déjà enregistré.'.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SHOP_MSG } from '@shared/messages/shop';
import { clientSchema, type Client, type ClientInput } from '@shared/schemas/clients';
import { phoneForInput } from '@shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';
import { serverMessage } from '../../../lib/http';
import { useNationalPhone, withPhoneRule } from '../../../lib/phone-field';
import { PhoneField } from '../../../lib/ui/PhoneField';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { useDraft } from '../../../lib/use-draft';
import { useSaveClient } from '../api/save-client';

/** The draft key of the client form (lib/use-draft.ts): the list reopens a creation left unsaved. */
export const clientDraftKey = (id?: number) => `client-${id ?? 'new'}`;

interface Props {
  client: Client | null;
  onClose: () => void;
  onSaved: (c: Client) => void;
}

export function ClientDialog({ client, onClose, onSaved }: Props) {
  const save = useSaveClient();
  const country = usePhoneCountry();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ClientInput>({
    resolver: withPhoneRule(zodResolver(clientSchema), 'telephone', country),
    defaultValues: {
      id: client?.id ?? 0,
      prenom: client?.prenom ?? '',
      nom: client?.nom ?? '',
      telephone: phoneForInput(client?.telephone, country ?? null),
      email: client?.email ?? '',
    },
  });
  const { register, handleSubmit, formState, getFieldState, setValue } = form;
  const draft = useDraft(clientDraftKey(client?.id), form);
  const close = () => (draft.clear(), onClose());
  useNationalPhone(getFieldState, setValue, 'telephone', client?.telephone, country);
  const e = formState.errors;

  const onSubmit = handleSubmit((v) => {
    setError(null);
    save.mutate(
      { ...v, id: client?.id ?? 0, country },
      {
        onSuccess: (saved) => (draft.clear(), onSaved(saved)),
        onError: (err) => setError(serverMessage(err, SHOP_MSG.clientSaveFailed)),
      },
    );
  });

  return (
    <FormDialog
      title={client ? 'Modifier le client' : 'Nouveau client'}
      onClose={close}
      draft={draft}
      onSubmit={onSubmit}
      error={error}
      pending={save.isPending}
      cancel
      submitLabel="Enregistrer"
    >
      <div className="form-grid">
        <Field label="Prénom" autoComplete="off" {...register('prenom')} error={e.prenom?.message} />
        <Field label="Nom" autoComplete="off" {...register('nom')} error={e.nom?.message} />
        <PhoneField country={country} {...register('telephone')} error={e.telephone?.message} />
        <Field label="Email" type="email" autoComplete="off" {...register('email')} error={e.email?.message} />
      </div>
    </FormDialog>
  );
}
