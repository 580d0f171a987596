// A page whose header holds its title and tab buttons (NavLinks), the chosen child screen below:
// the product home (Produit / liste reappro) and the sales home (historique / vente).
import { NavLink, Outlet } from 'react-router-dom';

export interface Tab {
  to: string;
  label: string;
  /** Active only on exactly this path (the index tab). */
  end?: boolean;
}

export function TabbedPage({ title, tabs }: { title: string; tabs: Tab[] }) {
  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>{title}</h1>
        <nav className="tab-buttons" aria-label={title}>
          {tabs.map((t) => (
            <NavLink key={t.to} end={t.end} to={t.to} className={({ isActive }) => (isActive ? 'btn btn-primary' : 'btn')}>
              {t.label}
            </NavLink>
          ))}
        </nav>
      </div>
      <Outlet />
    </section>
  );
}
