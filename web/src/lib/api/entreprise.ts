// GET api/entreprise (any signed-in user): the business's header — name, phone, country, shops —
// printed on receipts and invoices, and the country its phone numbers are read in
// (`pays_tel`, shared/phone.ts): the forms check a typed number as the server will, the lists
// show a stored one with its code.
import { useQuery } from '@tanstack/react-query';
import type { PhoneCountry } from '@shared/phone';
import { http } from '../http';

export interface EntrepriseHeader {
  nom: string;
  telephone: string;
  pays: string;
  /** Beside the spec's fields: null when the business's numbers need their code. */
  pays_tel?: PhoneCountry | null;
  boutiques: { id: number; nom: string; adresse: string }[];
}

const entrepriseQueryOptions = () => ({
  queryKey: ['entreprise'] as const,
  queryFn: () => http.get<EntrepriseHeader>('api/entreprise'),
  staleTime: 300_000,
});

export const useEntreprise = () => useQuery(entrepriseQueryOptions());

/**
 * The business's phone country: `undefined` while unknown (loading, or offline without a copy:
 * the forms then leave the number to the server), else `sn`, `ci` or null (numbers need their code).
 */
export function usePhoneCountry(): PhoneCountry | null | undefined {
  const e = useEntreprise();
  return e.data ? (e.data.pays_tel ?? null) : undefined;
}
