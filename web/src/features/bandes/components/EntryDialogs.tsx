// The entry dialogs of the batch detail (spec part 1 §2, §5, §8): loss, expense, sale, weighing
// and egg collection. Each validates like the server (same zod pieces), shows the spec's failure
// message, and on success closes with the spec's success message while the page reloads.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Control, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { lineTotal } from '../../../../../shared/formulas';
import {
  UNITES_DEPENSE,
  BANDE_MSG,
  EGG_SIZES,
  MIN_QUANTITE,
  depenseSchema,
  perteSchema,
  pesageSchema,
  venteSchema,
  type Collecte,
  type Depense,
  type Vente,
} from '../../../../../shared/schemas/bandes';
import { z } from '../../../../../shared/schemas/common';
import { formatFcfa } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { savedMessage } from '../../../lib/offline/outbox';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { saveCollecte, saveDepense, savePerte, savePesage, saveVente, useBandeMutation } from '../api/mutations';
import { useTypesDepense } from '../api/get-types-depense';

interface Base {
  idBande: number;
  onClose: () => void;
  onSaved: (message: string) => void;
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
}: {
  register: UseFormRegister<T>;
  control: Control<T, any, any>;
  errors: FieldErrors<PriceQuantity>;
  totalTestId: string;
}) {
  const pu_ = 'prix_unitaire' as Path<T>;
  const qte_ = 'quantite' as Path<T>;
  const [puValue, qteValue] = useWatch({ control, name: [pu_, qte_] });
  const pu = Number(puValue);
  const qte = Number(qteValue);
  return (
    <>
      <div className="form-grid">
        <Field label="Prix unitaire (FCFA)" type="number" inputMode="numeric" min={1} step={1} {...register(pu_, { valueAsNumber: true })} error={errors.prix_unitaire?.message} />
        <Field label="Quantité" type="number" inputMode="decimal" min={MIN_QUANTITE} step="any" {...register(qte_, { valueAsNumber: true })} error={errors.quantite?.message} />
      </div>
      {pu > 0 && qte > 0 && (
        <p className="total-line" data-testid={totalTestId}>
          Total : <strong>{formatFcfa(lineTotal(pu, qte))}</strong>
        </p>
      )}
    </>
  );
}

/** A 400 carries the server's precise French reason; anything else the spec's message. */
const reason = (err: unknown, fallback: string) => (err instanceof ApiError && err.status === 400 ? `${fallback} : ${err.message}` : fallback);

export function PerteDialog({ idBande, onClose, onSaved }: Base) {
  const save = useBandeMutation(savePerte);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(perteSchema.unwrap().pick({ nombre: true })), mode: 'onChange' });
  const onSubmit = handleSubmit((v) => {
    setError(null);
    save.mutate({ nombre: v.nombre, id_bande: idBande }, { onSuccess: (r) => onSaved(savedMessage(r, 'Perte enregistrée')), onError: (err) => setError(reason(err, BANDE_MSG.perteSaveFailed)) });
  });
  return (
    <FormDialog title="Mortalité" onClose={onClose} onSubmit={onSubmit} error={error} pending={save.isPending} muted={!formState.isValid} submitLabel="Enregistrer">
      <Field label="Nombre de sujets" type="number" inputMode="numeric" min={1} step={1} {...register('nombre', { valueAsNumber: true })} error={formState.errors.nombre?.message} />
    </FormDialog>
  );
}

const depenseForm = depenseSchema.unwrap().shape.depense.omit({ id: true });

export function DepenseDialog({ idBande, depense, onClose, onSaved }: Base & { depense: Depense | null }) {
  const save = useBandeMutation(saveDepense);
  const types = useTypesDepense();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, control } = useForm({
    resolver: zodResolver(depenseForm),
    mode: 'onChange',
    defaultValues: (depense
      ? { id_type_depense: depense.id_type_depense, designation: depense.designation, prix_unitaire: depense.prix_unitaire, quantite: depense.quantite, unite: (depense.unite ?? null) as 'kg' | null }
      : { designation: '' }) as z.input<typeof depenseForm>,
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    save.mutate(
      { depense: { ...v, ...(depense ? { id: depense.id } : {}) }, id_bande: idBande },
      { onSuccess: (r) => onSaved(savedMessage(r, BANDE_MSG.depenseAdded)), onError: (err) => setError(reason(err, BANDE_MSG.depenseFailed)) },
    );
  });
  return (
    <FormDialog title={depense ? 'Modifier la dépense' : 'Ajouter une dépense'} onClose={onClose} onSubmit={onSubmit} error={error} pending={save.isPending} muted={!formState.isValid} submitLabel="Enregistrer">
      <div className="field">
        <label htmlFor="f-type-depense">Type de dépense</label>
        <select id="f-type-depense" aria-invalid={e.id_type_depense ? true : undefined} {...register('id_type_depense', { valueAsNumber: true })}>
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
    </FormDialog>
  );
}

const venteForm = venteSchema.unwrap().pick({ prix_unitaire: true, quantite: true });

export function VenteDialog({ idBande, vente, onClose, onSaved }: Base & { vente: Vente | null }) {
  const save = useBandeMutation(saveVente);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, control } = useForm({
    resolver: zodResolver(venteForm),
    mode: 'onChange',
    defaultValues: (vente ? { prix_unitaire: vente.prix_unitaire, quantite: vente.quantite } : {}) as z.input<typeof venteForm>,
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    save.mutate(
      { ...v, id_bande: idBande, id_vente: vente?.id ?? -1 },
      { onSuccess: (r) => onSaved(savedMessage(r, BANDE_MSG.venteSaved)), onError: (err) => setError(reason(err, BANDE_MSG.venteFailed)) },
    );
  });
  return (
    <FormDialog title={vente ? 'Modifier la vente' : 'Ajouter une vente'} onClose={onClose} onSubmit={onSubmit} error={error} pending={save.isPending} muted={!formState.isValid} submitLabel="Enregistrer">
      <PriceQuantityFields register={register} control={control} errors={e} totalTestId="vente-total" />
    </FormDialog>
  );
}

const pesageForm = pesageSchema.unwrap().shape.pesage;

export function PesageDialog({ idBande, onClose, onSaved }: Base) {
  const save = useBandeMutation(savePesage);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(pesageForm),
    mode: 'onChange',
    defaultValues: { unite: 'g' as const, date_prise: new Date().toISOString().slice(0, 10) },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    save.mutate(
      { pesage: v, id_bande: idBande },
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
    <FormDialog title="Pesage" onClose={onClose} onSubmit={onSubmit} error={error} pending={save.isPending} muted={!formState.isValid} submitLabel="Enregistrer">
      <div className="form-grid">
        <Field label="Poids moyen" type="number" inputMode="decimal" min={0} step="any" {...register('poids_moyen', { valueAsNumber: true })} error={e.poids_moyen?.message} />
        <div className="field">
          <label htmlFor="f-unite">Unité</label>
          <select id="f-unite" {...register('unite')}>
            <option value="g">g</option>
            <option value="kg">kg</option>
          </select>
        </div>
      </div>
      <Field label="Échantillon (sujets pesés)" type="number" inputMode="numeric" min={1} step={1} {...register('echantillon', { valueAsNumber: true })} error={e.echantillon?.message} />
      <Field label="Date du pesage" type="date" {...register('date_prise')} error={e.date_prise?.message} />
    </FormDialog>
  );
}

const count = (label: string) => z.number({ error: `${label} requis` }).int({ error: 'Nombre entier attendu' }).min(0, { error: 'Au moins 0' });
const collecteForm = z
  .object({
    collecte: z.number({ error: 'Total requis' }).int({ error: 'Nombre entier attendu' }).min(1, { error: 'Le total doit être au moins 1' }),
    s: count('S'),
    m: count('M'),
    l: count('L'),
    xl: count('XL'),
    date_collecte: z.string().optional(),
  })
  .refine((v) => v.s + v.m + v.l + v.xl === v.collecte, { path: ['xl'], error: 'La somme des calibres doit être égale au total collecté' });

export function CollecteDialog({ idBande, collecte, onClose, onSaved }: Base & { collecte: Collecte | null }) {
  const save = useBandeMutation(saveCollecte);
  const [error, setError] = useState<string | null>(null);
  const sizes = collecte ? JSON.parse(collecte.calibres) : {};
  const { register, handleSubmit, formState, control } = useForm({
    resolver: zodResolver(collecteForm),
    mode: 'onChange',
    defaultValues: collecte ? { collecte: collecte.collecte, ...sizes, date_collecte: collecte.date_collecte } : { s: 0, m: 0, l: 0, xl: 0, date_collecte: '' },
  });
  const e = formState.errors as Record<string, { message?: string } | undefined>;
  const v = useWatch({ control });
  const sum = EGG_SIZES.reduce((s, k) => s + (Number(v[k]) || 0), 0);
  const onSubmit = handleSubmit((f) => {
    setError(null);
    save.mutate(
      {
        id_bande: idBande,
        id: collecte?.id ?? -1,
        collecte: f.collecte,
        calibres: JSON.stringify({ s: f.s, m: f.m, l: f.l, xl: f.xl }),
        ...(f.date_collecte ? { date_collecte: f.date_collecte } : {}),
      },
      { onSuccess: (r) => onSaved(savedMessage(r, BANDE_MSG.collecteSaved)), onError: (err) => setError(reason(err, BANDE_MSG.collecteFailed)) },
    );
  });
  return (
    <FormDialog title="Collecte d'œufs" onClose={onClose} onSubmit={onSubmit} error={error} pending={save.isPending} submitDisabled={!(sum > 0 && sum === Number(v.collecte))} submitLabel="Enregistrer">
      <Field label="Total collecté" type="number" inputMode="numeric" min={1} step={1} {...register('collecte', { valueAsNumber: true })} error={e.collecte?.message} />
      <div className="bd-sizes">
        {EGG_SIZES.map((k) => (
          <Field key={k} label={`Calibre ${k.toUpperCase()}`} type="number" inputMode="numeric" min={0} step={1} {...register(k, { valueAsNumber: true })} />
        ))}
      </div>
      <p className={sum === Number(v.collecte) || !(Number(v.collecte) > 0) ? 'hint' : 'field-error'} data-testid="collecte-sum">
        Somme des calibres : {sum} / {Number(v.collecte) || 0}
      </p>
      <Field label="Date de collecte (facultative)" type="date" {...register('date_collecte')} />
    </FormDialog>
  );
}
