// Sales home /vente (spec part 2 §2): the buttons historique (the sales history, index) and
// vente (new sale, /vente/vente) above the chosen screen.
import { NavLink, Outlet } from 'react-router-dom';
import '../ventes.css';

export default function VenteLayout() {
  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>Vente</h1>
        <nav className="tab-buttons" aria-label="Vente">
          <NavLink end to="/vente" className={({ isActive }) => (isActive ? 'btn btn-primary' : 'btn')}>
            historique
          </NavLink>
          <NavLink to="/vente/vente" className={({ isActive }) => (isActive ? 'btn btn-primary' : 'btn')}>
            vente
          </NavLink>
        </nav>
      </div>
      <Outlet />
    </section>
  );
}
