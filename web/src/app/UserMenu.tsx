// The person menu of the shell's header (spec part 1 §2): Profil and Se déconnecter; signing out
// with entries typed offline and not sent yet asks first.
import { useEffect, useRef, useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { useLogout } from '../lib/api/logout';
import { useOutbox } from '../lib/offline/outbox';
import { ConfirmDialog } from '../lib/ui/ConfirmDialog';

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function UserMenu() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const logout = useLogout(() => navigate('/login', { replace: true }));
  // Entries typed offline and not written yet: signing out asks first (they stay on this device
  // and leave at this user's next sign-in).
  const unsent = useOutbox().length;
  const [warn, setWarn] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={ref}>
      <button type="button" className="icon-button" aria-label="Menu du compte" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <PersonIcon />
      </button>
      {open && (
        <div className="user-menu-popup" role="menu">
          <NavLink role="menuitem" to="/profil" className="user-menu-item" onClick={() => setOpen(false)}>
            Profil
          </NavLink>
          <button
            type="button"
            role="menuitem"
            className="user-menu-item"
            disabled={logout.isPending}
            onClick={() => (unsent ? (setWarn(true), setOpen(false)) : logout.mutate())}
          >
            {logout.isPending ? 'Chargement…' : 'Se déconnecter'}
          </button>
        </div>
      )}
      {warn && (
        <ConfirmDialog
          title="Saisies non envoyées"
          question={`${unsent} saisie(s) faite(s) sans connexion ne sont pas encore enregistrées sur le serveur. Elles restent sur cet appareil et partiront à votre prochaine connexion. Se déconnecter quand même ?`}
          confirmLabel="Se déconnecter"
          pending={logout.isPending}
          error={null}
          onConfirm={() => logout.mutate()}
          onClose={() => setWarn(false)}
        />
      )}
    </div>
  );
}
