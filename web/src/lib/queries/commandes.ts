// GET api/commande (droit commav:r): every order, newest first; GET api/commande/{numero}: one
// order with its lines and client. Read by the order screens and the invoice; the client screen's
// order dialog refreshes them. Every order query key starts with 'commandes', so invalidating the
// list refreshes every open detail too.
import { queryOptions } from '@tanstack/react-query';
import type { CommandeListResponse, CommandeResponse } from '@shared/schemas/commandes';
import { http } from '../http';

/** The start of every commandes query key: invalidating it reloads them all. */
export const commandesKey: readonly string[] = ['commandes'];

export const getCommandes = () => http.get<CommandeListResponse>('api/commande', { droit: 'commav:r' });

export const commandesQueryOptions = () => queryOptions({ queryKey: [...commandesKey], queryFn: getCommandes });

export const getCommande = (numero: string) => http.get<CommandeResponse>(`api/commande/${encodeURIComponent(numero)}`, { droit: 'commav:r' });

export const commandeQueryOptions = (numero: string) => queryOptions({ queryKey: [...commandesKey, numero], queryFn: () => getCommande(numero) });
