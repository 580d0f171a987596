// An expense (spec part 1 §5): its type, designation, unit price × quantity, the unit (the feed's
// kilograms give the feed conversion ratio its weight) and its day; a total far above the batch's
// other expenses of the same type asks « Êtes-vous sûr ? » first. Opened on an expense, it corrects that one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { jourSaisie, lineTotal } from '@shared/formulas';
import { BANDE_MSG } from '@shared/messages/bandes';
import { douteDepense } from '@shared/plausibility';
import { depenseSchema, UNITES_DEPENSE, type Depense } from '@shared/schemas/bandes';
import { Field } from '../../../../lib/ui/Field';
import { useTypesDepense } from '../../api/get-types-depense';
import { saveDepense } from '../../api/mutations';
import { EntryDialog } from './EntryDialog';
import { DayField, PriceQuantityFields, SelectField } from './EntryFields';
import { asNumber, useEntry, useEntryDay, type EntryProps } from './use-entry';
import { entryDraftKey, refusedBody, useEntryDraft } from './use-entry-draft';
import { unwrap, z } from '@shared/schemas/common';

const depenseForm = z.omit(unwrap(depenseSchema).shape.depense, { id: true });

export function DepenseDialog({ bande, depense, onClose, onSaved, refused }: EntryProps & { depense: Depense | null }) {
  const types = useTypesDepense();
  const { bounds, day } = useEntryDay(bande);
  const schema = useMemo(() => z.extend(depenseForm, { date: day }), [day]);
  const typed = refusedBody<Parameters<typeof saveDepense>[0] & { depense: { unite?: 'kg' | null } }>(refused);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: (typed
      ? {
          id_type_depense: typed.depense.id_type_depense,
          designation: typed.depense.designation,
          prix_unitaire: typed.depense.prix_unitaire,
          quantite: typed.depense.quantite,
          unite: typed.depense.unite ?? null,
          date: typed.date,
        }
      : depense
        ? {
            id_type_depense: depense.id_type_depense,
            designation: depense.designation,
            prix_unitaire: depense.prix_unitaire,
            quantite: depense.quantite,
            unite: (depense.unite ?? null) as 'kg' | null,
            date: jourSaisie(depense),
          }
        : { designation: '', date: bounds.max }) as z.input<typeof schema>,
  });
  const { register, handleSubmit, formState, control, watch } = form;
  const kept = useEntryDraft(entryDraftKey('depense', bande.id, depense?.id), form, { onSaved, onClose, refused });
  const entry = useEntry((b: Parameters<typeof saveDepense>[0]) => saveDepense(b, bande.nom), watch, {
    saved: BANDE_MSG.depenseAdded,
    failed: BANDE_MSG.depenseFailed,
    onSaved: kept.onSaved,
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(({ date, ...v }) => {
    // Compared with the batch's other expenses of the same type only (docs/decisions/0220-expense-doubt-by-type.md).
    const others = bande.depenses.filter((d) => d.id !== depense?.id && (d as { etat?: string }).etat !== 'DELETED');
    const nomType = types.data?.find((t) => t.id === v.id_type_depense)?.nom;
    entry.send({ depense: { ...v, ...(depense ? { id: depense.id } : {}) }, id_bande: bande.id, date }, [
      douteDepense({ prix_total: lineTotal(v.prix_unitaire, v.quantite), id_type_depense: v.id_type_depense }, others, nomType),
    ]);
  });
  return (
    <EntryDialog
      title={depense ? 'Modifier la dépense' : 'Ajouter une dépense'}
      entry={entry}
      onClose={kept.onClose}
      onSubmit={onSubmit}
      muted={!formState.isValid}
      frame={kept.frame}
    >
      <SelectField id="f-type-depense" label="Type de dépense" {...register('id_type_depense', asNumber)} error={e.id_type_depense?.message}>
        <option value="">Choisir…</option>
        {(types.data ?? []).map((t) => (
          <option key={t.id} value={t.id}>
            {t.nom}
          </option>
        ))}
      </SelectField>
      <Field label="Désignation" autoComplete="off" {...register('designation')} error={e.designation?.message} />
      <PriceQuantityFields register={register} control={control} errors={e} totalTestId="depense-total" />
      <SelectField id="f-unite-depense" label="Unité" {...register('unite', { setValueAs: (v) => v || null })}>
        <option value="">—</option>
        {UNITES_DEPENSE.map((u) => (
          <option key={u.code} value={u.code}>
            {u.nom}
          </option>
        ))}
      </SelectField>
      <DayField label="Date de la dépense" bounds={bounds} {...register('date')} error={e.date?.message} />
    </EntryDialog>
  );
}
