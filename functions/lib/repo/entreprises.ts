// The business (tenant) record.
import { keys } from './keys';

export interface Entreprise {
  id: number;
  nom: string;
  pays: string;
  telephone: string;
  createdAt: string;
}

export function entrepriseItem(e: Entreprise) {
  return { ...keys.entreprise(e.id), type: 'ENTREPRISE', ...e };
}
