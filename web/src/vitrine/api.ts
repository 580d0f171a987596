// The storefront's public calls (no account, no token): the marketplace, a seller's page, and the
// buyer's order. Plain fetch: this page carries none of the back-office's client code.
import type { CommandeVitrineInput, CommandeVitrineResult, ProduitVitrine, VitrineEntreprise } from '../../../shared/schemas/ecommerce';

async function call<T>(url: string, init?: RequestInit, idempotencyKey?: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: {
        Accept: 'application/json',
        ...(init?.body ? { 'Content-Type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
    });
  } catch {
    throw new Error('Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.');
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error((data as { message?: string } | null)?.message ?? 'Une erreur est survenue, veuillez réessayer.');
  return data as T;
}

/** A page of the marketplace; `apres` is the last card of the previous page. */
export const getMarche = (ville: string, type: string, apres?: ProduitVitrine) => {
  const q = new URLSearchParams();
  if (ville.trim()) q.set('ville', ville.trim());
  if (type) q.set('type', type);
  if (apres) q.set('apres', `${apres.id_entreprise}.${apres.id}`);
  const qs = q.toString();
  return call<ProduitVitrine[]>(`api/vitrine/produits${qs ? `?${qs}` : ''}`);
};

export const getVendeur = (id: number) => call<VitrineEntreprise>(`api/vitrine/entreprise/${id}`);

/**
 * The buyer's order, with the form's Idempotency-Key (shared/idempotency-key.ts `keyPerContent`): sent
 * again after an answer lost on a slow network, it is recorded once and answers its first answer.
 */
export const commander = (input: CommandeVitrineInput, key: string) =>
  call<CommandeVitrineResult>('api/vitrine/commande', { method: 'POST', body: JSON.stringify(input) }, key);
