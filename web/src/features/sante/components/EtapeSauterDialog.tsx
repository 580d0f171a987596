// « Sauter » on a step of the batch's calendar: a step not given, with its reason
// (a vet's advice, a vaccine out of stock), kept on the card.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { BANDE_MSG } from '@shared/messages/bandes';
import { etapeSauterSchema, type EtapeBande } from '@shared/schemas/sante';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { etapeSauter } from '../api/mutations';
import { useSanteSend } from './use-sante-send';
import { unwrap, z } from '@shared/schemas/common';

const schema = z.pick(unwrap(etapeSauterSchema), { motif: true });

interface Props {
  bande: { id: number; nom: string };
  etape: EtapeBande;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function EtapeSauterDialog({ bande, etape, onClose, onSaved }: Props) {
  const form = useForm({ resolver: zodResolver(schema), mode: 'onChange', defaultValues: { motif: '' } });
  const { register, handleSubmit, formState, watch } = form;
  const s = useSanteSend(
    (b: Parameters<typeof etapeSauter>[0]) => etapeSauter(b, { bandeId: bande.id, bandeNom: bande.nom, intitule: etape.intitule }),
    watch,
    {
      saved: 'Étape sautée',
      failed: BANDE_MSG.operationFailed,
      onSaved,
    },
  );
  const onSubmit = handleSubmit((v) => s.send({ id_etape: etape.id, motif: v.motif }));
  return (
    <FormDialog
      title="Sauter l'étape"
      onClose={onClose}
      onSubmit={onSubmit}
      error={s.error}
      pending={s.pending}
      muted={!formState.isValid}
      guard={formState.isDirty}
      submitLabel="Sauter l'étape"
    >
      <p className="sante-dialog-what">
        <strong>{etape.intitule}</strong>
      </p>
      <Field label="Motif" autoComplete="off" {...register('motif')} error={formState.errors.motif?.message} />
    </FormDialog>
  );
}
