// Profile page (/profil, spec part 1 §2): password change and personal information, read from and
// written back to the stored customer. Messages clear after 5 s.
import { lazy, Suspense } from 'react';
import { serverMessage } from '../../../lib/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { MSG } from '@shared/messages/acces';
import { useCustomer } from '../../../lib/use-customer';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useUpdatePassword } from '../api/update-password';
import { useUpdateProfile } from '../api/update-profile';
import { passwordFormSchema, profileFormSchema, type PasswordFormValues, type ProfileFormValues } from '../schemas';

// Web Push on this device: its own chunk, fetched with this screen only.
const NotificationsCard = lazy(() => import('../components/NotificationsCard'));

type Msg = { kind: 'success' | 'error'; text: string };

function PasswordForm({ role }: { role: string }) {
  const update = useUpdatePassword();
  const [message, show] = useTimedMessage<Msg>();
  const { register, handleSubmit, formState, reset, control } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    mode: 'onTouched',
    defaultValues: { oldPassword: '', newPassword: '', repeatPassword: '' },
  });
  const [oldPassword, newPassword, repeatPassword] = useWatch({ control, name: ['oldPassword', 'newPassword', 'repeatPassword'] });
  const ready = !!oldPassword && !!newPassword && newPassword === repeatPassword;

  const onSubmit = handleSubmit((v) => {
    update.mutate(
      { role, oldPassword: v.oldPassword, newPassword: v.newPassword },
      {
        onSuccess: () => {
          reset();
          show({ kind: 'success', text: MSG.passwordUpdated });
        },
        onError: (err) => show({ kind: 'error', text: serverMessage(err, MSG.passwordUpdateFailed) }),
      },
    );
  });

  return (
    <section className="card" aria-labelledby="pwd-title">
      <h2 id="pwd-title">Modification de mot de passe</h2>
      <form onSubmit={onSubmit} noValidate>
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <Field
          label="Ancien mot de passe"
          id="p-old"
          type="password"
          autoComplete="current-password"
          {...register('oldPassword')}
          error={formState.errors.oldPassword?.message}
        />
        <Field
          label="Nouveau mot de passe"
          id="p-new"
          type="password"
          autoComplete="new-password"
          {...register('newPassword')}
          error={formState.errors.newPassword?.message}
        />
        <Field
          label="Répéter le nouveau mot de passe"
          id="p-repeat"
          type="password"
          autoComplete="new-password"
          {...register('repeatPassword')}
          error={formState.errors.repeatPassword?.message}
        />
        <SubmitButton pending={update.isPending} disabled={!ready}>
          Modifier le mot de passe
        </SubmitButton>
      </form>
    </section>
  );
}

function InfoForm({ prenom, nom, email }: ProfileFormValues) {
  const update = useUpdateProfile();
  const [message, show] = useTimedMessage<Msg>();
  const { register, handleSubmit, formState } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: { prenom, nom, email },
  });
  const onSubmit = handleSubmit((v) => {
    update.mutate(v, {
      onSuccess: () => show({ kind: 'success', text: MSG.profileUpdated }),
      onError: (err) => show({ kind: 'error', text: serverMessage(err, MSG.profileUpdateFailed) }),
    });
  });
  return (
    <section className="card" aria-labelledby="info-title">
      <h2 id="info-title">Informations personnelles</h2>
      <form onSubmit={onSubmit} noValidate>
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <Field label="Prénom" id="i-prenom" autoComplete="given-name" {...register('prenom')} error={formState.errors.prenom?.message} />
        <Field label="Nom" id="i-nom" autoComplete="family-name" {...register('nom')} error={formState.errors.nom?.message} />
        <Field label="Email" id="i-email" type="email" readOnly {...register('email')} error={formState.errors.email?.message} />
        <SubmitButton pending={update.isPending}>Enregistrer</SubmitButton>
      </form>
    </section>
  );
}

export default function ProfilPage() {
  const customer = useCustomer();
  return (
    <div className="page">
      <h1 className="page-title">Profil</h1>
      <div className="cards-2">
        <PasswordForm role={customer?.role ?? 'admin'} />
        <InfoForm prenom={customer?.prenom ?? ''} nom={customer?.nom ?? ''} email={customer?.email ?? ''} />
        <Suspense fallback={null}>
          <NotificationsCard />
        </Suspense>
      </div>
    </div>
  );
}
