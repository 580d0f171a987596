// The operator's manual change of one subscription: extend (plan and days), suspend or reactivate,
// always with a reason (kept in the audit log). Checked with the server's own schema.
import { useState, type FormEvent } from 'react';
import { PLANS, type PlanCode } from '@shared/plans';
import { abonnementActionSchema, type EntrepriseOperateur } from '@shared/schemas/operateur';
import { formatDate } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { keyPerContent } from '@shared/idempotency-key';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { NumberField, nombreTape } from '../../../lib/ui/NumberField';
import { useAbonnementAction } from '../api/abonnement-action';
import { MSG } from '@shared/messages/acces';

export type ActionKind = 'prolonger' | 'suspendre' | 'reactiver';

const TITLES: Record<ActionKind, string> = { prolonger: 'Prolonger un abonnement', suspendre: 'Suspendre un abonnement', reactiver: 'Réactiver un abonnement' };
const SUBMIT: Record<ActionKind, string> = { prolonger: 'Prolonger', suspendre: 'Suspendre', reactiver: 'Réactiver' };

interface Props {
  kind: ActionKind;
  entreprise: EntrepriseOperateur;
  onClose: () => void;
  onDone: (message: string) => void;
}

export function ActionDialog({ kind, entreprise, onClose, onDone }: Props) {
  const action = useAbonnementAction();
  // The same change sent again (a second tap, a retry after a lost answer) keeps its key.
  const [keyFor] = useState(keyPerContent);
  const [plan, setPlan] = useState<PlanCode>(entreprise.code_plan);
  const [jours, setJours] = useState('30');
  const [motif, setMotif] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body =
      kind === 'prolonger'
        ? { action: kind, id_entreprise: entreprise.id, plan, nb_jours: nombreTape.setValueAs(jours) ?? 0, motif }
        : { action: kind, id_entreprise: entreprise.id, motif };
    const parsed = abonnementActionSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      return setErrors(next);
    }
    setErrors({});
    action.mutate(
      { input: parsed.data, key: keyFor(parsed.data) },
      {
        onSuccess: (r) => onDone(r.message),
        onError: (err) => setError(serverMessage(err, MSG.erreur)),
      },
    );
  };

  return (
    <FormDialog title={TITLES[kind]} onClose={onClose} onSubmit={submit} error={error} pending={action.isPending} cancel submitLabel={SUBMIT[kind]}>
      <p>
        <strong>{entreprise.nom}</strong> — {entreprise.plan}, jusqu'au {formatDate(entreprise.valid_until)}
      </p>
      {kind === 'prolonger' && (
        <div className="form-grid">
          <div className="field">
            <label htmlFor="op-plan">Plan</label>
            <select id="op-plan" value={plan} onChange={(e) => setPlan(e.target.value as PlanCode)}>
              {(Object.keys(PLANS) as PlanCode[]).map((c) => (
                <option key={c} value={c}>
                  {PLANS[c].nom}
                </option>
              ))}
            </select>
          </div>
          <NumberField id="op-jours" label="Nombre de jours" value={jours} onChange={(e) => setJours(e.target.value)} error={errors.nb_jours} />
        </div>
      )}
      <div className="field">
        <label htmlFor="op-motif">Motif (gardé dans le journal)</label>
        <input id="op-motif" value={motif} onChange={(e) => setMotif(e.target.value)} maxLength={300} aria-invalid={errors.motif ? true : undefined} />
        {errors.motif && <p className="field-error">{errors.motif}</p>}
      </div>
    </FormDialog>
  );
}
