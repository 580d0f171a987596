// « Nouveau traitement »: the product, its active substance, why, its first and last
// days, the withdrawal days of the label for meat and for eggs, and its cost if any (it becomes the
// batch's « Vaccins et médicaments » expense). The withdrawal's last day is shown as it is typed:
// a sale of the batch dated up to it will be refused.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { addDays } from '@shared/dates';
import { BANDE_MSG } from '@shared/messages/bandes';
import { SANTE_MSG } from '@shared/messages/sante';
import type { BandeDetail } from '@shared/schemas/bandes';
import { traitementSchema } from '@shared/schemas/sante';
import { z, unwrap } from '@shared/schemas/common';
import { batchDayBounds, dayWithin } from '../../../lib/day-bounds';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { NumberField, nombreTape } from '../../../lib/ui/NumberField';
import { addTraitement } from '../api/mutations';
import { useSanteSend } from './use-sante-send';

// The request's own fields (its refine on the days is redone below with the batch's bounds).
const { produit, molecule, motif, attente_viande_jours, attente_oeufs_jours, cout } = unwrap(traitementSchema).shape;
const base = z.object({ produit, molecule, motif, attente_viande_jours, attente_oeufs_jours, cout });

interface Props {
  bande: BandeDetail;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function TraitementDialog({ bande, onClose, onSaved }: Props) {
  const bounds = useMemo(() => batchDayBounds(bande.date_demarage), [bande.date_demarage]);
  const schema = useMemo(() => {
    // A treatment starts between the batch's start and today; it may be planned to end later.
    const debut = dayWithin(bounds, { future: SANTE_MSG.dateFuture, before: SANTE_MSG.avantDemarrage(bounds.min) });
    const fin = dayWithin({ min: bounds.min, max: '9999-12-31' }, { future: SANTE_MSG.dateFuture, before: SANTE_MSG.avantDemarrage(bounds.min) });
    return z
      .extend(base, { debut, fin })
      .check(z.refine((t) => !t.debut || !t.fin || t.fin >= t.debut, { error: 'La fin du traitement ne peut pas précéder son début', path: ['fin'] }));
  }, [bounds]);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { debut: bounds.max, fin: bounds.max, produit: '', molecule: '', motif: '' } as z.input<typeof schema>,
  });
  const { register, handleSubmit, formState, watch, control } = form;
  const s = useSanteSend((b: Parameters<typeof addTraitement>[0]) => addTraitement(b, bande.nom), watch, {
    saved: 'Traitement enregistré',
    failed: BANDE_MSG.operationFailed,
    onSaved,
  });
  const e = formState.errors;
  const [fin, viande, oeufs] = useWatch({ control, name: ['fin', 'attente_viande_jours', 'attente_oeufs_jours'] });
  const jusquAu = (jours: unknown) =>
    typeof jours === 'number' && Number.isInteger(jours) && jours > 0 && /^\d{4}-\d{2}-\d{2}$/.test(fin ?? '') ? addDays(fin, jours) : null;
  const finViande = jusquAu(viande);
  const finOeufs = jusquAu(oeufs);
  const onSubmit = handleSubmit((v) =>
    s.send({
      id_bande: bande.id,
      produit: v.produit,
      molecule: v.molecule,
      motif: v.motif,
      debut: v.debut,
      fin: v.fin,
      attente_viande_jours: v.attente_viande_jours,
      attente_oeufs_jours: v.attente_oeufs_jours,
      ...(v.cout ? { cout: v.cout } : {}),
    }),
  );
  return (
    <FormDialog
      title="Nouveau traitement"
      onClose={onClose}
      onSubmit={onSubmit}
      error={s.error}
      pending={s.pending}
      muted={!formState.isValid}
      guard={formState.isDirty}
      submitLabel="Enregistrer"
    >
      <Field label="Produit" autoComplete="off" {...register('produit')} error={e.produit?.message} />
      <Field label="Molécule (substance active)" autoComplete="off" {...register('molecule')} error={e.molecule?.message} />
      <Field label="Motif" autoComplete="off" {...register('motif')} error={e.motif?.message} />
      <div className="form-grid">
        <Field label="Début" type="date" min={bounds.min} max={bounds.max} required {...register('debut')} error={e.debut?.message} />
        <Field label="Fin" type="date" min={bounds.min} required {...register('fin')} error={e.fin?.message} />
      </div>
      <div className="form-grid">
        <NumberField label="Délai d'attente viande (jours)" {...register('attente_viande_jours', nombreTape)} error={e.attente_viande_jours?.message} />
        <NumberField label="Délai d'attente œufs (jours)" {...register('attente_oeufs_jours', nombreTape)} error={e.attente_oeufs_jours?.message} />
      </div>
      {(finViande || finOeufs) && (
        <p className="hint" data-testid="traitement-attente">
          {finViande && SANTE_MSG.attenteEnCours('viande', finViande)}
          {finViande && finOeufs && ' · '}
          {finOeufs && SANTE_MSG.attenteEnCours('oeufs', finOeufs)}
        </p>
      )}
      <NumberField label="Coût (FCFA, facultatif)" {...register('cout', nombreTape)} error={e.cout?.message} />
      <p className="hint">Les jours d'attente sont ceux de l'étiquette du produit ; 0 si elle n'en donne pas.</p>
    </FormDialog>
  );
}
