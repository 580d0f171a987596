// Forgotten password in three steps (spec part 1 §2, §4): emailverif → otpverif → resetpassword,
// then back to /login. A failed step stays where it is and shows its error.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MSG } from '@shared/messages/acces';
import { serverMessage } from '../../../lib/http';
import { useLightForm } from '../../../lib/use-light-form';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useCheckOtp } from '../api/check-otp';
import { useInitRecovery } from '../api/init-recovery';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/AuthLayout';
import { validateRecoveryCode, validateRecoveryEmail, validateRecoveryPassword } from '../validation';

type Step = 'emailverif' | 'otpverif' | 'resetpassword';

function EmailStep({ onDone }: { onDone: (email: string) => void }) {
  const init = useInitRecovery();
  const [error, setError] = useState<string | null>(null);
  const { field, handleSubmit, errors } = useLightForm({ email: '' }, validateRecoveryEmail, 'touched');
  const onSubmit = handleSubmit((v) => {
    setError(null);
    const email = v.email.trim().toLowerCase();
    init.mutate(email, {
      onSuccess: () => onDone(email),
      onError: (e) => setError(serverMessage(e, MSG.noAccountForEmail, { only: [429] })),
    });
  });
  return (
    <form onSubmit={onSubmit} onChange={() => setError(null)} noValidate>
      <p className="hint">Saisissez l'adresse email de votre compte pour recevoir un code de réinitialisation.</p>
      {error && <Alert kind="error">{error}</Alert>}
      <Field label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} error={errors.email ?? undefined} />
      <SubmitButton pending={init.isPending} className="btn-block">
        Suivant
      </SubmitButton>
    </form>
  );
}

function CodeStep({ email, onDone }: { email: string; onDone: (code: string) => void }) {
  const check = useCheckOtp();
  const [error, setError] = useState<string | null>(null);
  const { field, handleSubmit, errors, isValid } = useLightForm({ code: '' }, validateRecoveryCode, 'change');
  const onSubmit = handleSubmit((v) => {
    setError(null);
    check.mutate({ email, code: v.code }, { onSuccess: () => onDone(v.code), onError: (e) => setError(serverMessage(e, MSG.otpInvalid)) });
  });
  return (
    <form onSubmit={onSubmit} onChange={() => setError(null)} noValidate>
      <p className="hint">
        Un code à 4 chiffres a été envoyé à l'adresse email <strong>{email}</strong>. Saisissez-le ci-dessous.
      </p>
      {error && <Alert kind="error">{error}</Alert>}
      <Field
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        className="code-input"
        {...field('code')}
        error={errors.code ?? undefined}
      />
      <SubmitButton pending={check.isPending} disabled={!isValid} className="btn-block">
        Valider le code
      </SubmitButton>
    </form>
  );
}

function PasswordStep({ email, code, onDone }: { email: string; code: string; onDone: () => void }) {
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const [show, setShow] = useState(false);
  const { field, handleSubmit, errors, isValid } = useLightForm({ password: '', rpassword: '' }, validateRecoveryPassword, 'change');
  const onSubmit = handleSubmit((v) => {
    setError(null);
    // The spec words a failed reset itself, whatever the server's reason (a lost connection aside).
    reset.mutate({ email, code, password: v.password }, { onSuccess: onDone, onError: (e) => setError(serverMessage(e, MSG.resetFailed, { only: [] })) });
  });
  const type = show ? 'text' : 'password';
  return (
    <form onSubmit={onSubmit} onChange={() => setError(null)} noValidate>
      {error && <Alert kind="error">{error}</Alert>}
      <Field label="Nouveau mot de passe" type={type} autoComplete="new-password" {...field('password')} error={errors.password ?? undefined} />
      <Field label="Répéter le mot de passe" type={type} autoComplete="new-password" {...field('rpassword')} error={errors.rpassword ?? undefined} />
      <label className="checkbox">
        <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
        Afficher les mots de passe
      </label>
      <SubmitButton pending={reset.isPending} disabled={!isValid} className="btn-block">
        Réinitialiser
      </SubmitButton>
    </form>
  );
}

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('emailverif');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');

  return (
    <AuthLayout title="Mot de passe oublié">
      <ol className="steps" aria-label="Étapes">
        <li className={step === 'emailverif' ? 'current' : 'done'}>Email</li>
        <li className={step === 'otpverif' ? 'current' : step === 'resetpassword' ? 'done' : ''}>Code</li>
        <li className={step === 'resetpassword' ? 'current' : ''}>Mot de passe</li>
      </ol>
      {step === 'emailverif' && (
        <EmailStep
          onDone={(e) => {
            setEmail(e);
            setStep('otpverif');
          }}
        />
      )}
      {step === 'otpverif' && (
        <CodeStep
          email={email}
          onDone={(c) => {
            setCode(c);
            setStep('resetpassword');
          }}
        />
      )}
      {step === 'resetpassword' && (
        <PasswordStep
          email={email}
          code={code}
          onDone={() => {
            window.alert(MSG.passwordUpdated);
            navigate('/login', { replace: true });
          }}
        />
      )}
      <p className="auth-alt">
        <Link to="/login">Retour à la connexion</Link>
      </p>
    </AuthLayout>
  );
}
