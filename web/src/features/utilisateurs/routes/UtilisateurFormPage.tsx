// User form /utilisateur/nouveau/{id} (spec part 2 §2, §5, §8): id 0 creates, otherwise shows and
// edits the user. Fields prenom, nom, telephone, email, password (creation only; SHA-256 in the
// browser; empty = a temporary password mailed by the server), role; the boutique select only for
// a vendeur; one rights checkbox per feature (a right the signed-in user lacks cannot be ticked;
// an admin holds every right). Valider or Modifier.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { UTILISATEUR_MSG } from '@shared/messages/utilisateurs';
import { z, email, requiredText, telephone } from '@shared/schemas/common';
import { USER_ROLES, type RightCode } from '@shared/rights';
import type { UserView } from '@shared/schemas/utilisateurs';
import { phoneForInput } from '@shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';
import { serverMessage, loadMessage } from '../../../lib/http';
import { useNationalPhone, withPhoneRule } from '../../../lib/phone-field';
import { PhoneField } from '../../../lib/ui/PhoneField';
import { sha256Hex } from '../../../lib/sha256';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable } from '../../../lib/ui/DataTable';
import { Field } from '../../../lib/ui/Field';
import { useBoutiquesForUsers, useFonctionnalites, useSaveUser, useUser } from '../api/utilisateurs';

const formSchema = z.object({
  prenom: requiredText('Prénom', 80),
  nom: requiredText('Nom', 80),
  telephone,
  email,
  password: z.optional(z.string().check(z.maxLength(200))),
  role: z.enum(USER_ROLES, { error: 'Rôle requis' }),
  id_boutique: z.optional(z.string()),
  actif: z.optional(z.boolean()),
});
type FormValues = z.input<typeof formSchema>;

const ROLE_LABEL: Record<string, string> = { vendeur: 'Vendeur', production: 'Production', admin: 'Administrateur' };

function UserForm({ user, boutiqueNom }: { user: UserView | null; boutiqueNom: string | null }) {
  const navigate = useNavigate();
  const save = useSaveUser();
  const features = useFonctionnalites();
  const [error, setError] = useState<string | null>(null);
  const [rights, setRights] = useState<Set<RightCode>>(() => new Set(user?.user_foncts.filter((f) => f.droit === 'r').map((f) => f.code_fonct) ?? []));
  // The phone rule (shared/phone.ts) in the business's country, as the server applies it.
  const country = usePhoneCountry();
  const { register, handleSubmit, control, formState, getFieldState, setValue } = useForm<FormValues>({
    resolver: withPhoneRule(zodResolver(formSchema), 'telephone', country, { required: true }),
    defaultValues: {
      prenom: user?.prenom ?? '',
      nom: user?.nom ?? '',
      telephone: phoneForInput(user?.telephone, country ?? null),
      email: user?.email ?? '',
      password: '',
      role: (user?.role === 'super_admin' ? 'admin' : user?.role) ?? 'vendeur',
      id_boutique: user?.id_boutique ? String(user.id_boutique) : '',
      actif: user?.actif !== false,
    },
  });
  useNationalPhone(getFieldState, setValue, 'telephone', user?.telephone, country);
  const role = useWatch({ control, name: 'role' });
  const boutiques = useBoutiquesForUsers(role === 'vendeur');
  const e = formState.errors;

  const toggle = (code: RightCode, on: boolean) =>
    setRights((prev) => {
      const next = new Set(prev);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });

  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    const droit = (features.data ?? []).map((f) => ({ code_fonct: f.code, droit: (role === 'admin' || rights.has(f.code) ? 'r' : '') as 'r' | '' }));
    const body = {
      prenom: v.prenom,
      nom: v.nom,
      telephone: v.telephone,
      email: v.email,
      role: v.role,
      id_boutique: v.role === 'vendeur' && v.id_boutique ? Number(v.id_boutique) : null,
      droit,
      ...(user ? { id: user.id, actif: v.actif !== false } : v.password ? { password: await sha256Hex(v.password) } : {}),
    };
    save.mutate(body, {
      onSuccess: (r) => navigate('/utilisateur', { state: { flash: r.message } }),
      onError: (err) =>
        setError(
          serverMessage(err, user ? UTILISATEUR_MSG.updateFailed : UTILISATEUR_MSG.addFailed, {
            byStatus: { 412: UTILISATEUR_MSG.exists, 422: UTILISATEUR_MSG.limit },
          }),
        ),
    });
  });

  return (
    <form className="card" onSubmit={onSubmit} noValidate>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="form-grid">
        <Field label="Prénom" autoComplete="off" {...register('prenom')} error={e.prenom?.message} />
        <Field label="Nom" autoComplete="off" {...register('nom')} error={e.nom?.message} />
        <PhoneField country={country} {...register('telephone')} error={e.telephone?.message} />
        <Field label="Email" type="email" autoComplete="off" {...register('email')} error={e.email?.message} />
        {!user && <Field label="Mot de passe" type="password" autoComplete="new-password" {...register('password')} error={e.password?.message} />}
        <div className="field">
          <label htmlFor="f-role">Rôle</label>
          <select id="f-role" {...register('role')}>
            {USER_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </div>
        {user && (
          <div className="field">
            <label>
              <input type="checkbox" {...register('actif')} /> Compte actif
            </label>
            <span className="muted small">Décoché : l'utilisateur ne peut plus se connecter et ses sessions se ferment.</span>
          </div>
        )}
        {role === 'vendeur' && (
          <div className="field">
            <label htmlFor="f-id_boutique">Boutique</label>
            <select id="f-id_boutique" {...register('id_boutique')}>
              <option value="">— Première boutique —</option>
              {boutiques.data
                ? boutiques.data.map((b) => (
                    <option key={b.id} value={String(b.id)}>
                      {b.nom}
                    </option>
                  ))
                : user?.id_boutique && <option value={String(user.id_boutique)}>{boutiqueNom ?? `Boutique ${user.id_boutique}`}</option>}
            </select>
          </div>
        )}
      </div>
      {!user && <p className="muted small">Mot de passe vide : un mot de passe temporaire est envoyé par e-mail à l'utilisateur.</p>}
      <h2>Droits</h2>
      {role === 'admin' && <p className="muted small">Un administrateur a tous les droits.</p>}
      <DataTable
        bare
        columns={[
          { label: 'Fonctionnalité', cell: (f) => <label htmlFor={`droit-${f.code}`}>{f.nom}</label>, className: 'wrap' },
          {
            label: 'Accès',
            cell: (f) => (
              <input
                id={`droit-${f.code}`}
                type="checkbox"
                className="cell-checkbox"
                data-code={f.code}
                checked={role === 'admin' || rights.has(f.code)}
                disabled={role === 'admin' || !f.accordable}
                title={f.accordable ? undefined : 'Vous ne détenez pas ce droit'}
                onChange={(ev) => toggle(f.code, ev.target.checked)}
              />
            ),
          },
        ]}
        page={{ rows: features.data ?? [] }}
        loading={features.isLoading}
        testId="rights-table"
        label="Droits"
        rowKey={(f) => f.code}
        // Two narrow columns (a name and its checkbox): a table fits a phone, and reads as a form.
        layout="table"
      />
      <div className="modal-actions">
        <Link className="btn" to="/utilisateur">
          Retour
        </Link>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Chargement…' : user ? 'Modifier' : 'Valider'}
        </button>
      </div>
    </form>
  );
}

export default function UtilisateurFormPage() {
  const id = Number(useParams().id ?? 0) || 0;
  const detail = useUser(id);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);
  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>{id ? 'Utilisateur' : 'Nouvel utilisateur'}</h1>
      </div>
      {id > 0 && detail.isLoading && <p className="muted">Chargement…</p>}
      {id > 0 && detail.error && <Alert kind="error">{loadMessage(detail.error)}</Alert>}
      {(id === 0 || detail.data) && <UserForm key={id} user={detail.data?.user ?? null} boutiqueNom={detail.data?.boutique?.nom ?? null} />}
    </section>
  );
}
