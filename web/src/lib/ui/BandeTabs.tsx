// The tabs of a batch's screens: its entries (« Suivi », #/bande/:id), its health (« Santé »,
// #/bande/:id/sante) and, for a layer flock, its eggs (« Œufs », #/bande/:id/oeufs).
// Routes rather than one page's sections: each screen is its own chunk, loaded only when opened,
// and a link can open any of them. A broiler batch has no egg stock, hence no « Œufs » tab.
import { NavLink } from 'react-router-dom';

export function BandeTabs({ id, pondeuse = false }: { id: number; pondeuse?: boolean }) {
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'btn btn-primary' : 'btn');
  return (
    <nav className="tab-buttons bande-tabs no-print" aria-label="Vues de la bande">
      <NavLink end to={`/bande/${id}`} className={cls}>
        Suivi
      </NavLink>
      <NavLink end to={`/bande/${id}/sante`} className={cls} data-testid="tab-sante">
        Santé
      </NavLink>
      {pondeuse && (
        <NavLink end to={`/bande/${id}/oeufs`} className={cls} data-testid="tab-oeufs">
          Œufs
        </NavLink>
      )}
    </nav>
  );
}
