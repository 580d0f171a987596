// A loss (spec part 1 §2): how many birds died and on which day; a count far above the batch's
// usual asks « Êtes-vous sûr ? » first, a count the batch cannot carry (that day or a later one)
// is refused at once, as the server would.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { lotDuDetail, refusSortie, sujetsVivantsLe } from '@shared/formulas';
import { BANDE_MSG } from '@shared/messages/bandes';
import { doutePerte } from '@shared/plausibility';
import { perteSchema, type Collecte } from '@shared/schemas/bandes';
import { savePerte } from '../../api/mutations';
import { EntryDialog } from './EntryDialog';
import { CountField, DayField } from './EntryFields';
import { asNumber, useEntry, useEntryDay, type EntryProps } from './use-entry';
import { entryDraftKey, refusedBody, useEntryDraft } from './use-entry-draft';
import { unwrap, z } from '@shared/schemas/common';

export function PerteDialog({ bande, collectes, onClose, onSaved, refused }: EntryProps & { collectes?: readonly Collecte[] }) {
  const { bounds, day } = useEntryDay(bande);
  const schema = useMemo(() => z.extend(z.pick(unwrap(perteSchema), { nombre: true }), { date: day }), [day]);
  const typed = refusedBody<{ nombre: number; date: string }>(refused);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: (typed ? { nombre: typed.nombre, date: typed.date } : { date: bounds.max }) as z.input<typeof schema>,
  });
  const { register, handleSubmit, formState, watch } = form;
  const kept = useEntryDraft(entryDraftKey('perte', bande.id), form, { onSaved, onClose, refused });
  const entry = useEntry((b: Parameters<typeof savePerte>[0]) => savePerte(b, bande.nom), watch, {
    saved: 'Perte enregistrée',
    failed: BANDE_MSG.perteSaveFailed,
    onSaved: kept.onSaved,
  });
  const onSubmit = handleSubmit((v) =>
    entry.send(
      { nombre: v.nombre, id_bande: bande.id, date: v.date },
      [doutePerte(v.nombre, Math.max(0, sujetsVivantsLe(bande, v.date)))],
      refusSortie(lotDuDetail(bande, collectes), { kind: 'perte', quantite: v.nombre, day: v.date }, bounds.max),
    ),
  );
  return (
    <EntryDialog title="Mortalité" entry={entry} onClose={kept.onClose} onSubmit={onSubmit} muted={!formState.isValid} frame={kept.frame}>
      <CountField label="Nombre de sujets" {...register('nombre', asNumber)} error={formState.errors.nombre?.message} />
      <DayField label="Date de la perte" bounds={bounds} {...register('date')} error={formState.errors.date?.message} />
    </EntryDialog>
  );
}
