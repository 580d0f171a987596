// Client list rules (spec part 2 §2, §5): the search box matches first name, name or phone,
// ignoring case and spaces (shared clientMatches); the cards count clients and total receivables.
import { clientMatches, type Client } from '@shared/schemas/clients';

type ClientLike = Pick<Client, 'prenom' | 'nom' | 'telephone'> & { creance?: number | null };

/** Clients matching the search text; an empty search keeps them all. */
export function filterClients<T extends ClientLike>(clients: readonly T[], input: string): T[] {
  if (!input.trim()) return [...clients];
  return clients.filter((c) => clientMatches(c, input));
}

export function totalCreance(clients: readonly ClientLike[]): number {
  return clients.reduce((s, c) => s + (Number(c.creance) || 0), 0);
}
