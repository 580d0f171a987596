// Batch create/edit dialog (spec part 1 §2 "Creation de bande", §5): name, type, number of birds,
// start date, all required; prefilled when editing. 422 → the plan's bird quota message.
// The start lies between today − 3 years and today (the server's bounds and words), a
// refusal of the server (a start after the batch's first entry) is shown as it says it, and goes
// away when a field changes. A new batch may be given a health plan (`id_plan`): the
// built-in plan of its type is preselected, « Aucun plan » leaves it without a calendar.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { RACES } from '@shared/breeds';
import { bandeSchema, type BandeSummary } from '@shared/schemas/bandes';
import { BANDE_MSG, TYPE_BANDE } from '@shared/messages/bandes';
import { dayWithin, startDayBounds, today } from '../../../lib/day-bounds';
import { serverMessage } from '../../../lib/http';
import { Field } from '../../../lib/ui/Field';
import { NumberField, nombreTape } from '../../../lib/ui/NumberField';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { saveBande, useBandeMutation } from '../api/mutations';
import { keyPerContent } from '@shared/idempotency-key';
import { useFreshOnChange } from './SureCheck';
import { useDraft } from '../../../lib/use-draft';
import { plansQueryOptions } from '../../../lib/queries/sante';
import { PLAN_DEFAUT_CHAIR, PLAN_DEFAUT_PONDEUSE, PLANS_DEFAUT } from '@shared/sante/plans-defaut';
import { SANTE_MSG } from '@shared/messages/sante';
import { unwrap, z } from '@shared/schemas/common';

// The age is optional in the payload but not on the form: left empty it stays refused (« Âge invalide »), as before.
const ageTape = { setValueAs: (v: unknown) => nombreTape.setValueAs(v) ?? Number.NaN };

/** The draft key of the batch form (lib/use-draft.ts): the list reopens a creation left unsaved. */
export const bandeDraftKey = (id?: number) => `bande-${id ?? 'new'}`;

const baseSchema = z.omit(unwrap(bandeSchema), { id_bande: true });

interface Props {
  bande: BandeSummary | null;
  /** The batch holds entries: its type is fixed (decision 0216); shown, not offered. */
  typeFixe?: boolean;
  onClose: () => void;
  onSaved: (b: BandeSummary) => void;
}

export function BandeDialog({ bande, typeFixe, onClose, onSaved }: Props) {
  const save = useBandeMutation(saveBande);
  // The same batch sent again (a second tap, a retry after a lost answer) keeps its key.
  const [keyFor] = useState(keyPerContent);
  const [error, setError] = useState<string | null>(null);
  const bounds = useMemo(() => startDayBounds(), []);
  const formSchema = useMemo(
    () => z.extend(baseSchema, { date_demarage: dayWithin(bounds, { future: BANDE_MSG.startFuture, before: BANDE_MSG.startTooOld }) }),
    [bounds],
  );
  const form = useForm({
    resolver: zodResolver(formSchema),
    mode: 'onChange',
    defaultValues: {
      nom: bande?.nom ?? '',
      type: bande?.type ?? 'chair',
      nb_sujet: bande?.nb_sujet ?? (undefined as unknown as number),
      date_demarage: bande?.date_demarage.slice(0, 10) ?? today(),
      race: bande?.race ?? null,
      age_demarrage: bande?.age_demarrage ?? 0,
    },
  });
  const { register, handleSubmit, formState, control, setValue, getValues, watch } = form;
  const draft = useDraft(bandeDraftKey(bande?.id), form);
  const close = () => (draft.clear(), onClose());
  // The breed follows the type: one of the other type is cleared (the server would refuse it).
  const type = useWatch({ control, name: 'type' });
  const races = RACES.filter((r) => r.type === type);
  useEffect(() => {
    const r = getValues('race');
    if (r && !RACES.some((x) => x.code === r && x.type === type)) setValue('race', null);
  }, [type, getValues, setValue]);
  useFreshOnChange(watch, () => setError(null));
  // The plans a new batch may follow: the built-in ones are known without the network (they are
  // code), the business's own come with GET api/sante/plans. Not asked when editing a batch.
  const plans = useQuery({ ...plansQueryOptions(), enabled: !bande });
  const ofType = (plans.data ?? PLANS_DEFAUT).filter((p) => p.type === type);
  // undefined: the built-in plan of the chosen type (it follows the type); null: none.
  const [planChoice, setPlanChoice] = useState<number | null | undefined>(undefined);
  const idPlan = planChoice === undefined ? (type === 'pondeuse' ? PLAN_DEFAUT_PONDEUSE : PLAN_DEFAUT_CHAIR) : planChoice;
  const planOfType = idPlan !== null && ofType.some((p) => p.id === idPlan) ? idPlan : null;
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    const input = { ...v, id_bande: bande?.id ?? -1, ...(bande ? {} : { id_plan: planOfType }) };
    save.mutate(
      { input, key: keyFor(input) },
      {
        onSuccess: (b) => (draft.clear(), onSaved(b)),
        onError: (err) => setError(serverMessage(err, BANDE_MSG.createFailed)),
      },
    );
  });
  return (
    <FormDialog
      title={bande ? 'Modifier la bande' : 'Création de bande'}
      onClose={close}
      draft={draft}
      guard={formState.isDirty}
      onSubmit={onSubmit}
      error={error}
      pending={save.isPending}
      muted={!formState.isValid}
      submitLabel="Valider"
    >
      <Field label="Nom" autoComplete="off" {...register('nom')} error={e.nom?.message} />
      <div className="field">
        <label htmlFor="f-type">Type</label>
        {bande && typeFixe ? (
          // Not registered: the form keeps the batch's type from its default values, which a
          // disabled registered field would drop.
          <>
            <select id="f-type" value={bande.type} disabled aria-describedby="f-type-fixe">
              <option value={bande.type}>{TYPE_BANDE[bande.type]}</option>
            </select>
            <p id="f-type-fixe" className="hint">
              {BANDE_MSG.typeFixedHint}
            </p>
          </>
        ) : (
          <select id="f-type" {...register('type')}>
            <option value="chair">{TYPE_BANDE.chair}</option>
            <option value="pondeuse">{TYPE_BANDE.pondeuse}</option>
          </select>
        )}
      </div>
      <NumberField label="Nombre de sujets" {...register('nb_sujet', nombreTape)} error={e.nb_sujet?.message} />
      <Field label="Date de démarrage" type="date" min={bounds.min} max={bounds.max} required {...register('date_demarage')} error={e.date_demarage?.message} />
      <div className="field">
        <label htmlFor="f-race">Souche</label>
        <select id="f-race" {...register('race', { setValueAs: (v) => v || null })}>
          <option value="">Par défaut ({races[0]?.nom})</option>
          {races.map((r) => (
            <option key={r.code} value={r.code}>
              {r.nom}
            </option>
          ))}
        </select>
      </div>
      <NumberField label="Âge à la mise en place (jours)" {...register('age_demarrage', ageTape)} error={e.age_demarrage?.message} />
      {!bande && (
        <div className="field">
          <label htmlFor="f-plan">Plan de santé</label>
          <select
            id="f-plan"
            value={planOfType ?? ''}
            onChange={(ev) => setPlanChoice(ev.target.value ? Number(ev.target.value) : null)}
            aria-describedby="f-plan-hint"
          >
            <option value="">Aucun plan</option>
            {ofType.map((p) => (
              <option key={p.id} value={p.id}>
                {p.nom}
              </option>
            ))}
          </select>
          <p id="f-plan-hint" className="hint">
            Ses vaccinations et soins deviennent le calendrier de la bande. Plans par défaut : {SANTE_MSG.indicatif.toLowerCase()}.
          </p>
        </div>
      )}
    </FormDialog>
  );
}
