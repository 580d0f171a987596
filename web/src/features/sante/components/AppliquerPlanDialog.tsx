// « Appliquer un plan »: gives the batch one of the plans of its type. Its steps
// neither done nor skipped are replaced by the plan's; the done and skipped ones stay as recorded.
import { useState, type FormEvent } from 'react';
import { BANDE_MSG, TYPE_BANDE } from '@shared/messages/bandes';
import { SANTE_MSG } from '@shared/messages/sante';
import type { BandeType } from '@shared/breeds';
import { serverMessage } from '../../../lib/http';
import { savedMessage } from '../../../lib/offline/outbox';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { setBandePlan, useSanteMutation } from '../api/mutations';
import { usePlans } from '../api/get-sante';

interface Props {
  bande: { id: number; type: BandeType; nom?: string };
  /** The batch's plan now (null: none). */
  current: number | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function AppliquerPlanDialog({ bande, current, onClose, onSaved }: Props) {
  const plans = usePlans();
  const ofType = (plans.data ?? []).filter((p) => p.type === bande.type);
  const [chosen, setChosen] = useState<number | null>(null);
  const value = chosen ?? current ?? ofType[0]?.id ?? null;
  const mut = useSanteMutation((b: { id_bande: number; id_plan: number }) =>
    setBandePlan(b, { bandeId: bande.id, bandeNom: bande.nom, nomPlan: ofType.find((p) => p.id === b.id_plan)?.nom ?? '' }),
  );
  const [error, setError] = useState<string | null>(null);
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setError(null);
    if (!value) return setError('Choisissez un plan');
    mut.mutate(
      { id_bande: bande.id, id_plan: value },
      { onSuccess: (r) => onSaved(savedMessage(r, 'Plan appliqué')), onError: (err) => setError(serverMessage(err, BANDE_MSG.operationFailed)) },
    );
  };
  const plan = ofType.find((p) => p.id === value);
  return (
    <FormDialog
      title="Appliquer un plan"
      onClose={onClose}
      onSubmit={submit}
      error={error ?? (plans.isError ? serverMessage(plans.error, BANDE_MSG.operationFailed) : null)}
      pending={mut.isPending}
      submitLabel="Appliquer"
      cancel
    >
      <div className="field">
        <label htmlFor="sante-plan">Plan ({TYPE_BANDE[bande.type]})</label>
        <select id="sante-plan" value={value ?? ''} onChange={(e) => setChosen(Number(e.target.value))} disabled={!ofType.length}>
          {!ofType.length && <option value="">{plans.isPending ? 'Chargement…' : 'Aucun plan pour ce type'}</option>}
          {ofType.map((p) => (
            <option key={p.id} value={p.id}>
              {p.nom}
            </option>
          ))}
        </select>
      </div>
      {plan && (
        <>
          {plan.defaut && <p className="hint">{SANTE_MSG.indicatif}</p>}
          <ul className="sante-plan-preview">
            {plan.etapes.map((s, i) => (
              <li key={i}>
                J{s.age} · {s.intitule}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="hint">Les étapes déjà faites ou sautées restent telles quelles ; les autres sont remplacées par celles du plan.</p>
    </FormDialog>
  );
}
