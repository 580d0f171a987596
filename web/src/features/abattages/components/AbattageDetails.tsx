// Slaughter details dialog (spec part 2 §2): number of subjects, date, number of categories and
// the category table (quantity, min weight, max weight), and the shop product each
// category became and whether the record was cancelled.
import type { Abattage, Categorie } from '@shared/schemas/abattages';
import { PRODUCTION_MSG } from '@shared/messages/production';
import { formatDate, formatNumber } from '../../../lib/format';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { Modal } from '../../../lib/ui/Modal';

const COLUMNS: Column<Categorie>[] = [
  { label: 'Quantité', cell: (c) => formatNumber(c.quantite), className: 'num' },
  { label: 'Poids min (kg)', cell: (c) => formatNumber(c.poids_min), className: 'num' },
  { label: 'Poids max (kg)', cell: (c) => formatNumber(c.poids_max), className: 'num' },
  { label: 'Produit', cell: (c) => c.produit?.nom ?? PRODUCTION_MSG.aucunProduit, className: 'wrap' },
];

/** The shop products a slaughter's categories became, each named once (« Poulet PAC, Poulet découpé »). */
export function produitsDe(a: Abattage): string {
  return [...new Set(a.categories.map((c) => c.produit?.nom).filter((n): n is string => !!n))].join(', ');
}

export function AbattageDetails({ abatage, onClose }: { abatage: Abattage; onClose: () => void }) {
  return (
    <Modal title="Détails de l'abattage" onClose={onClose}>
      <dl className="info-list" data-testid="abatage-details">
        <dt>Nombre de sujets</dt>
        <dd>{formatNumber(abatage.quantite)}</dd>
        <dt>Bande</dt>
        <dd>{abatage.bande.nom}</dd>
        <dt>Date d'abattage</dt>
        <dd>{formatDate(abatage.date)}</dd>
        <dt>Nombre de catégories</dt>
        <dd>{abatage.categories.length}</dd>
        {abatage.etat === 'DELETED' && (
          <>
            <dt>État</dt>
            <dd>Annulé</dd>
          </>
        )}
      </dl>
      <DataTable bare columns={COLUMNS} page={{ rows: abatage.categories }} empty="Aucune catégorie" label="Catégories" rowKey={(c) => c.id} />
    </Modal>
  );
}
