// A weighing (spec part 1 §8): the average weight in g or kg over a sample of birds, and its day;
// a weight far from the breed's curve at the birds' age asks « Êtes-vous sûr ? » first. Opened on a
// weighing, it corrects that one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { defaultRace } from '@shared/breeds';
import { daysBetween } from '@shared/dates';
import { lotDuDetail, refusPesage, weightG } from '@shared/formulas';
import { BANDE_MSG } from '@shared/messages/bandes';
import { doutePoids } from '@shared/plausibility';
import { pesageSchema, type Pesage } from '@shared/schemas/bandes';
import { NumberField } from '../../../../lib/ui/NumberField';
import { useRaces } from '../../api/get-races';
import { savePesage } from '../../api/mutations';
import { EntryDialog } from './EntryDialog';
import { CountField, DayField, SelectField } from './EntryFields';
import { asNumber, useEntry, useEntryDay, type EntryProps } from './use-entry';
import { entryDraftKey, refusedBody, useEntryDraft } from './use-entry-draft';
import { unwrap, z } from '@shared/schemas/common';

const pesageForm = z.omit(unwrap(pesageSchema).shape.pesage, { id: true, date_prise: true });

export function PesageDialog({ bande, pesage, onClose, onSaved, refused }: EntryProps & { pesage: Pesage | null }) {
  const races = useRaces();
  const { bounds, day } = useEntryDay(bande);
  const schema = useMemo(() => z.extend(pesageForm, { date_prise: day }), [day]);
  const typed = refusedBody<Parameters<typeof savePesage>[0]>(refused)?.pesage;
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: (typed
      ? { poids_moyen: typed.poids_moyen, unite: typed.unite, echantillon: typed.echantillon, date_prise: typed.date_prise }
      : pesage
        ? { poids_moyen: pesage.poids_moyen, unite: pesage.unite, echantillon: pesage.echantillon, date_prise: pesage.date_prise.slice(0, 10) }
        : { unite: 'g' as const, date_prise: bounds.max }) as z.input<typeof schema>,
  });
  const { register, handleSubmit, formState, watch } = form;
  const kept = useEntryDraft(entryDraftKey('pesage', bande.id, pesage?.id), form, { onSaved, onClose, refused });
  const entry = useEntry((b: Parameters<typeof savePesage>[0]) => savePesage(b, bande.nom), watch, {
    saved: BANDE_MSG.pesageSaved,
    failed: BANDE_MSG.pesageFailed,
    onSaved: kept.onSaved,
    onFailure: (err) => console.error(err), // the spec only logs a failed weighing; we also show it
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    const race = races.data?.find((r) => r.code === (bande.race ?? defaultRace(bande.type)));
    const age = daysBetween(bande.date_demarage, v.date_prise) + (bande.age_demarrage ?? 0);
    entry.send(
      { pesage: { ...v, ...(pesage ? { id: pesage.id } : {}) }, id_bande: bande.id },
      [doutePoids(weightG(v), age, race)],
      refusPesage(lotDuDetail(bande), { poidsG: weightG(v), echantillon: v.echantillon, day: v.date_prise }),
    );
  });
  return (
    <EntryDialog
      title={pesage ? 'Modifier le pesage' : 'Pesage'}
      entry={entry}
      onClose={kept.onClose}
      onSubmit={onSubmit}
      muted={!formState.isValid}
      frame={kept.frame}
    >
      <div className="form-grid">
        <NumberField label="Poids moyen" decimal {...register('poids_moyen', asNumber)} error={e.poids_moyen?.message} />
        <SelectField id="f-unite" label="Unité" {...register('unite')}>
          <option value="g">g</option>
          <option value="kg">kg</option>
        </SelectField>
      </div>
      <CountField label="Échantillon (sujets pesés)" {...register('echantillon', asNumber)} error={e.echantillon?.message} />
      <DayField label="Date du pesage" bounds={bounds} {...register('date_prise')} error={e.date_prise?.message} />
    </EntryDialog>
  );
}
