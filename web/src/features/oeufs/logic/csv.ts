// The eggs page's CSV (decision 0249): every movement of the flock's egg stock, its
// eggs said both ways (signed eggs, and trays of 30 plus eggs as the cards say them), so a farmer
// reads it as trays and a spreadsheet sums the eggs.
import { CALIBRES, NOMS_CALIBRES, formatPlateaux } from '@shared/formulas/oeufs';
import { OEUFS_ECRAN } from '@shared/messages/oeufs-ecran';
import type { MouvementOeufsVue } from '@shared/schemas/oeufs';
import type { CsvColumn } from '../../../lib/csv';

/** A collection's sizes (« M 60 · L 60 »), an exit's size, or nothing. */
export function calibresMouvement(m: MouvementOeufsVue, vide = ''): string {
  if (m.calibres) {
    const parts = CALIBRES.filter((c) => m.calibres![c] > 0).map((c) => `${NOMS_CALIBRES[c]} ${m.calibres![c]}`);
    return parts.length ? parts.join(' · ') : vide;
  }
  return m.calibre ? NOMS_CALIBRES[m.calibre] : vide;
}

/** What the movement is, beyond its kind: a move's product, a breakage's reason, held-apart eggs. */
export function detailMouvement(m: MouvementOeufsVue): string {
  if (m.genre === 'transfert' && m.produit) return `→ ${m.produit.nom}${m.unites_produit ? ` (+${m.unites_produit})` : ''}`;
  if (m.genre === 'casse') return m.motif ?? '';
  if (m.non_commercialisable) return 'Mis à l’écart (retrait sanitaire)';
  return '';
}

export const MOUVEMENTS_OEUFS_CSV: readonly CsvColumn<MouvementOeufsVue>[] = [
  { label: 'Date', value: (m) => m.date, date: true },
  { label: 'Mouvement', value: (m) => OEUFS_ECRAN.genres[m.genre] ?? m.genre },
  { label: 'Œufs', value: (m) => m.oeufs },
  // Unsigned (a leading « - » would be quoted as a formula by the CSV helper): the kind says the way.
  { label: 'Plateaux et œufs', value: (m) => formatPlateaux(Math.abs(m.oeufs)) },
  { label: 'Calibre', value: (m) => calibresMouvement(m) },
  { label: 'Détail', value: (m) => detailMouvement(m) },
  { label: 'État', value: (m) => (m.etat === 'DELETED' ? 'Annulé' : 'Validé') },
];
