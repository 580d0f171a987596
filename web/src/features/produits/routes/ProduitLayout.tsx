// Product home /produit (spec part 2 §2): the buttons Produit (product list, the index) and
// liste reappro (restock list, /produit/liste) above the chosen screen. The third button,
// Produit en ligne, belongs to the online-products issue and appears with that screen.
import { NavLink, Outlet } from 'react-router-dom';

export default function ProduitLayout() {
  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>Produits</h1>
        <nav className="tab-buttons" aria-label="Produits">
          <NavLink end to="/produit" className={({ isActive }) => (isActive ? 'btn btn-primary' : 'btn')}>
            Produit
          </NavLink>
          <NavLink to="/produit/liste" className={({ isActive }) => (isActive ? 'btn btn-primary' : 'btn')}>
            liste reappro
          </NavLink>
        </nav>
      </div>
      <Outlet />
    </section>
  );
}
