// A sale of the batch (spec part 1 §5): unit price × quantity and its day; a price far from the
// batch's other sales asks « Êtes-vous sûr ? » first. Opened on a sale, it corrects that one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { jourSaisie, refusSortie } from '../../../../../../shared/formulas';
import { BANDE_MSG } from '../../../../../../shared/messages/bandes';
import { doutePrix } from '../../../../../../shared/plausibility';
import { venteSchema, type Vente } from '../../../../../../shared/schemas/bandes';
import type { z } from '../../../../../../shared/schemas/common';
import { saveVente } from '../../api/mutations';
import { EntryDialog } from './EntryDialog';
import { DayField, PriceQuantityFields } from './EntryFields';
import { lotDuDetail, useEntry, useEntryDay, type EntryProps } from './use-entry';
import { entryDraftKey, refusedBody, useEntryDraft } from './use-entry-draft';

const venteForm = venteSchema.unwrap().pick({ prix_unitaire: true, quantite: true });

export function VenteDialog({ bande, vente, onClose, onSaved, refused }: EntryProps & { vente: Vente | null }) {
  const { bounds, day } = useEntryDay(bande);
  // A broiler batch sells whole birds (the server refuses 2,5 birds): said before sending.
  const chair = bande.type === 'chair';
  const schema = useMemo(
    () => venteForm.extend({ date: day }).refine((v) => !chair || Number.isInteger(v.quantite), { path: ['quantite'], error: BANDE_MSG.wholeBirds }),
    [day, chair],
  );
  const typed = refusedBody<{ prix_unitaire: number; quantite: number; date: string }>(refused);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: (typed
      ? { prix_unitaire: typed.prix_unitaire, quantite: typed.quantite, date: typed.date }
      : vente
        ? { prix_unitaire: vente.prix_unitaire, quantite: vente.quantite, date: jourSaisie(vente) }
        : { date: bounds.max }) as z.input<typeof schema>,
  });
  const { register, handleSubmit, formState, control, watch } = form;
  const kept = useEntryDraft(entryDraftKey('vente', bande.id, vente?.id), form, { onSaved, onClose, refused });
  const entry = useEntry((b: Parameters<typeof saveVente>[0]) => saveVente(b, bande.nom), watch, {
    saved: BANDE_MSG.venteSaved,
    failed: BANDE_MSG.venteFailed,
    onSaved: kept.onSaved,
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    const others = bande.ventes.filter((x) => x.id !== vente?.id && x.etat !== 'DELETED').map((x) => x.prix_unitaire);
    // The birds it takes (a broiler batch's), counted without the sale's old version, as the server does.
    const sans = { ...lotDuDetail(bande), ventes: bande.ventes.filter((x) => x.id !== vente?.id) };
    const ancienne = vente ? { quantite: vente.quantite, day: jourSaisie(vente) } : null;
    entry.send(
      { prix_unitaire: v.prix_unitaire, quantite: v.quantite, date: v.date, id_bande: bande.id, id_vente: vente?.id ?? -1 },
      [doutePrix(v.prix_unitaire, others)],
      refusSortie(sans, { kind: 'vente', quantite: v.quantite, day: v.date, ancienne }, bounds.max),
    );
  });
  return (
    <EntryDialog
      title={vente ? 'Modifier la vente' : 'Ajouter une vente'}
      entry={entry}
      onClose={kept.onClose}
      onSubmit={onSubmit}
      muted={!formState.isValid}
      frame={kept.frame}
    >
      <PriceQuantityFields register={register} control={control} errors={e} totalTestId="vente-total" wholeQuantity={chair} />
      <DayField label="Date de la vente" bounds={bounds} {...register('date')} error={e.date?.message} />
    </EntryDialog>
  );
}
