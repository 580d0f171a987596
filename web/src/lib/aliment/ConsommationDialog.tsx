// « Consommation d'aliment »: what a batch ate from the farm's store on a day, in kg or
// sacks. One dialog for the Aliment page (a picker of the active batches) and the batch detail
// (its batch fixed). The day is bounded as the server bounds it (the batch's start to today); the
// kg it takes are shown as typed, beside the stock of today. A stock too small on that day or a
// later one is the server's 409, shown above the fields in its words (« … kg en stock ce jour-là »).
// Opened on an entry refused after sync (« Corriger »), it is prefilled with what was typed and says
// why; once the corrected one is written or queued, the refused one leaves the outbox.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { BANDE_MSG } from '@shared/messages/bandes';
import { ALIMENT_MSG } from '@shared/messages/aliment';
import { kgDe } from '@shared/formulas/aliment';
import { consommationSchema, MAX_KG_MOUVEMENT, type UniteAliment } from '@shared/schemas/aliment';
import { z, unwrap } from '@shared/schemas/common';
import { batchDayBounds, dayWithin, today } from '../day-bounds';
import { formatNumber } from '../format';
import { serverMessage } from '../http';
import { replaceRefused, savedMessage, type OutboxEntry } from '../offline/outbox';
import { Field } from '../ui/Field';
import { FormDialog } from '../ui/FormDialog';
import { NumberField, nombreTape } from '../ui/NumberField';
import { addConsommation, useAlimentMutation } from './consommation';
import { UniteSelect } from './UniteSelect';

export interface BandeAliment {
  id: number;
  nom: string;
  date_demarage: string;
}

interface Props {
  /** The active batches to choose from (one alone is preselected). */
  bandes: readonly BandeAliment[];
  /** The batch detail's entry: its one batch, fixed, no picker. */
  fixe?: boolean;
  /** The store's stock today, kg, when known (a hint; the server checks every day). */
  stockKg?: number;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** An entry the server refused after sync, to correct. */
  refused?: OutboxEntry;
}

const { quantite, unite } = unwrap(consommationSchema).shape;

export function ConsommationDialog({ bandes, fixe: estFixe, stockKg, onClose, onSaved, refused }: Props) {
  const typed = refused?.body as Partial<{ id_bande: number; date: string; quantite: number; unite: UniteAliment }> | undefined;
  const fixe = estFixe ? bandes[0] : null;
  const seule = bandes.length === 1 ? bandes[0] : null;
  const [choix, setChoix] = useState<number | null>(typed?.id_bande ?? seule?.id ?? null);
  const bande = bandes.find((b) => b.id === choix) ?? null;
  const bounds = useMemo(() => batchDayBounds(bande?.date_demarage ?? '2000-01-01'), [bande]);
  const schema = useMemo(
    () =>
      z
        .object({
          id_bande: z.number({ error: 'Choisissez une bande' }).check(z.int(), z.positive({ error: 'Choisissez une bande' })),
          date: dayWithin(bounds, { future: ALIMENT_MSG.dateFuture, before: ALIMENT_MSG.avantDemarrage(bounds.min) }),
          quantite,
          unite,
        })
        .check(z.refine((c) => !(kgDe(c.quantite, c.unite) > MAX_KG_MOUVEMENT), { error: ALIMENT_MSG.tropGrand(MAX_KG_MOUVEMENT), path: ['quantite'] })),
    [bounds],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: (typed
      ? { id_bande: typed.id_bande, date: typed.date, quantite: typed.quantite, unite: typed.unite }
      : { id_bande: seule?.id, date: today(), unite: 'sac50' }) as z.input<typeof schema>,
  });
  const { register, handleSubmit, formState, control } = form;
  const mut = useAlimentMutation((b: { id_bande: number; date: string; quantite: number; unite: UniteAliment }) => addConsommation(b, bande?.nom));
  const [error, setError] = useState<string | null>(refused?.error ?? null);
  const [q, u] = useWatch({ control, name: ['quantite', 'unite'] });
  const kg = typeof q === 'number' && Number.isFinite(q) && q > 0 ? kgDe(q, u ?? 'kg') : null;
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    mut.mutate(
      { id_bande: v.id_bande, date: v.date, quantite: v.quantite, unite: v.unite },
      {
        onSuccess: (r) => {
          if (refused) void replaceRefused(refused.id);
          onSaved(savedMessage(r, 'Consommation enregistrée'));
        },
        onError: (err) => setError(serverMessage(err, BANDE_MSG.operationFailed)),
      },
    );
  });
  return (
    <FormDialog
      title={fixe ? `Consommation d'aliment : ${fixe.nom}` : "Consommation d'aliment"}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={mut.isPending}
      muted={!formState.isValid}
      guard={formState.isDirty}
      submitLabel="Enregistrer"
    >
      {!fixe && (
        <div className="field">
          <label htmlFor="f-conso-bande">Bande</label>
          <select
            id="f-conso-bande"
            aria-invalid={e.id_bande ? true : undefined}
            {...register('id_bande', {
              setValueAs: (v) => (v === '' || v == null ? undefined : Number(v)),
              onChange: (ev) => setChoix(Number(ev.target.value) || null),
            })}
          >
            <option value="">Choisir une bande</option>
            {bandes.map((b) => (
              <option key={b.id} value={b.id}>
                {b.nom}
              </option>
            ))}
          </select>
          {e.id_bande && <p className="field-error">{e.id_bande.message}</p>}
        </div>
      )}
      <Field label="Date" type="date" min={bounds.min} max={bounds.max} required {...register('date')} error={e.date?.message} />
      <div className="form-grid">
        <NumberField label="Quantité" decimal {...register('quantite', nombreTape)} error={e.quantite?.message} />
        <UniteSelect id="f-conso-unite" {...register('unite')} error={e.unite?.message} />
      </div>
      <p className="hint" data-testid="conso-kg">
        {kg !== null ? `Soit ${formatNumber(kg)} kg` : 'Saisissez la quantité mangée ce jour-là.'}
        {stockKg !== undefined && ` · En stock aujourd'hui : ${formatNumber(stockKg)} kg`}
      </p>
    </FormDialog>
  );
}
