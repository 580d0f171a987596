// « Fait » on a step of the batch's calendar: the day it was given (today by default,
// between the batch's start and today), the product, its lot number and expiry date, and its cost
// if any (FCFA), which becomes the batch's « Vaccins et médicaments » expense. An expiry before the
// day is refused here with the server's words; a step already done comes back as the server's 409.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { BANDE_MSG } from '@shared/messages/bandes';
import { SANTE_MSG, VOIE_NOM } from '@shared/messages/sante';
import type { BandeDetail } from '@shared/schemas/bandes';
import { etapeFaitSchema, type EtapeBande } from '@shared/schemas/sante';
import { jour, z, unwrap } from '@shared/schemas/common';
import { batchDayBounds, dayWithin } from '../../../lib/day-bounds';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { NumberField, nombreTape } from '../../../lib/ui/NumberField';
import { etapeFait } from '../api/mutations';
import { useSanteSend } from './use-sante-send';

interface Props {
  bande: BandeDetail;
  etape: EtapeBande;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function EtapeFaitDialog({ bande, etape, onClose, onSaved }: Props) {
  const bounds = useMemo(() => batchDayBounds(bande.date_demarage), [bande.date_demarage]);
  const schema = useMemo(
    () =>
      z
        .extend(z.pick(unwrap(etapeFaitSchema), { produit: true, lot: true, cout: true }), {
          date: dayWithin(bounds, { future: SANTE_MSG.dateFuture, before: SANTE_MSG.avantDemarrage(bounds.min) }),
          expiration: z.pipe(z.string({ error: "Date d'expiration requise" }).check(z.minLength(1, { error: "Date d'expiration requise" })), jour),
        })
        .check(z.refine((v) => !v.expiration || !v.date || v.expiration >= v.date, { path: ['expiration'], error: SANTE_MSG.expirationAvantDate })),
    [bounds],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    // Done today unless told otherwise; the product named by the step as a start.
    defaultValues: { date: bounds.max, produit: etape.intitule, lot: '', expiration: '' } as z.input<typeof schema>,
  });
  const { register, handleSubmit, formState, watch } = form;
  const s = useSanteSend((b: Parameters<typeof etapeFait>[0]) => etapeFait(b, { bandeId: bande.id, bandeNom: bande.nom, intitule: etape.intitule }), watch, {
    saved: 'Étape enregistrée comme faite',
    failed: BANDE_MSG.operationFailed,
    onSaved,
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((v) =>
    s.send({ id_etape: etape.id, date: v.date, produit: v.produit, lot: v.lot, expiration: v.expiration, ...(v.cout ? { cout: v.cout } : {}) }),
  );
  return (
    <FormDialog
      title="Étape faite"
      onClose={onClose}
      onSubmit={onSubmit}
      error={s.error}
      pending={s.pending}
      muted={!formState.isValid}
      guard={formState.isDirty}
      submitLabel="Enregistrer"
    >
      <p className="sante-dialog-what">
        <strong>{etape.intitule}</strong> · {VOIE_NOM[etape.voie]}
      </p>
      <Field label="Date d'administration" type="date" min={bounds.min} max={bounds.max} required {...register('date')} error={e.date?.message} />
      <Field label="Produit" autoComplete="off" {...register('produit')} error={e.produit?.message} />
      <Field label="Numéro de lot" autoComplete="off" {...register('lot')} error={e.lot?.message} />
      <Field label="Date d'expiration" type="date" required {...register('expiration')} error={e.expiration?.message} />
      <NumberField label="Coût (FCFA, facultatif)" {...register('cout', nombreTape)} error={e.cout?.message} />
    </FormDialog>
  );
}
