// GET api/paiement (droit utav:r): the subscription as it stands and the payment history, newest
// first. Read by the subscription screen and the dashboard's first steps (the trial's end date).
import { queryOptions } from '@tanstack/react-query';
import type { Paiement } from '@shared/schemas/paiements';
import { http } from '../http';

/** The start of every paiements query key: invalidating it reloads them all. */
export const paiementsKey: readonly string[] = ['paiements'];

export interface Abonnement {
  code_plan: 'db1' | 'pro' | 'ent';
  plan: string;
  valid_until: string;
  essai: boolean;
  suspendu: boolean;
  valide: boolean;
}

export interface PaiementsResponse {
  abonnement: Abonnement | null;
  paiements: Paiement[];
}

export const getPaiements = () => http.get<PaiementsResponse>('api/paiement', { droit: 'utav:r' });

export const paiementsQueryOptions = () => queryOptions({ queryKey: [...paiementsKey], queryFn: getPaiements });
