// The entry dialogs of the batch detail (spec part 1 §2, §5, §8): loss, expense, sale, weighing
// and egg collection. Each validates like the server (same zod pieces), shows the spec's failure
// message with the server's French reason, and on success closes with the spec's success message
// while the page reloads. Issue 17: every entry carries its day (default today, between the
// batch's start and today, fixed when typed), numbers are read as typed (an empty or negative
// figure is an error, never 0), a figure far from the usual asks « Êtes-vous sûr ? » first
// (shared/plausibility.ts), and a refusal shown goes away as soon as a field changes.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Control, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { defaultRace } from '../../../../../shared/breeds';
import { daysBetween } from '../../../../../shared/dates';
import { jourSaisie, lineTotal, sujetsVivantsLe, weightG } from '../../../../../shared/formulas';
import { douteDepense, doutePerte, doutePoids, doutePonte, doutePrix } from '../../../../../shared/plausibility';
import {
  UNITES_DEPENSE,
  EGG_SIZES,
  MIN_QUANTITE,
  depenseSchema,
  perteSchema,
  pesageSchema,
  venteSchema,
  type BandeDetail,
  type Collecte,
  type Depense,
  type Pesage,
  type Vente,
} from '../../../../../shared/schemas/bandes';
import { BANDE_MSG } from '../../../../../shared/messages/bandes';
import { z } from '../../../../../shared/schemas/common';
import { batchDayBounds, dayWithin, type DayBounds } from '../../../lib/day-bounds';
import { formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { savedMessage } from '../../../lib/offline/outbox';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { useRaces } from '../api/get-races';
import { saveCollecte, saveDepense, savePerte, savePesage, saveVente, useBandeMutation } from '../api/mutations';
import { useTypesDepense } from '../api/get-types-depense';
import { SureBox, sureLabel, useFreshOnChange, useSure } from './SureCheck';

interface Base {
  bande: BandeDetail;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * A number field's text as typed: empty → undefined (the schema's "requis"), anything else its
 * number (NaN for junk: the schema's "doit être un nombre"). Never a silent 0.
 */
const asNumber = {
  setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'number' ? v : Number(String(v).replace(',', '.'))),
};

/** The day of an entry of this batch: required, from its start to today, with the server's messages. */
function useEntryDay(bande: BandeDetail) {
  const bounds = useMemo(() => batchDayBounds(bande.date_demarage), [bande.date_demarage]);
  const day = useMemo(() => dayWithin(bounds, { future: BANDE_MSG.dateFuture, before: BANDE_MSG.dateBeforeStart(bounds.min) }), [bounds]);
  return { bounds, day };
}

function DayField({ label, bounds, error, ...input }: { label: string; bounds: DayBounds; error?: string } & ReturnType<UseFormRegister<FieldValues>>) {
  return <Field label={label} type="date" min={bounds.min} max={bounds.max} required {...input} error={error} />;
}

/** The answer of a refusal: the spec's failure message, with the server's French reason when it gave one. */
const reason = (err: unknown, fallback: string) => {
  const said = serverMessage(err, fallback);
  return said === fallback ? fallback : `${fallback} : ${said}`;
};

/** The shared state of an entry dialog: the server's refusal and the soft-threshold question, both withdrawn by any change. */
function useEntryState<T extends FieldValues>(watch: ReturnType<typeof useForm<T>>['watch']) {
  const [error, setError] = useState<string | null>(null);
  const sure = useSure();
  useFreshOnChange(watch, () => {
    setError(null);
    sure.withdraw();
  });
  return { error, setError, sure };
}

/**
 * Unit price and quantity, with the line total shown only when both exceed 0 (spec §5): the same
 * for an expense and a sale, rounded like the server (shared lineTotal).
 */
type PriceQuantity = { prix_unitaire: number; quantite: number };

function PriceQuantityFields<T extends FieldValues & PriceQuantity>({
  register,
  control,
  errors,
  totalTestId,
  wholeQuantity,
}: {
  register: UseFormRegister<T>;
  control: Control<T, any, any>;
  errors: FieldErrors<PriceQuantity>;
  totalTestId: string;
  wholeQuantity?: boolean;
}) {
  const pu_ = 'prix_unitaire' as Path<T>;
  const qte_ = 'quantite' as Path<T>;
  const [puValue, qteValue] = useWatch({ control, name: [pu_, qte_] });
  const pu = Number(puValue);
  const qte = Number(qteValue);
  return (
    <>
      <div className="form-grid">
        <Field
          label="Prix unitaire (FCFA)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...register(pu_, asNumber)}
          error={errors.prix_unitaire?.message}
        />
        <Field
          label="Quantité"
          type="number"
          inputMode={wholeQuantity ? 'numeric' : 'decimal'}
          min={wholeQuantity ? 1 : MIN_QUANTITE}
          step={wholeQuantity ? 1 : 'any'}
          {...register(qte_, asNumber)}
          error={errors.quantite?.message}
        />
      </div>
      {pu > 0 && qte > 0 && (
        <p className="total-line" data-testid={totalTestId}>
          Total : <strong>{formatFcfa(lineTotal(pu, qte))}</strong>
        </p>
      )}
    </>
  );
}

export function PerteDialog({ bande, onClose, onSaved }: Base) {
  const save = useBandeMutation(savePerte);
  const { bounds, day } = useEntryDay(bande);
  const schema = useMemo(() => perteSchema.unwrap().pick({ nombre: true }).extend({ date: day }), [day]);
  const { register, handleSubmit, formState, watch } = useForm({ resolver: zodResolver(schema), mode: 'onChange', defaultValues: { date: bounds.max } });
  const { error, setError, sure } = useEntryState(watch);
  const onSubmit = handleSubmit((v) => {
    setError(null);
    if (!sure.confirmed([doutePerte(v.nombre, Math.max(0, sujetsVivantsLe(bande, v.date)))])) return;
    save.mutate(
      { nombre: v.nombre, id_bande: bande.id, date: v.date },
      { onSuccess: (r) => onSaved(savedMessage(r, 'Perte enregistrée')), onError: (err) => setError(reason(err, BANDE_MSG.perteSaveFailed)) },
    );
  });
  return (
    <FormDialog
      title="Mortalité"
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={save.isPending}
      muted={!formState.isValid}
      submitLabel={sureLabel(sure)}
    >
      <Field
        label="Nombre de sujets"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        {...register('nombre', asNumber)}
        error={formState.errors.nombre?.message}
      />
      <DayField label="Date de la perte" bounds={bounds} {...register('date')} error={formState.errors.date?.message} />
      <SureBox sure={sure} />
    </FormDialog>
  );
}

const depenseForm = depenseSchema.unwrap().shape.depense.omit({ id: true });

export function DepenseDialog({ bande, depense, onClose, onSaved }: Base & { depense: Depense | null }) {
  const save = useBandeMutation(saveDepense);
  const types = useTypesDepense();
  const { bounds, day } = useEntryDay(bande);
  const schema = useMemo(() => depenseForm.extend({ date: day }), [day]);
  const { register, handleSubmit, formState, control, watch } = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: (depense
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
  const { error, setError, sure } = useEntryState(watch);
  const e = formState.errors;
  const onSubmit = handleSubmit(({ date, ...v }) => {
    setError(null);
    const others = bande.depenses.filter((d) => d.id !== depense?.id && (d as { etat?: string }).etat !== 'DELETED').map((d) => d.prix_total);
    if (!sure.confirmed([douteDepense(lineTotal(v.prix_unitaire, v.quantite), others)])) return;
    save.mutate(
      { depense: { ...v, ...(depense ? { id: depense.id } : {}) }, id_bande: bande.id, date },
      { onSuccess: (r) => onSaved(savedMessage(r, BANDE_MSG.depenseAdded)), onError: (err) => setError(reason(err, BANDE_MSG.depenseFailed)) },
    );
  });
  return (
    <FormDialog
      title={depense ? 'Modifier la dépense' : 'Ajouter une dépense'}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={save.isPending}
      muted={!formState.isValid}
      submitLabel={sureLabel(sure)}
    >
      <div className="field">
        <label htmlFor="f-type-depense">Type de dépense</label>
        <select id="f-type-depense" aria-invalid={e.id_type_depense ? true : undefined} {...register('id_type_depense', asNumber)}>
          <option value="">Choisir…</option>
          {(types.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.nom}
            </option>
          ))}
        </select>
        {e.id_type_depense && <p className="field-error">{e.id_type_depense.message}</p>}
      </div>
      <Field label="Désignation" autoComplete="off" {...register('designation')} error={e.designation?.message} />
      <PriceQuantityFields register={register} control={control} errors={e} totalTestId="depense-total" />
      {/* The feed's unit gives the feed conversion ratio its kilograms (issue 11). */}
      <div className="field">
        <label htmlFor="f-unite-depense">Unité</label>
        <select id="f-unite-depense" {...register('unite', { setValueAs: (v) => v || null })}>
          <option value="">—</option>
          {UNITES_DEPENSE.map((u) => (
            <option key={u.code} value={u.code}>
              {u.nom}
            </option>
          ))}
        </select>
      </div>
      <DayField label="Date de la dépense" bounds={bounds} {...register('date')} error={e.date?.message} />
      <SureBox sure={sure} />
    </FormDialog>
  );
}

const venteForm = venteSchema.unwrap().pick({ prix_unitaire: true, quantite: true });

export function VenteDialog({ bande, vente, onClose, onSaved }: Base & { vente: Vente | null }) {
  const save = useBandeMutation(saveVente);
  const { bounds, day } = useEntryDay(bande);
  // A broiler batch sells whole birds (the server refuses 2,5 birds): said before sending.
  const chair = bande.type === 'chair';
  const schema = useMemo(
    () => venteForm.extend({ date: day }).refine((v) => !chair || Number.isInteger(v.quantite), { path: ['quantite'], error: BANDE_MSG.wholeBirds }),
    [day, chair],
  );
  const { register, handleSubmit, formState, control, watch } = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: (vente ? { prix_unitaire: vente.prix_unitaire, quantite: vente.quantite, date: jourSaisie(vente) } : { date: bounds.max }) as z.input<
      typeof schema
    >,
  });
  const { error, setError, sure } = useEntryState(watch);
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    const others = bande.ventes.filter((x) => x.id !== vente?.id && x.etat !== 'DELETED').map((x) => x.prix_unitaire);
    if (!sure.confirmed([doutePrix(v.prix_unitaire, others)])) return;
    save.mutate(
      { prix_unitaire: v.prix_unitaire, quantite: v.quantite, date: v.date, id_bande: bande.id, id_vente: vente?.id ?? -1 },
      { onSuccess: (r) => onSaved(savedMessage(r, BANDE_MSG.venteSaved)), onError: (err) => setError(reason(err, BANDE_MSG.venteFailed)) },
    );
  });
  return (
    <FormDialog
      title={vente ? 'Modifier la vente' : 'Ajouter une vente'}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={save.isPending}
      muted={!formState.isValid}
      submitLabel={sureLabel(sure)}
    >
      <PriceQuantityFields register={register} control={control} errors={e} totalTestId="vente-total" wholeQuantity={chair} />
      <DayField label="Date de la vente" bounds={bounds} {...register('date')} error={e.date?.message} />
      <SureBox sure={sure} />
    </FormDialog>
  );
}

const pesageForm = pesageSchema.unwrap().shape.pesage.omit({ id: true, date_prise: true });

export function PesageDialog({ bande, pesage, onClose, onSaved }: Base & { pesage: Pesage | null }) {
  const save = useBandeMutation(savePesage);
  const races = useRaces();
  const { bounds, day } = useEntryDay(bande);
  const schema = useMemo(() => pesageForm.extend({ date_prise: day }), [day]);
  const { register, handleSubmit, formState, watch } = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: (pesage
      ? { poids_moyen: pesage.poids_moyen, unite: pesage.unite, echantillon: pesage.echantillon, date_prise: pesage.date_prise.slice(0, 10) }
      : { unite: 'g' as const, date_prise: bounds.max }) as z.input<typeof schema>,
  });
  const { error, setError, sure } = useEntryState(watch);
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    const race = races.data?.find((r) => r.code === (bande.race ?? defaultRace(bande.type)));
    const age = daysBetween(bande.date_demarage, v.date_prise) + (bande.age_demarrage ?? 0);
    if (!sure.confirmed([doutePoids(weightG(v), age, race)])) return;
    save.mutate(
      { pesage: { ...v, ...(pesage ? { id: pesage.id } : {}) }, id_bande: bande.id },
      {
        onSuccess: (r) => onSaved(savedMessage(r, BANDE_MSG.pesageSaved)),
        onError: (err) => {
          console.error(err); // the spec only logs a failed weighing; we also show it
          setError(reason(err, BANDE_MSG.pesageFailed));
        },
      },
    );
  });
  return (
    <FormDialog
      title={pesage ? 'Modifier le pesage' : 'Pesage'}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={save.isPending}
      muted={!formState.isValid}
      submitLabel={sureLabel(sure)}
    >
      <div className="form-grid">
        <Field label="Poids moyen" type="number" inputMode="decimal" min={0} step="any" {...register('poids_moyen', asNumber)} error={e.poids_moyen?.message} />
        <div className="field">
          <label htmlFor="f-unite">Unité</label>
          <select id="f-unite" {...register('unite')}>
            <option value="g">g</option>
            <option value="kg">kg</option>
          </select>
        </div>
      </div>
      <Field
        label="Échantillon (sujets pesés)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        {...register('echantillon', asNumber)}
        error={e.echantillon?.message}
      />
      <DayField label="Date du pesage" bounds={bounds} {...register('date_prise')} error={e.date_prise?.message} />
      <SureBox sure={sure} />
    </FormDialog>
  );
}

const count = (label: string) =>
  z
    .number({ error: `${label} requis` })
    .int({ error: 'Nombre entier attendu' })
    .min(0, { error: 'Au moins 0' });

export function CollecteDialog({ bande, collecte, collectes, onClose, onSaved }: Base & { collecte: Collecte | null; collectes: readonly Collecte[] }) {
  const save = useBandeMutation(saveCollecte);
  const { bounds, day } = useEntryDay(bande);
  const schema = useMemo(
    () =>
      z
        .object({
          collecte: z.number({ error: 'Total requis' }).int({ error: 'Nombre entier attendu' }).min(1, { error: 'Le total doit être au moins 1' }),
          s: count('S'),
          m: count('M'),
          l: count('L'),
          xl: count('XL'),
          date_collecte: day,
        })
        .refine((v) => v.s + v.m + v.l + v.xl === v.collecte, { path: ['xl'], error: 'La somme des calibres doit être égale au total collecté' }),
    [day],
  );
  const sizes = collecte ? JSON.parse(collecte.calibres) : {};
  const { register, handleSubmit, formState, control, watch } = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: collecte
      ? { collecte: collecte.collecte, ...sizes, date_collecte: collecte.date_collecte.slice(0, 10) }
      : { s: 0, m: 0, l: 0, xl: 0, date_collecte: bounds.max },
  });
  const { error, setError, sure } = useEntryState(watch);
  const e = formState.errors as Record<string, { message?: string } | undefined>;
  const v = useWatch({ control });
  const sum = EGG_SIZES.reduce((s, k) => s + (Number(v[k]) || 0), 0);
  const onSubmit = handleSubmit((f) => {
    setError(null);
    // The day's eggs: this collection and the day's others (the one corrected counts once).
    const sameDay = collectes.filter(
      (c) => c.id !== collecte?.id && (c as { etat?: string }).etat !== 'DELETED' && c.date_collecte.slice(0, 10) === f.date_collecte,
    );
    const oeufs = f.collecte + sameDay.reduce((s, c) => s + c.collecte, 0);
    const poules = Math.max(0, sujetsVivantsLe({ ...bande, type: 'pondeuse' }, f.date_collecte));
    if (!sure.confirmed([doutePonte(oeufs, poules)])) return;
    save.mutate(
      {
        id_bande: bande.id,
        id: collecte?.id ?? -1,
        collecte: f.collecte,
        calibres: JSON.stringify({ s: f.s, m: f.m, l: f.l, xl: f.xl }),
        date_collecte: f.date_collecte,
      },
      { onSuccess: (r) => onSaved(savedMessage(r, BANDE_MSG.collecteSaved)), onError: (err) => setError(reason(err, BANDE_MSG.collecteFailed)) },
    );
  });
  return (
    <FormDialog
      title={collecte ? 'Modifier la collecte' : "Collecte d'œufs"}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={save.isPending}
      submitDisabled={!(sum > 0 && sum === Number(v.collecte))}
      submitLabel={sureLabel(sure)}
    >
      <Field label="Total collecté" type="number" inputMode="numeric" min={1} step={1} {...register('collecte', asNumber)} error={e.collecte?.message} />
      <div className="bd-sizes">
        {EGG_SIZES.map((k) => (
          // The sum's own message sits below; each size says only what is wrong with it.
          <Field
            key={k}
            label={`Calibre ${k.toUpperCase()}`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            {...register(k, asNumber)}
            error={k === 'xl' && e.xl?.message === 'La somme des calibres doit être égale au total collecté' ? undefined : e[k]?.message}
          />
        ))}
      </div>
      <p className={sum === Number(v.collecte) || !(Number(v.collecte) > 0) ? 'hint' : 'field-error'} data-testid="collecte-sum">
        Somme des calibres : {sum} / {Number(v.collecte) || 0}
      </p>
      <DayField label="Date de collecte" bounds={bounds} {...register('date_collecte')} error={e.date_collecte?.message} />
      <SureBox sure={sure} />
    </FormDialog>
  );
}
