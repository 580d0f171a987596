// An egg collection of a laying batch (spec part 1 §8): the total and its split by size (S, M, L,
// XL, which must add up to it) and its day; a day's laying rate beyond what the hens can lay asks
// « Êtes-vous sûr ? » first. Opened on a collection, it corrects that one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { lotDuDetail, refusCollecte, sujetsVivantsLe } from '@shared/formulas';
import { BANDE_MSG } from '@shared/messages/bandes';
import { doutePonte } from '@shared/plausibility';
import { EGG_SIZES, type Collecte } from '@shared/schemas/bandes';
import { z } from '@shared/schemas/common';
import { saveCollecte } from '../../api/mutations';
import { EntryDialog } from './EntryDialog';
import { CountField, DayField } from './EntryFields';
import { asNumber, useEntry, useEntryDay, type EntryProps } from './use-entry';
import { entryDraftKey, refusedBody, useEntryDraft } from './use-entry-draft';

const SUM_WRONG = 'La somme des calibres doit être égale au total collecté';

const count = (label: string) => z.number({ error: `${label} requis` }).check(z.int({ error: 'Nombre entier attendu' }), z.gte(0, { error: 'Au moins 0' }));

export function CollecteDialog({
  bande,
  collecte,
  collectes,
  onClose,
  onSaved,
  refused,
}: EntryProps & { collecte: Collecte | null; collectes: readonly Collecte[] }) {
  const { bounds, day } = useEntryDay(bande);
  const schema = useMemo(
    () =>
      z
        .object({
          collecte: z.number({ error: 'Total requis' }).check(z.int({ error: 'Nombre entier attendu' }), z.gte(1, { error: 'Le total doit être au moins 1' })),
          s: count('S'),
          m: count('M'),
          l: count('L'),
          xl: count('XL'),
          date_collecte: day,
        })
        .check(z.refine((v) => v.s + v.m + v.l + v.xl === v.collecte, { path: ['xl'], error: SUM_WRONG })),
    [day],
  );
  const sizes = collecte ? JSON.parse(collecte.calibres) : {};
  const typed = refusedBody<Parameters<typeof saveCollecte>[0]>(refused);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: typed
      ? { collecte: typed.collecte, ...JSON.parse(typed.calibres), date_collecte: typed.date_collecte }
      : collecte
        ? { collecte: collecte.collecte, ...sizes, date_collecte: collecte.date_collecte.slice(0, 10) }
        : { s: 0, m: 0, l: 0, xl: 0, date_collecte: bounds.max },
  });
  const { register, handleSubmit, formState, control, watch } = form;
  const kept = useEntryDraft(entryDraftKey('collecte', bande.id, collecte?.id), form, { onSaved, onClose, refused });
  const entry = useEntry((b: Parameters<typeof saveCollecte>[0]) => saveCollecte(b, bande.nom), watch, {
    saved: BANDE_MSG.collecteSaved,
    failed: BANDE_MSG.collecteFailed,
    onSaved: kept.onSaved,
  });
  const e = formState.errors as Record<string, { message?: string } | undefined>;
  const v = useWatch({ control });
  const sum = EGG_SIZES.reduce((s, k) => s + (Number(v[k]) || 0), 0);
  const onSubmit = handleSubmit((f) => {
    // The day's eggs: this collection and the day's others (the one corrected counts once).
    const sameDay = collectes.filter(
      (c) => c.id !== collecte?.id && (c as { etat?: string }).etat !== 'DELETED' && c.date_collecte.slice(0, 10) === f.date_collecte,
    );
    const oeufs = f.collecte + sameDay.reduce((s, c) => s + c.collecte, 0);
    const poules = Math.max(0, sujetsVivantsLe({ ...bande, type: 'pondeuse' }, f.date_collecte));
    entry.send(
      {
        id_bande: bande.id,
        id: collecte?.id ?? -1,
        collecte: f.collecte,
        calibres: JSON.stringify({ s: f.s, m: f.m, l: f.l, xl: f.xl }),
        date_collecte: f.date_collecte,
      },
      [doutePonte(oeufs, poules)],
      // More eggs than hens: the server's refusal, at once (the day's others, the one corrected left out).
      refusCollecte({ ...lotDuDetail(bande, sameDay), type: 'pondeuse' }, f.collecte, f.date_collecte),
    );
  });
  return (
    <EntryDialog
      title={collecte ? 'Modifier la collecte' : "Collecte d'œufs"}
      entry={entry}
      onClose={kept.onClose}
      onSubmit={onSubmit}
      frame={kept.frame}
      submitDisabled={!(sum > 0 && sum === Number(v.collecte))}
    >
      <CountField label="Total collecté" {...register('collecte', asNumber)} error={e.collecte?.message} />
      <div className="bd-sizes">
        {EGG_SIZES.map((k) => (
          // The sum's own message sits below; each size says only what is wrong with it.
          <CountField
            key={k}
            label={`Calibre ${k.toUpperCase()}`}
            {...register(k, asNumber)}
            error={k === 'xl' && e.xl?.message === SUM_WRONG ? undefined : e[k]?.message}
          />
        ))}
      </div>
      <p className={sum === Number(v.collecte) || !(Number(v.collecte) > 0) ? 'hint' : 'field-error'} data-testid="collecte-sum">
        Somme des calibres : {sum} / {Number(v.collecte) || 0}
      </p>
      <DayField label="Date de collecte" bounds={bounds} {...register('date_collecte')} error={e.date_collecte?.message} />
    </EntryDialog>
  );
}
