// Sign-up screen (title Création de compte, spec part 1 §2, §4, §5, §8). The country list ships
// with this lazy chunk only.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { MSG } from '../../../../../shared/messages';
import { countryLabel, orderedCountries } from '../../../lib/countries';
import { ApiError } from '../../../lib/http';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useSignup } from '../api/signup';
import { AuthLayout } from '../components/AuthLayout';
import { signupFormSchema, type SignupFormInput } from '../schemas';

const EMPTY: SignupFormInput = {
  prenom: '',
  nom: '',
  entreprise: '',
  pays: '',
  telephone: '',
  email: '',
  password: '',
  rpassword: '',
};

export default function SignupPage() {
  const signup = useSignup();
  const countries = useMemo(() => orderedCountries(), []);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { register, handleSubmit, formState, reset, getValues, trigger } = useForm<SignupFormInput>({
    resolver: zodResolver(signupFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const err = formState.errors;
  const pending = signup.isPending;

  const onSubmit = handleSubmit((v) => {
    setMessage(null);
    signup.mutate(
      v,
      {
        onSuccess: () => {
          reset(EMPTY);
          setMessage({ kind: 'success', text: MSG.signupDone });
        },
        onError: (e) =>
          setMessage({ kind: 'error', text: e instanceof ApiError && e.status === 421 ? MSG.emailUsed : MSG.signupUnknown }),
      },
    );
  });

  return (
    <AuthLayout title="Création de compte" wide>
      <form onSubmit={onSubmit} onChange={() => message && setMessage(null)} noValidate>
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <fieldset disabled={pending} className="plain-fieldset">
          <div className="grid-2">
            <Field label="Prénom" autoComplete="given-name" {...register('prenom')} error={err.prenom?.message} />
            <Field label="Nom" autoComplete="family-name" {...register('nom')} error={err.nom?.message} />
          </div>
          <Field label="Entreprise" autoComplete="organization" {...register('entreprise')} error={err.entreprise?.message} />
          <div className="grid-2">
            <div className="field">
              <label htmlFor="f-pays">Pays</label>
              <select id="f-pays" aria-invalid={err.pays ? true : undefined} {...register('pays')}>
                <option value="">Choisir un pays</option>
                {countries.map((c) => (
                  <option key={c.name} value={c.name}>
                    {countryLabel(c)}
                  </option>
                ))}
              </select>
              {err.pays && <p className="field-error">{err.pays.message}</p>}
            </div>
            <Field
              label="Téléphone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              {...register('telephone')}
              error={err.telephone?.message}
            />
          </div>
          <Field label="Email" type="email" inputMode="email" autoComplete="email" {...register('email')} error={err.email?.message} />
          <div className="grid-2">
            <Field label="Mot de passe" type="password" autoComplete="new-password" {...register('password', { onChange: () => getValues('rpassword') && trigger('rpassword') })} error={err.password?.message} />
            <Field
              label="Confirmer le mot de passe"
              type="password"
              autoComplete="new-password"
              {...register('rpassword')}
              error={err.rpassword?.message}
            />
          </div>
          <SubmitButton pending={pending} muted={!formState.isValid} className="btn-block">
            Créer le compte
          </SubmitButton>
        </fieldset>
        <p className="auth-alt">
          Vous avez un compte? <Link to="/login">Connectez-vous</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
