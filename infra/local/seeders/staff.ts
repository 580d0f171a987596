// Demo staff and slaughters for `npm start`, once the demo business is on Professionnel
// (payments seeder): a vendeur limited to sales in the first shop, a production user (batches,
// slaughter, dashboard), a second shop, and two slaughter records split into weight categories.
// Everything goes through the public API.
import { createHash } from 'node:crypto';
import type { DemoSession } from './session';

export const DEMO_STAFF = {
  vendeur: { email: 'vendeur@ganaar.sn', password: 'vente1234' },
  production: { email: 'production@ganaar.sn', password: 'prod1234' },
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const only = (codes: string[]) =>
  ['dashboardav', 'bandav', 'clav', 'prav', 'commav', 'remav', 'boutav', 'ventav', 'abatav', 'utav'].map((c) => ({
    code_fonct: c,
    droit: codes.includes(c) ? 'r' : '',
  }));

export async function seedStaff(s: DemoSession): Promise<void> {
  await s.call('POST', '/api/boutique', { nom: 'Boutique Rufisque', adresse: 'Marché de Rufisque', telephone: '338003344' });
  await s.call('POST', '/api/user/create', {
    prenom: 'Fatou',
    nom: 'Sarr',
    telephone: '776543210',
    email: DEMO_STAFF.vendeur.email,
    password: sha256(DEMO_STAFF.vendeur.password),
    role: 'vendeur',
    id_boutique: 1,
    droit: only(['ventav']),
  });
  await s.call('POST', '/api/user/create', {
    prenom: 'Ibrahima',
    nom: 'Ba',
    telephone: '775556677',
    email: DEMO_STAFF.production.email,
    password: sha256(DEMO_STAFF.production.password),
    role: 'production',
    droit: only(['dashboardav', 'bandav', 'abatav']),
  });

  const bandes = await s.call<{ id: number; nom: string; statut: string }[]>('GET', '/api/bande');
  // The five-week batch: the young one of ./sante.ts is under a meat withdrawal (slaughter refused).
  const chair = bandes.find((b) => b.statut === 'ACTIVE' && b.nom === 'Chair — bâtiment A');
  if (!chair) return;
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86400_000).toISOString().slice(0, 10);
  await s.call('POST', '/api/bande/abatage', {
    id: -1,
    quantite: 40,
    id_bande: chair.id,
    date: day(-3),
    category: [
      { quantite: 25, poids_min: 1.6, poids_max: 1.9 },
      { quantite: 15, poids_min: 1.9, poids_max: 2.3 },
    ],
    deleted_categories_id: [],
  });
  await s.call('POST', '/api/bande/abatage', {
    id: -1,
    quantite: 30,
    id_bande: chair.id,
    date: day(-1),
    category: [
      { quantite: 10, poids_min: 1.5, poids_max: 1.8 },
      { quantite: 12, poids_min: 1.8, poids_max: 2.1 },
      { quantite: 8, poids_min: 2.1, poids_max: 2.5 },
    ],
    deleted_categories_id: [],
  });
}
