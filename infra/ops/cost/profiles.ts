// The three farms `npm run cost` prices: what each does in a month, counted in requests of the
// routes the bench measures (docs/measures.json, names as there). One place, each figure with its
// why. A month is 30 days. The small farm is a Démarrage farm, the medium one a Professionnel
// farm, the large one an Entreprise farm: each is priced against that plan.
import type { PlanCode } from '@shared/plans';

export interface FarmProfile {
  key: 'petite' | 'moyenne' | 'grande';
  label: string;
  plan: PlanCode;
  why: string;
  /** Requests per month, by the measure's name in docs/measures.json. */
  requests: Record<string, number>;
  /** Product photos uploaded in a month (each stored full and small in S3). */
  photos: number;
  /** E-mails sent in a month (a payment receipt; a password recovery now and then). */
  emails: number;
  /** Subscription payments in a month. */
  payments: number;
  /** Full downloads of the web app in a month (first visit, a new version on each phone), and storefront pages opened by buyers (images from CloudFront). */
  appDownloads: number;
  storefrontViews: number;
  /** Mornings a month the 06:00 summary job works for this farm (a phone subscribed to it). */
  morningSummaries: number;
}

const D = 30;

export const PROFILES: readonly FarmProfile[] = [
  {
    key: 'petite',
    label: 'Petite ferme',
    plan: 'db1',
    why: 'one broiler or layer batch, one user on one phone, a few shop sales a day, no online shop',
    requests: {
      // A 72 h session (infra/cdk/settings.ts tokenTtlHours): a login every three days.
      'POST /api/login': 10,
      // The home screen twice a day, the batch once a day.
      'GET /api/dashboard/periode/{debut}/{fin}': 2 * D,
      'GET /api/bande/{id}': D,
      // The daily round: a loss most days, feed and care bought weekly, a weighing a week.
      'POST /api/bande/perte': 25,
      'POST /api/bande/depense': 6,
      'POST /api/bande/pesage': 4,
      'POST /api/bande/collect': 0,
      'POST /api/bande/vente': 4,
      // « a few sales a day »: 5, and the day's list read once.
      'POST /api/vente': 5 * D,
      'POST /api/vente/boutique': D,
      'POST /api/initMensualitePaiement': 1,
      'payment flow (Wave webhook → granted)': 1,
    },
    photos: 0,
    emails: 2,
    payments: 1,
    appDownloads: 4,
    storefrontViews: 0,
    morningSummaries: D,
  },
  {
    key: 'moyenne',
    label: 'Ferme moyenne',
    plan: 'pro',
    why: 'three batches (one of layers), three users, one shop with 20 sales a day, 5 products online and 30 online orders a month',
    requests: {
      'POST /api/login': 3 * 10,
      'GET /api/dashboard/periode/{debut}/{fin}': 3 * 2 * D,
      'GET /api/bande/{id}': 3 * 2 * D,
      'POST /api/bande/perte': 3 * 25,
      'POST /api/bande/depense': 3 * 6,
      'POST /api/bande/pesage': 2 * 4,
      // The layer batch: one collection a day.
      'POST /api/bande/collect': D,
      'POST /api/bande/vente': 3 * 4,
      'POST /api/vente': 20 * D,
      'POST /api/vente/boutique': 2 * D,
      'POST /api/produit/saveEcomImage': 2,
      // Buyers of its town open the storefront; 30 of them order, each order delivered then listed.
      'GET /api/vitrine/produits': 600,
      'POST /api/vitrine/commande': 30,
      'GET /api/produit/onlineCommande': D,
      'GET /api/produit/marquerCommeLivrer/{id}': 30,
      'POST /api/initMensualitePaiement': 1,
      'payment flow (Wave webhook → granted)': 1,
    },
    photos: 2,
    emails: 3,
    payments: 1,
    appDownloads: 12,
    storefrontViews: 600,
    morningSummaries: D,
  },
  {
    key: 'grande',
    label: 'Grande ferme',
    plan: 'ent',
    why: 'eight batches (three of layers), ten users, three shops with 100 sales a day in all, 20 products online and 300 online orders a month',
    requests: {
      'POST /api/login': 10 * 10,
      'GET /api/dashboard/periode/{debut}/{fin}': 10 * 2 * D,
      'GET /api/bande/{id}': 8 * 3 * D,
      'POST /api/bande/perte': 8 * 25,
      'POST /api/bande/depense': 8 * 6,
      'POST /api/bande/pesage': 5 * 4,
      'POST /api/bande/collect': 3 * D,
      'POST /api/bande/vente': 8 * 4,
      'POST /api/vente': 100 * D,
      'POST /api/vente/boutique': 3 * 3 * D,
      'POST /api/produit/saveEcomImage': 8,
      'GET /api/vitrine/produits': 6000,
      'POST /api/vitrine/commande': 300,
      'GET /api/produit/onlineCommande': 3 * D,
      'GET /api/produit/marquerCommeLivrer/{id}': 300,
      'POST /api/initMensualitePaiement': 1,
      'payment flow (Wave webhook → granted)': 1,
    },
    photos: 8,
    emails: 5,
    payments: 1,
    appDownloads: 40,
    storefrontViews: 6000,
    morningSummaries: D,
  },
];

/** Farm counts the fixed costs are spread over. */
export const FARM_COUNTS = [100, 1000, 10_000] as const;
