// The tabs of a batch's screens: its entries (« Suivi », #/bande/:id) and its health (« Santé »,
// #/bande/:id/sante). Two routes rather than one page's sections: the health screen is its own
// chunk, loaded only when opened, and a link can open either.
import { NavLink } from 'react-router-dom';

export function BandeTabs({ id }: { id: number }) {
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'btn btn-primary' : 'btn');
  return (
    <nav className="tab-buttons bande-tabs no-print" aria-label="Vues de la bande">
      <NavLink end to={`/bande/${id}`} className={cls}>
        Suivi
      </NavLink>
      <NavLink end to={`/bande/${id}/sante`} className={cls} data-testid="tab-sante">
        Santé
      </NavLink>
    </nav>
  );
}
