// Product home /produit (spec part 2 §2): the buttons Produit (product list, the index) and
// liste reappro (restock list, /produit/liste) above the chosen screen. The third button,
// Produit en ligne, belongs to the online-products issue and appears with that screen.
import { TabbedPage } from '../../../lib/ui/TabbedPage';

export default function ProduitLayout() {
  return (
    <TabbedPage
      title="Produits"
      tabs={[
        { to: '/produit', label: 'Produit', end: true },
        { to: '/produit/liste', label: 'liste reappro' },
      ]}
    />
  );
}
