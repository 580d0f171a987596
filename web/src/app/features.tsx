// THE extension point of the shell: every screen under the authenticated shell registers here,
// one entry per feature, and nowhere else (router and menu are built from this list).
//
//   {
//     path: 'bande',                                   // child path under the shell (no leading /)
//     element: lazy(() => import('../features/bandes/routes/BandeListPage')),  // default export
//     menu: { to: '/bande', label: 'Bandes', right: 'bandav', order: 2 },     // optional menu entry,
//                                                      // shown only if checkPermission(right:r) = yes
//     index: true,                                     // optional: also the shell's empty path (/)
//     children: [                                      // optional nested routes; the parent element
//       { index: true, element: lazy(...) },           // then renders <Outlet /> for them
//       { path: 'liste', element: lazy(...) },
//     ],
//   }
//
// Menu order follows the spec's table (part 1 §2): Accueil 1, Bandes 2, Clients 3, Produits 4,
// E-commerce 5, Remboursement 6, Boutiques 7, Vente 8, Abattage 9, Utilisateurs 10, Paiement 11;
// « Aliment » (decision 0239) is 2.5, right after the batches it feeds; « Relances »
// (decision 0274) is 3.1, right after the clients it follows.
// Screens not built yet are simply absent (no placeholders). At most one entry has `index: true`;
// without one, the shell's empty path goes to /profil.
import { lazy, type ComponentType } from 'react';
import { lazyScreen } from './lazy-screen';

/** A lazy screen; `preload` (lazyScreen) loads it ahead of its first render. */
type Screen = ComponentType & { preload?: () => Promise<unknown> };

export interface FeatureChild {
  path?: string;
  index?: boolean;
  element: Screen;
}

export interface FeatureEntry {
  path: string;
  element?: Screen;
  children?: FeatureChild[];
  /** `operator`: an entry of the SaaS operator's console, shown to the operator account only
   * (which sees no business entry); `right` is then not checked (the server checks the role). */
  menu?: { to: string; label: string; right: string; order: number; operator?: true };
  /** The right a screen without a menu entry needs (the shell refuses it by address otherwise). */
  right?: string;
  index?: boolean;
}

export const FEATURES: FeatureEntry[] = [
  { path: 'profil', element: lazy(() => import('../features/profil/routes/ProfilPage')) },
  // Entries typed offline: pending and "À corriger"; reached from the header's badge.
  { path: 'synchro', element: lazy(() => import('../features/synchro/routes/SynchroPage')) },
  // ── dashboard and batches (spec part 1 §2) ──
  {
    path: 'dashboard',
    index: true,
    // Loaded during the login, so the dashboard renders without suspending.
    element: lazyScreen(() => import('../features/tableau-de-bord/routes/TableauDeBordPage')),
    menu: { to: '/dashboard', label: 'Accueil', right: 'dashboardav', order: 1 },
  },
  {
    path: 'bande',
    children: [
      { index: true, element: lazy(() => import('../features/bandes/routes/BandeListPage')) },
      { path: ':id', element: lazy(() => import('../features/bandes/routes/BandeDetailPage')) },
      { path: ':id/rapport', element: lazy(() => import('./documents/routes/RapportBandePage')) },
      // The batch's « Santé » tab: its calendar and treatments, a chunk of its own.
      { path: ':id/sante', element: lazy(() => import('../features/sante/routes/SanteBandePage')) },
      // A layer flock's « Œufs » tab: its egg stock, moves to the shop and breakage.
      { path: ':id/oeufs', element: lazy(() => import('../features/oeufs/routes/OeufsBandePage')) },
    ],
    menu: { to: '/bande', label: 'Bandes', right: 'bandav', order: 2 },
  },
  {
    // The daily round: a batch's day after another, offline; right after « Bandes » in
    // the menu (order 2.1, decision 0240), the screen a farmer opens first in the morning.
    path: 'tournee',
    element: lazy(() => import('../features/tournee/routes/TourneePage')),
    menu: { to: '/tournee', label: 'Tournée du jour', right: 'bandav', order: 2.1 },
  },
  {
    // The farm's feed store: stock, purchases, consumptions; under the batches' right.
    path: 'aliment',
    element: lazy(() => import('../features/aliment/routes/AlimentPage')),
    menu: { to: '/aliment', label: 'Aliment', right: 'bandav', order: 2.5 },
  },
  {
    // Health plans: reached from the batch list's « Plans de santé », under the batches' right.
    path: 'sante',
    children: [
      { path: 'plans', element: lazy(() => import('../features/sante/routes/PlansPage')) },
      { path: 'plans/:id', element: lazy(() => import('../features/sante/routes/PlanEditorPage')) },
    ],
    right: 'bandav',
  },
  // ── shop (spec part 2 §2) ──
  {
    path: 'client',
    children: [
      { index: true, element: lazy(() => import('../features/clients/routes/ClientListPage')) },
      // A client's statement: a printable document, reached from the client's row.
      { path: ':id/releve', element: lazy(() => import('./documents/routes/ReleveClientPage')) },
    ],
    menu: { to: '/client', label: 'Clients', right: 'clav', order: 3 },
  },
  {
    // The debt follow-up, right after the clients it follows (order 3.1, decision 0274).
    path: 'relances',
    element: lazy(() => import('../features/releve/routes/RelancesPage')),
    menu: { to: '/relances', label: 'Relances', right: 'clav', order: 3.1 },
  },
  {
    path: 'produit',
    element: lazy(() => import('../features/produits/routes/ProduitLayout')),
    children: [
      { index: true, element: lazy(() => import('../features/produits/routes/ProduitListPage')) },
      { path: 'liste', element: lazy(() => import('../features/produits/routes/ReapproListPage')) },
      { path: 'online', element: lazy(() => import('../features/produits/routes/ProduitEcomListPage')) },
    ],
    menu: { to: '/produit', label: 'Produits', right: 'prav', order: 4 },
  },
  {
    path: 'ecommerce',
    element: lazy(() => import('../features/ecommerce/routes/CommandeEcomListPage')),
    menu: { to: '/ecommerce', label: 'E-commerce', right: 'prav', order: 5 },
  },
  {
    // Not in the spec's menu: reached from the client list; the entry (right commav) makes the
    // orders reachable for staff without the client right (docs/decisions.md).
    path: 'commande',
    children: [
      { index: true, element: lazy(() => import('../features/commandes/routes/CommandeListPage')) },
      { path: ':numero_commande', element: lazy(() => import('../features/commandes/routes/CommandeDetailPage')) },
    ],
    menu: { to: '/commande', label: 'Commandes', right: 'commav', order: 4.5 },
  },
  {
    path: 'versement',
    element: lazy(() => import('../features/versements/routes/VersementListPage')),
    menu: { to: '/versement', label: 'Remboursement', right: 'remav', order: 6 },
  },
  {
    path: 'boutique',
    element: lazy(() => import('../features/boutiques/routes/BoutiqueListPage')),
    menu: { to: '/boutique', label: 'Boutiques', right: 'boutav', order: 7 },
  },
  {
    path: 'vente',
    element: lazy(() => import('../features/ventes/routes/VenteLayout')),
    children: [
      { index: true, element: lazy(() => import('../features/ventes/routes/VenteHistoriquePage')) },
      { path: 'vente', element: lazy(() => import('../features/ventes/routes/VenteFormPage')) },
    ],
    menu: { to: '/vente', label: 'Vente', right: 'ventav', order: 8 },
  },
  // ── slaughter (spec part 2 §2) ──
  {
    path: 'abatage',
    element: lazy(() => import('../features/abattages/routes/AbattageListPage')),
    menu: { to: '/abatage', label: 'Abattage', right: 'abatav', order: 9 },
  },
  {
    path: 'newabatage',
    children: [
      { index: true, element: lazy(() => import('../features/abattages/routes/AbattageFormPage')) },
      { path: ':id', element: lazy(() => import('../features/abattages/routes/AbattageFormPage')) },
    ],
    right: 'abatav',
  },
  // ── users and rights (spec part 2 §2) ──
  {
    path: 'utilisateur',
    children: [
      { index: true, element: lazy(() => import('../features/utilisateurs/routes/UtilisateurListPage')) },
      { path: 'nouveau/:id', element: lazy(() => import('../features/utilisateurs/routes/UtilisateurFormPage')) },
    ],
    menu: { to: '/utilisateur', label: 'Utilisateurs', right: 'utav', order: 10 },
  },
  // ── printable receipts and invoices, reached from the screens that save them ──
  { path: 'recu/vente/:jour/:transaction', element: lazy(() => import('./documents/routes/RecuVentePage')) },
  { path: 'recu/versement/:id', element: lazy(() => import('./documents/routes/RecuVersementPage')) },
  { path: 'facture/:numero', element: lazy(() => import('./documents/routes/FactureCommandePage')) },
  // ── subscription and payment (spec part 2 §2: plan page, payment dialog) ──
  {
    path: 'plan',
    element: lazy(() => import('../features/paiements/routes/PlanPage')),
    menu: { to: '/plan', label: 'Paiement', right: 'utav', order: 11 },
  },
  // ── the SaaS operator's console (role super_admin; docs/decisions.md) ──
  {
    path: 'operateur',
    element: lazy(() => import('../features/operateur/routes/OperateurLayout')),
    children: [
      { index: true, element: lazy(() => import('../features/operateur/routes/EntrepriseListPage')) },
      { path: 'paiements', element: lazy(() => import('../features/operateur/routes/PaiementListPage')) },
      { path: 'revenus', element: lazy(() => import('../features/operateur/routes/RevenusPage')) },
      { path: 'journal', element: lazy(() => import('../features/operateur/routes/JournalPage')) },
    ],
    menu: { to: '/operateur', label: 'Console opérateur', right: 'operator', order: 1, operator: true },
  },
];
