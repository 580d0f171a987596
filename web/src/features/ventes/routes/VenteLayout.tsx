// Sales home /vente (spec part 2 §2): the buttons historique (the sales history, index) and
// vente (new sale, /vente/vente) above the chosen screen.
import { TabbedPage } from '../../../lib/ui/TabbedPage';
import '../ventes.css';

export default function VenteLayout() {
  return (
    <TabbedPage
      title="Vente"
      tabs={[
        { to: '/vente', label: 'Historique', end: true },
        { to: '/vente/vente', label: 'Vente' },
      ]}
    />
  );
}
