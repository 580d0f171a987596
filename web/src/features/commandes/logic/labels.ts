// French labels of the order states (spec part 2 §4).
import type { EtatLivraison, EtatPaiement } from '@shared/schemas/commandes';

export const ETAT_PAIEMENT: Record<EtatPaiement, string> = { PENDING: 'En attente', PAYED: 'Payé' };
export const ETAT_LIVRAISON: Record<EtatLivraison, string> = { PENDING: 'En attente', DELIVERED: 'Livré' };
