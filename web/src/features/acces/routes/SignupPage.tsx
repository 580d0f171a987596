// Sign-up screen (title Création de compte, spec part 1 §2, §4, §5, §8). The country list ships
// with this lazy chunk only; the phone rule (libphonenumber-js, shared/phone.ts, ~11 KB gzip) is
// fetched when the visitor first enters a field, and a submit waits for it: the screen itself stays
// within its 100 KB, and the rule is there long before the phone field is reached.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MSG } from '@shared/messages/acces';
import { countryLabel, orderedCountries } from '../../../lib/countries';
import { serverMessage } from '../../../lib/http';
import { useLightForm } from '../../../lib/use-light-form';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { login } from '../api/login';
import { useAction } from '../../../lib/use-action';
import { signup as createAccount } from '../api/signup';
import { AuthLayout } from '../components/AuthLayout';
import { validateSignup, type SignupFormInput, type SignupPhoneRule } from '../validation';

type PhoneModule = typeof import('../signup-phone');
let phoneModule: Promise<PhoneModule> | undefined;
const loadPhoneRule = () => (phoneModule ??= import('../signup-phone'));

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

/**
 * The first minute of a new account: api/inscription answers no token, so once the account exists the new user
 * is signed in with what was just typed, through the login screen's own call, and the shell and
 * dashboard are loaded; the dashboard then repeats the spec's message above its "Commencez ici"
 * list. Should that sign-in fail (connection lost), the account still exists: the message shows here
 * and "Connectez-vous" is the way on.
 */
async function signupAndSignIn(v: Parameters<typeof createAccount>[0], preloadSignedIn: () => Promise<void>): Promise<{ signedIn: boolean }> {
  await createAccount(v);
  try {
    await login({ email: v.email, password: v.password });
    await preloadSignedIn();
    return { signedIn: true };
  } catch {
    return { signedIn: false };
  }
}

/** `preloadSignedIn` is given by the router (app/router.tsx), which a feature may not import. */
export default function SignupPage({ preloadSignedIn }: { preloadSignedIn: () => Promise<void> }) {
  const signup = useAction(useCallback((v: Parameters<typeof createAccount>[0]) => signupAndSignIn(v, preloadSignedIn), [preloadSignedIn]));
  const navigate = useNavigate();
  const countries = useMemo(() => orderedCountries(), []);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [phone, setPhone] = useState<PhoneModule | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const wantPhoneRule = useCallback(() => {
    if (phone) return;
    loadPhoneRule().then(
      (m) => live.current && setPhone(m),
      () => undefined, // offline: a submit tries again, and the server applies the rule anyway
    );
  }, [phone]);
  const rule: SignupPhoneRule | null = phone?.signupPhoneError ?? null;
  const { field, values, handleSubmit, errors: err, isValid, reset } = useLightForm(EMPTY, (v) => validateSignup(v, rule), 'touched');
  const pending = signup.isPending;

  const onSubmit = handleSubmit(async (v) => {
    setMessage(null);
    if (!rule) {
      // Submitted before the rule arrived: check the number with it first (the form then shows its message).
      const m = await loadPhoneRule().catch(() => null);
      if (m) {
        setPhone(m);
        if (m.signupPhoneError(v.telephone, v.pays)) return;
      }
    }
    signup.mutate(
      { ...v, email: v.email.trim().toLowerCase() },
      {
        onSuccess: (r) => {
          reset(EMPTY);
          setMessage({ kind: 'success', text: MSG.signupDone });
          if (r.signedIn) navigate('/', { replace: true, state: { bienvenue: MSG.signupDone } });
        },
        onError: (e) =>
          setMessage({
            kind: 'error',
            // 400: the server's French reason (a field it refused), else the spec's messages.
            text: serverMessage(e, MSG.signupUnknown, { byStatus: { 421: MSG.emailUsed }, only: [400] }),
          }),
      },
    );
  });

  return (
    <AuthLayout title="Création de compte" wide>
      <form onSubmit={onSubmit} onChange={() => message && setMessage(null)} onFocus={wantPhoneRule} noValidate>
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <fieldset disabled={pending} className="plain-fieldset">
          <div className="grid-2">
            <Field label="Prénom" autoComplete="given-name" {...field('prenom')} error={err.prenom ?? undefined} />
            <Field label="Nom" autoComplete="family-name" {...field('nom')} error={err.nom ?? undefined} />
          </div>
          <Field label="Entreprise" autoComplete="organization" {...field('entreprise')} error={err.entreprise ?? undefined} />
          <div className="grid-2">
            <div className="field">
              <label htmlFor="f-pays">Pays</label>
              <select id="f-pays" aria-invalid={err.pays ? true : undefined} {...field('pays')}>
                <option value="">Choisir un pays</option>
                {countries.map((c) => (
                  <option key={c.name} value={c.name}>
                    {countryLabel(c)}
                  </option>
                ))}
              </select>
              {err.pays && <p className="field-error">{err.pays}</p>}
            </div>
            <Field
              label="Téléphone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={phone?.signupPhonePlaceholder(values.pays) ?? ''}
              {...field('telephone')}
              error={err.telephone ?? undefined}
            />
          </div>
          <Field label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} error={err.email ?? undefined} />
          <div className="grid-2">
            <Field label="Mot de passe" type="password" autoComplete="new-password" {...field('password')} error={err.password ?? undefined} />
            <Field label="Confirmer le mot de passe" type="password" autoComplete="new-password" {...field('rpassword')} error={err.rpassword ?? undefined} />
          </div>
          <SubmitButton pending={pending} muted={!isValid} className="btn-block">
            Créer le compte
          </SubmitButton>
        </fieldset>
        <p className="auth-alt">
          Vous avez un compte ? <Link to="/login">Connectez-vous</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
