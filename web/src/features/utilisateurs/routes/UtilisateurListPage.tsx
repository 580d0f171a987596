// User list /utilisateur (spec part 2 §2): prenom, nom, email, role, and Détails (hidden for
// super_admin) leading to /utilisateur/nouveau/{id}; a button creates a user (id 0).
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import type { UserView } from '@shared/schemas/utilisateurs';
import { useUsers } from '../api/utilisateurs';

const COLUMNS: Column<UserView>[] = [
  { label: 'Prénom', cell: (u) => u.prenom, card: 'title' },
  { label: 'Nom', cell: (u) => u.nom, card: 'title' },
  { label: 'Email', cell: (u) => u.email, className: 'cell-break' },
  {
    label: 'Rôle',
    cell: (u) => (
      <>
        <span className="badge">{u.role}</span>
        {u.actif === false && <span className="badge badge-muted">Désactivé</span>}
      </>
    ),
  },
];

export default function UtilisateurListPage() {
  const users = useUsers();
  // The form comes back here with its success message (Utilisateur ajouté / modifié).
  const flash = (useLocation().state as { flash?: string } | null)?.flash;
  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>Utilisateurs</h1>
        <Link className="btn btn-primary" to="/utilisateur/nouveau/0">
          Nouvel utilisateur
        </Link>
      </div>
      {flash && <Alert kind="success">{flash}</Alert>}
      <DataTable
        columns={COLUMNS}
        page={{ rows: users.data ?? [] }}
        error={users.error}
        loading={users.isLoading}
        empty="Aucun utilisateur"
        testId="users-table"
        label="Utilisateurs"
        rowKey={(u) => u.id}
        actions={(u) =>
          u.role !== 'super_admin' && (
            <Link className="btn btn-small" to={`/utilisateur/nouveau/${u.id}`}>
              Détails
            </Link>
          )
        }
      />
    </section>
  );
}
