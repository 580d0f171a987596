// GET api/entreprise: the header of receipts and invoices (name, phone, country, shops).
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface EntrepriseHeader {
  nom: string;
  telephone: string;
  pays: string;
  boutiques: { id: number; nom: string; adresse: string }[];
}

export const useEntreprise = () => useQuery({ queryKey: ['entreprise'], queryFn: () => http.get<EntrepriseHeader>('api/entreprise'), staleTime: 300_000 });
