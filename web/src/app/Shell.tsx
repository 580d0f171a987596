// The authenticated shell (spec part 1 §2): left sidebar (slide-in at ≤ 700 px), header with the
// user's capitalised name and the person menu (Profil, Se deconnecter), screens in the content area.
import { Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { matchPath, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { FORBIDDEN_EVENT } from '../lib/http';
import { permissionQueryOptions, usePermission } from '../lib/api/check-permission';
import { capitalize } from '../lib/format';
import { useCustomer } from '../lib/use-customer';
import { OutboxSync } from '../lib/offline/OutboxSync';
import { FEATURES } from './features';
import { PageLoader } from '../lib/ui/PageLoader';
import { UserMenu } from './UserMenu';

type MenuEntry = NonNullable<(typeof FEATURES)[number]['menu']>;

const ALL_MENU: MenuEntry[] = FEATURES.flatMap((f) => (f.menu ? [f.menu] : [])).sort((a, b) => a.order - b.order);
const MENU = ALL_MENU.filter((m) => !m.operator);
/** The operator's account owns no business: it gets the console's entries and lands there. */
const OPERATOR_MENU = ALL_MENU.filter((m) => m.operator);
const OPERATOR_HOME = OPERATOR_MENU[0]?.to ?? '/profil';
/** The index feature's menu entry is also the current one on the empty path. */
const HOME_TO = FEATURES.find((f) => f.index)?.menu?.to;
/**
 * The right each screen needs, by its first path segment ('' = the index): a screen opened by
 * its address without the right shows a refusal instead of calling the API (the server refuses
 * anyway, 403); the index falls back to the first screen the user may open.
 */
const SCREEN_RIGHT = new Map<string, string>(
  FEATURES.flatMap((f) => {
    const right = f.right ?? (f.menu && !f.menu.operator ? f.menu.right : undefined);
    if (!right) return [];
    return f.index
      ? [
          [f.path, right],
          ['', right],
        ]
      : [[f.path, right]];
  }),
);

function FirstAllowed() {
  const answers = useQueries({ queries: MENU.map((m) => permissionQueryOptions(m.right)) });
  if (answers.some((a) => a.isPending)) return <PageLoader />;
  const first = MENU.find((_m, i) => answers[i].data === true);
  return <Navigate to={first?.to ?? '/profil'} replace />;
}

function RightGate({ right, index }: { right: string; index: boolean }) {
  const allowed = usePermission(right);
  // Rendered in the background once the answer arrives (see RequireAuth).
  const state = useDeferredValue(allowed.isPending ? 'pending' : allowed.data === true ? 'in' : 'out');
  if (state === 'pending') return <PageLoader />;
  if (state === 'in') return <Outlet />;
  if (index) return <FirstAllowed />;
  return (
    <section className="page" data-testid="no-access">
      <h1 className="page-title">Accès refusé</h1>
      <div className="alert alert-error" role="alert">
        Vous n'avez pas accès à cet écran. Demandez ce droit à l'administrateur de votre entreprise.
      </div>
    </section>
  );
}

function GatedOutlet() {
  const { pathname } = useLocation();
  const segment = pathname.split('/')[1] ?? '';
  const right = SCREEN_RIGHT.get(segment);
  if (!right) return <Outlet />;
  return <RightGate key={segment} right={right} index={segment === ''} />;
}

/** NavLink's rule, with the router's own matcher: the entry is current on its path and below it (`/bande` on `/bande/3`). */
const isCurrent = (to: string, pathname: string) => matchPath({ path: to, end: false }, pathname) !== null;

/**
 * A menu entry is a plain link to its hash route, navigated by the router on a plain click (a
 * modified click opens a tab as any link). Not React Router's NavLink: each one resolves its path
 * and builds a URL on every render, and the menu renders again with every rights answer and every
 * screen change; on a cheap phone its dozen links were the largest part of the shell's first render.
 */
function MenuLink({ entry, onNavigate }: { entry: MenuEntry; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = isCurrent(entry.to, pathname) || (entry.to === HOME_TO && pathname === '/');
  return (
    <li>
      <a
        href={`#${entry.to}`}
        className={current ? 'nav-link active' : 'nav-link'}
        aria-current={current ? 'page' : undefined}
        onClick={(e) => {
          onNavigate();
          if (e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          navigate(entry.to, { replace: entry.to === pathname });
        }}
      >
        {entry.label}
      </a>
    </li>
  );
}

function MenuItem({ entry, onNavigate }: { entry: MenuEntry; onNavigate: () => void }) {
  const allowed = usePermission(entry.right);
  if (allowed.data !== true) return null;
  return <MenuLink entry={entry} onNavigate={onNavigate} />;
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** After a refusal (a right removed meanwhile), the menu and the screen gate ask again at once. */
function useRecheckOnForbidden() {
  const qc = useQueryClient();
  useEffect(() => {
    const recheck = () => void qc.invalidateQueries({ queryKey: ['permission'] });
    window.addEventListener(FORBIDDEN_EVENT, recheck);
    return () => window.removeEventListener(FORBIDDEN_EVENT, recheck);
  }, [qc]);
}

export function Shell() {
  useRecheckOnForbidden();
  const customer = useCustomer();
  const location = useLocation();
  // The slide-in sidebar is open for the page it was opened on: navigating (menu, back button)
  // closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const sidebarOpen = openOn === location.pathname;
  const setSidebarOpen = (open: boolean) => setOpenOn(open ? location.pathname : null);
  const main = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const hamburger = useRef<HTMLButtonElement>(null);
  // Keyboard and screen-reader order: the slid-in menu takes the focus; closed by its button or the
  // backdrop it gives the focus back to the button that opened it; a menu link's screen gets it.
  useEffect(() => {
    if (sidebarOpen) closeButton.current?.focus();
  }, [sidebarOpen]);
  const closeSidebar = () => {
    setSidebarOpen(false);
    hamburger.current?.focus();
  };
  useEffect(() => {
    const inMenu = document.activeElement?.closest('#sidebar');
    if (inMenu) main.current?.focus();
  }, [location.pathname]);
  // For keyboard users: Escape closes the slide-in menu, and the keyboard goes back to the button that opened it.
  useEffect(() => {
    if (!sidebarOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || document.querySelector('[role="dialog"]')) return; // a dialog closes first
      setOpenOn(null);
      hamburger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sidebarOpen]);
  const name = [capitalize(customer?.prenom), capitalize(customer?.nom)].filter(Boolean).join(' ');
  const operator = customer?.role === 'super_admin' && customer.id_entreprise === 0;
  if (operator && location.pathname === '/') return <Navigate to={OPERATOR_HOME} replace />;

  return (
    <div className={sidebarOpen ? 'shell sidebar-open' : 'shell'}>
      {/* The keyboard's first stop: past the menu, straight to the screen. A link to "#contenu"
          would change the hash route, so it moves the focus itself. */}
      <a
        href="#contenu"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          main.current?.focus();
        }}
      >
        Aller au contenu
      </a>
      <aside className="sidebar" id="sidebar" aria-label="Menu principal">
        {/* On a wide screen the aside is a full-height column and this panel sticks to the viewport. */}
        <div className="sidebar-panel">
          <div className="sidebar-brand">
            <span className="brand-mark" aria-hidden="true" />
            Ganaar
            {/* The open sidebar covers the hamburger on a phone: it carries its own close button. */}
            <button type="button" ref={closeButton} className="icon-button sidebar-close" aria-label="Fermer le menu" onClick={closeSidebar}>
              <CloseIcon />
            </button>
          </div>
          <nav>
            <ul className="nav-list">
              {operator
                ? OPERATOR_MENU.map((m) => <MenuLink key={m.to} entry={m} onNavigate={() => setSidebarOpen(false)} />)
                : MENU.map((m) => <MenuItem key={m.to} entry={m} onNavigate={() => setSidebarOpen(false)} />)}
            </ul>
          </nav>
          {customer?.entreprise && <div className="sidebar-footer">{customer.entreprise}</div>}
        </div>
      </aside>
      {sidebarOpen && <div className="sidebar-backdrop" onClick={closeSidebar} aria-hidden="true" />}
      <div className="main">
        <header className="topbar">
          <button
            type="button"
            ref={hamburger}
            className="icon-button hamburger"
            aria-label="Ouvrir le menu"
            aria-controls="sidebar"
            aria-expanded={sidebarOpen}
            onClick={() => setSidebarOpen(!sidebarOpen)}
          >
            <MenuIcon />
          </button>
          <div className="topbar-spacer" />
          {!operator && <OutboxSync />}
          <span className="user-name" data-testid="user-name">
            {name}
          </span>
          <UserMenu />
        </header>
        <main className="content" id="contenu" ref={main} tabIndex={-1}>
          <Suspense fallback={<PageLoader />}>{operator ? <Outlet /> : <GatedOutlet />}</Suspense>
        </main>
      </div>
    </div>
  );
}
