// Product home /produit (spec part 2 §2): the buttons Produit (product list, the index),
// liste reappro (restock list, /produit/liste) and Produit en ligne (/produit/online) above the
// chosen screen.
import { TabbedPage } from '../../../lib/ui/TabbedPage';

export default function ProduitLayout() {
  return (
    <TabbedPage
      title="Produits"
      tabs={[
        { to: '/produit', label: 'Produit', end: true },
        { to: '/produit/liste', label: 'Liste réappro' },
        { to: '/produit/online', label: 'Produit en ligne' },
      ]}
    />
  );
}
