// The storefront's public calls (no account, no token): the marketplace, a seller's page, and the
// buyer's order. Plain fetch: this page carries none of the back-office's client code.
import type { CommandeVitrineInput, CommandeVitrineResult, ProduitVitrine, VitrineEntreprise } from '@shared/schemas/ecommerce';
import { MSG } from '@shared/messages/acces';

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
    throw new Error(MSG.network);
  }
  const data = await res.json().catch(() => null);
  // The storefront's one rule for a failed call's text, as the back office's serverMessage: a
  // refusal (4xx) in the server's words, a failure (5xx) in ours.
  const said = (data as { message?: unknown } | null)?.message;
  if (!res.ok) throw new Error(res.status < 500 && typeof said === 'string' && said ? said : MSG.serverError);
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
