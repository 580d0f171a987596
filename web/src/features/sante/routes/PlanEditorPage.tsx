// #/sante/plans/:id (an own plan) and #/sante/plans/nouveau (?copie=<id>: a copy of a plan, the
// built-in ones included) —: a plan's name, its type and its steps (add, remove, move
// up or down; age in days, intitulé, voie, note). Saved with POST api/sante/plan; batches already
// given the plan keep their steps done or skipped (the server never rewrites them).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { BANDE_MSG, TYPE_BANDE } from '@shared/messages/bandes';
import { SANTE_MSG, VOIE_NOM } from '@shared/messages/sante';
import { MAX_ETAPES, planSchema, VOIES, type PlanSante } from '@shared/schemas/sante';
import { serverMessage } from '../../../lib/http';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { NumberField, nombreTape } from '../../../lib/ui/NumberField';
import { PageLoader } from '../../../lib/ui/PageLoader';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { savePlan, useSanteMutation } from '../api/mutations';
import { usePlans } from '../api/get-sante';
import '../sante.css';
import { unwrap, z } from '@shared/schemas/common';

const formSchema = z.omit(unwrap(planSchema), { id_plan: true });
type Form = z.input<typeof formSchema>;

export default function PlanEditorPage() {
  const param = useParams().id;
  const copie = Number(useSearchParams()[0].get('copie'));
  const plans = usePlans();
  if (plans.isError && !plans.data) return <Alert kind="error">{serverMessage(plans.error, BANDE_MSG.operationFailed)}</Alert>;
  if (!plans.data) return <PageLoader />;
  const id = param === 'nouveau' ? null : Number(param);
  const edited = id === null ? null : plans.data.find((p) => p.id === id);
  if (id !== null && (!edited || edited.defaut)) {
    return (
      <section className="page ui-page">
        <Alert kind="error">{edited?.defaut ? SANTE_MSG.planDefautLectureSeule : SANTE_MSG.planNotFound}</Alert>
        <Link to="/sante/plans">Retour aux plans</Link>
      </section>
    );
  }
  const source = edited ?? plans.data.find((p) => p.id === copie) ?? null;
  return <Editor key={param} plan={edited ?? null} source={source} />;
}

const emptyStep = (age = 0) => ({ age, intitule: '', voie: 'eau_de_boisson' as const, note: '' });

function Editor({ plan, source }: { plan: PlanSante | null; source: PlanSante | null }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const defaults = useMemo<Form>(
    () =>
      source
        ? {
            nom: plan ? source.nom : `${source.nom.replace(/\s*\(indicatif\)$/i, '')} (copie)`,
            type: source.type,
            etapes: source.etapes.map((s) => ({ ...s, note: s.note ?? '' })),
          }
        : { nom: '', type: 'chair', etapes: [emptyStep(1)] },
    [plan, source],
  );
  const form = useForm<Form>({ resolver: zodResolver(formSchema), mode: 'onChange', defaultValues: defaults });
  const { register, handleSubmit, formState, control, getValues } = form;
  const steps = useFieldArray({ control, name: 'etapes' });
  const save = useSanteMutation(savePlan);
  // Steps are kept in order of age (the server sorts them): a step moved past one of another age
  // takes that age, so the place it was moved to is the place it keeps (shared/schemas/sante.ts).
  const move = (i: number, by: -1 | 1) => {
    const all = getValues('etapes');
    const moved = all[i];
    const other = all[i + by];
    if (!moved || !other) return;
    const a = Number(moved.age);
    const b = Number(other.age);
    if (Number.isFinite(a) && Number.isFinite(b) && (by < 0 ? a > b : a < b)) form.setValue(`etapes.${i}.age`, b, { shouldValidate: true, shouldDirty: true });
    steps.swap(i, i + by);
  };
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    save.mutate(
      { ...(v as z.output<typeof formSchema>), id_plan: plan?.id ?? -1 },
      { onSuccess: () => navigate('/sante/plans'), onError: (err) => setError(serverMessage(err, BANDE_MSG.operationFailed)) },
    );
  });
  return (
    <section className="page ui-page bd-page sante-plans">
      <div className="page-header">
        <h1>{plan ? 'Modifier le plan' : 'Nouveau plan'}</h1>
        <Link className="btn" to="/sante/plans">
          Retour aux plans
        </Link>
      </div>
      {source?.defaut && (
        <Alert kind="info">
          Copie du plan « {source.nom} » : {SANTE_MSG.indicatif.toLowerCase()}.
        </Alert>
      )}
      <form className="card" onSubmit={onSubmit} noValidate>
        {error && <Alert kind="error">{error}</Alert>}
        <div className="form-grid">
          <Field label="Nom du plan" autoComplete="off" {...register('nom')} error={e.nom?.message} />
          <div className="field">
            <label htmlFor="plan-type">Type de bande</label>
            <select id="plan-type" {...register('type')}>
              <option value="chair">{TYPE_BANDE.chair}</option>
              <option value="pondeuse">{TYPE_BANDE.pondeuse}</option>
            </select>
          </div>
        </div>
        <h2>Étapes</h2>
        {e.etapes?.message && <p className="field-error">{e.etapes.message}</p>}
        <ol className="sante-steps" aria-label="Étapes du plan">
          {steps.fields.map((f, i) => {
            const se = e.etapes?.[i];
            return (
              <li key={f.id} className="sante-step" data-testid="plan-etape">
                <div className="sante-step-grid">
                  <NumberField label={`Âge (jours), étape ${i + 1}`} {...register(`etapes.${i}.age`, nombreTape)} error={se?.age?.message} />
                  <Field label="Intitulé" id={`etape-${i}-intitule`} autoComplete="off" {...register(`etapes.${i}.intitule`)} error={se?.intitule?.message} />
                  <div className="field">
                    <label htmlFor={`etape-${i}-voie`}>Voie</label>
                    <select id={`etape-${i}-voie`} {...register(`etapes.${i}.voie`)}>
                      {VOIES.map((v) => (
                        <option key={v} value={v}>
                          {VOIE_NOM[v]}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                <Field label="Note" id={`etape-${i}-note`} autoComplete="off" {...register(`etapes.${i}.note`)} error={se?.note?.message} />
                <div className="sante-step-actions">
                  <button type="button" className="btn btn-small" onClick={() => move(i, -1)} disabled={i === 0} aria-label={`Monter l'étape ${i + 1}`}>
                    Monter
                  </button>
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => move(i, 1)}
                    disabled={i === steps.fields.length - 1}
                    aria-label={`Descendre l'étape ${i + 1}`}
                  >
                    Descendre
                  </button>
                  <button
                    type="button"
                    className="btn btn-small btn-danger"
                    onClick={() => steps.remove(i)}
                    disabled={steps.fields.length === 1}
                    aria-label={`Retirer l'étape ${i + 1}`}
                  >
                    Retirer
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        <p>
          <button
            type="button"
            className="btn"
            disabled={steps.fields.length >= MAX_ETAPES}
            onClick={() => {
              const last = getValues('etapes').at(-1);
              steps.append(emptyStep(typeof last?.age === 'number' ? last.age : 0));
            }}
          >
            Ajouter une étape
          </button>
        </p>
        <p className="hint">Les étapes se rangent par âge à l&apos;enregistrement ; les bandes déjà suivies gardent leurs étapes faites ou sautées.</p>
        <div className="modal-actions">
          <SubmitButton pending={save.isPending} muted={!formState.isValid}>
            Enregistrer le plan
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
