// « Acheter de l'aliment »: the day, what it is, how much in kg, sacks or tonnes, the
// total price and the supplier if any. The kg and the price per kg are shown as typed, before
// saving. Two things are asked about before saving (decision 0238), through the app's one
// « Êtes-vous sûr ? » (lib/ui/SureBox.tsx): a price per kg under half or over twice the store's
// average cost (a sack typed as a kg, a price per sack typed as the total), and a day more than 31
// days back (it moves the value of everything eaten since). The server's refusal shows above the
// fields in its words.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { daysBetween, formatJour } from '@shared/dates';
import { kgDe } from '@shared/formulas/aliment';
import { ALIMENT_ECRAN, ALIMENT_MSG } from '@shared/messages/aliment';
import { BANDE_MSG } from '@shared/messages/bandes';
import { achatAlimentSchema, MAX_KG_MOUVEMENT, type AchatAlimentInput } from '@shared/schemas/aliment';
import { z, unwrap } from '@shared/schemas/common';
import { UniteSelect } from '../../../lib/aliment/UniteSelect';
import { useAlimentMutation } from '../../../lib/aliment/consommation';
import { dayWithin, startDayBounds } from '../../../lib/day-bounds';
import { formatCost, formatNumber } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { replaceRefused, savedMessage, type OutboxEntry } from '../../../lib/offline/outbox';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { NumberField, nombreTape } from '../../../lib/ui/NumberField';
import { SureBox, sureLabel, useSure, useWithdrawOnChange } from '../../../lib/ui/SureBox';
import { addAchat } from '../api/mutations';

/** A price per kg outside [average ÷ PRIX_ECART, average × PRIX_ECART] is asked about (decision 0238). */
export const PRIX_ECART = 2;
/** A purchase dated further back than this is asked about. */
export const JOURS_ANCIEN = 31;

const { designation, quantite, unite, prix_total, fournisseur } = unwrap(achatAlimentSchema).shape;

interface Props {
  /** The store's average cost per kg today (0: an empty store, nothing to compare with). */
  coutMoyenKg: number;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** A purchase the server refused after sync, to correct (prefilled, its message shown). */
  refused?: OutboxEntry;
}

/** The doubts about a purchase, in words (none: saved at once). */
export function doutesAchat(a: { date: string; kg: number; prix_total: number }, coutMoyenKg: number, aujourdhui: string): string[] {
  const out: string[] = [];
  const prixKg = a.kg > 0 ? a.prix_total / a.kg : 0;
  if (coutMoyenKg > 0 && prixKg > 0 && (prixKg > coutMoyenKg * PRIX_ECART || prixKg < coutMoyenKg / PRIX_ECART)) {
    out.push(ALIMENT_ECRAN.prixInhabituel(formatCost(prixKg), formatCost(coutMoyenKg)));
  }
  const jours = daysBetween(a.date, aujourdhui);
  if (jours > JOURS_ANCIEN) out.push(ALIMENT_ECRAN.dateAncienne(jours));
  return out;
}

export function AchatDialog({ coutMoyenKg, onClose, onSaved, refused }: Props) {
  const typed = refused?.body as Partial<AchatAlimentInput> | undefined;
  const bounds = useMemo(() => startDayBounds(), []);
  const schema = useMemo(
    () =>
      z
        .object({
          date: dayWithin(bounds, { future: ALIMENT_MSG.dateFuture, before: `La date ne peut pas précéder le ${formatJour(bounds.min)}.` }),
          designation,
          quantite,
          unite,
          prix_total,
          fournisseur,
        })
        .check(z.refine((a) => !(kgDe(a.quantite, a.unite) > MAX_KG_MOUVEMENT), { error: ALIMENT_MSG.tropGrand(MAX_KG_MOUVEMENT), path: ['quantite'] })),
    [bounds],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: (typed
      ? {
          date: typed.date,
          designation: typed.designation,
          quantite: typed.quantite,
          unite: typed.unite,
          prix_total: typed.prix_total,
          fournisseur: typed.fournisseur ?? '',
        }
      : { date: bounds.max, designation: '', unite: 'sac50', fournisseur: '' }) as z.input<typeof schema>,
  });
  const { register, handleSubmit, formState, watch, control } = form;
  const sure = useSure();
  useWithdrawOnChange(watch, sure);
  const mut = useAlimentMutation(addAchat);
  const [error, setError] = useState<string | null>(refused?.error ?? null);
  const [q, u, prix] = useWatch({ control, name: ['quantite', 'unite', 'prix_total'] });
  const kg = typeof q === 'number' && Number.isFinite(q) && q > 0 ? kgDe(q, u ?? 'kg') : null;
  const prixKg = kg && typeof prix === 'number' && Number.isFinite(prix) && prix > 0 ? prix / kg : null;
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    if (!sure.confirmed(doutesAchat({ date: v.date, kg: kgDe(v.quantite, v.unite), prix_total: v.prix_total }, coutMoyenKg, bounds.max))) return;
    mut.mutate(
      {
        date: v.date,
        designation: v.designation,
        quantite: v.quantite,
        unite: v.unite,
        prix_total: v.prix_total,
        ...(v.fournisseur ? { fournisseur: v.fournisseur } : {}),
      },
      {
        onSuccess: (r) => {
          if (refused) void replaceRefused(refused.id);
          onSaved(savedMessage(r, 'Achat enregistré'));
        },
        onError: (err) => setError(serverMessage(err, BANDE_MSG.operationFailed)),
      },
    );
  });
  return (
    <FormDialog
      title="Acheter de l'aliment"
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={mut.isPending}
      muted={!formState.isValid}
      guard={formState.isDirty}
      submitLabel={sureLabel(sure)}
    >
      <Field label="Date" type="date" min={bounds.min} max={bounds.max} required {...register('date')} error={e.date?.message} />
      <Field label="Désignation" autoComplete="off" placeholder="Aliment démarrage" {...register('designation')} error={e.designation?.message} />
      <div className="form-grid">
        <NumberField label="Quantité" decimal {...register('quantite', nombreTape)} error={e.quantite?.message} />
        <UniteSelect id="f-achat-unite" {...register('unite')} error={e.unite?.message} />
      </div>
      <NumberField label="Prix total (FCFA)" {...register('prix_total', nombreTape)} error={e.prix_total?.message} />
      <Field label="Fournisseur (facultatif)" autoComplete="off" {...register('fournisseur')} error={e.fournisseur?.message} />
      <p className="hint" data-testid="achat-resume">
        {kg !== null ? `Soit ${formatNumber(kg)} kg` : 'Saisissez la quantité et le prix total.'}
        {prixKg !== null && ` · ${formatCost(prixKg)} le kg`}
        {coutMoyenKg > 0 && ` · coût moyen du stock : ${formatCost(coutMoyenKg)} le kg`}
      </p>
      <SureBox sure={sure} />
    </FormDialog>
  );
}
