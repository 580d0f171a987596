// Login screen (title Connexion, spec part 1 §2, §4, §8).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MSG } from '@shared/messages/acces';
import { checkToken } from '../../../lib/api/check-token';
import { serverMessage } from '../../../lib/http';
import { prefetchAfterLogin } from '../../../lib/prefetch';
import { adoptStaticLogin } from '../../../lib/static-login';
import { getToken } from '../../../lib/storage';
import { useAction } from '../../../lib/use-action';
import { useLightForm } from '../../../lib/use-light-form';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { login as signIn } from '../api/login';
import { AuthLayout } from '../components/AuthLayout';
import { validateLogin } from '../validation';

async function loginAndPreload(input: { email: string; password: string }, preloadSignedIn: () => Promise<void>) {
  const res = await signIn(input);
  await preloadSignedIn();
  return res;
}

/** `preloadSignedIn` is given by the router (app/router.tsx), which a feature may not import. */
export default function LoginPage({ preloadSignedIn }: { preloadSignedIn: () => Promise<void> }) {
  const navigate = useNavigate();
  // The shell and the dashboard are loaded before leaving this screen (the button stays
  // "Loading ..." meanwhile), so they render at once, without a loader in between.
  const login = useAction(useCallback((input: { email: string; password: string }) => loginAndPreload(input, preloadSignedIn), [preloadSignedIn]));
  const [error, setError] = useState<string | null>(null);
  const { field, handleSubmit, errors, isValid, reset } = useLightForm({ email: '', password: '' }, validateLogin, 'change');
  const formRef = useRef<HTMLFormElement>(null);

  // The form index.html painted before the app ran (lib/static-login.ts): its values, focus and
  // cursor become this form's before the browser paints, so the user sees one form and loses nothing.
  useLayoutEffect(() => {
    const painted = adoptStaticLogin();
    const form = formRef.current;
    if (!painted || !form) return;
    for (const name of ['email', 'password'] as const) {
      const el = form.elements.namedItem(name);
      // Written to the element too: React then finds its value unchanged and leaves the cursor be.
      if (el instanceof HTMLInputElement) el.value = painted.values[name];
    }
    if (painted.focus) {
      const el = form.elements.namedItem(painted.focus.name);
      if (el instanceof HTMLInputElement) {
        el.focus();
        const { start, end } = painted.focus;
        // An e-mail input has no selection API (it throws): the browser leaves its cursor at the end.
        if (start !== null && end !== null) {
          try {
            el.setSelectionRange(start, end);
          } catch {
            /* no selection on this input type */
          }
        }
      }
    }
    if (painted.values.email || painted.values.password) reset(painted.values);
    // « Se connecter » tapped in the painted form while this one took it over: sent in the next task,
    // once the reset above (flushed with this commit) has made the adopted values this form's.
    if (painted.submit) window.setTimeout(() => formRef.current?.requestSubmit(), 0);
    // Once, on the first mount: reset is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The dashboard's files, fetched while the user types (slow networks).
  useEffect(prefetchAfterLogin, []);

  // Already signed in: straight to the app.
  useEffect(() => {
    if (!getToken()) return;
    let live = true;
    checkToken().then((ok) => live && ok && navigate('/', { replace: true }));
    return () => {
      live = false;
    };
  }, [navigate]);

  const onSubmit = handleSubmit((v) => {
    setError(null);
    login.mutate(
      { email: v.email.trim().toLowerCase(), password: v.password },
      {
        onSuccess: () => navigate('/', { replace: true }),
        // Lockout (429) explains itself; every other failure reads the same, to reveal nothing.
        onError: (err) => setError(serverMessage(err, MSG.loginFailed, { only: [429] })),
      },
    );
  });

  return (
    <AuthLayout title="Connexion">
      <form ref={formRef} onSubmit={onSubmit} onChange={() => setError(null)} noValidate>
        {error && <Alert kind="error">{error}</Alert>}
        <Field label="Email" type="email" autoComplete="username" inputMode="email" {...field('email')} error={errors.email ?? undefined} />
        <Field label="Mot de passe" type="password" autoComplete="current-password" {...field('password')} error={errors.password ?? undefined} />
        <div className="form-links form-links-end">
          <Link to="/forgetpassword">Mot de passe oublié ?</Link>
        </div>
        <SubmitButton pending={login.isPending} disabled={!isValid} className="btn-block">
          Se connecter
        </SubmitButton>
        <p className="auth-alt">
          Pas de compte ? <Link to="/signup">Créer un compte</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
