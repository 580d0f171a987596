// GET api/bande: every batch of the business with its running totals. Read by the batch, sale,
// slaughter and dashboard screens. Every batch query key starts with 'bandes', so one invalidation
// reloads the lists and the details.
import { queryOptions } from '@tanstack/react-query';
import type { BandeDetail, BandeSummary, Collecte } from '@shared/schemas/bandes';
import { http } from '../http';
import { BANDES_AVEC_ARCHIVES_PATH } from './paths';

/** The start of every bandes query key: invalidating it reloads them all. */
export const bandesKey: readonly string[] = ['bandes'];

/**
 * `droit`: the right the calling screen sends in its header, as the spec writes it for that screen
 * (the server reads the user's stored rights, not this header; the list's data is the same).
 */
export const bandesQueryOptions = (droit = 'bandav:r') =>
  queryOptions({ queryKey: [...bandesKey, 'list'], queryFn: () => http.get<BandeSummary[]>('api/bande', { droit }) });

/** With the archived batches too, for the list's "Afficher les archivés" filter and the first steps. */
export const bandesAvecArchivesQueryOptions = () =>
  queryOptions({ queryKey: [...bandesKey, 'list', 'archives'], queryFn: () => http.get<BandeSummary[]>(BANDES_AVEC_ARCHIVES_PATH, { droit: 'bandav:r' }) });

/**
 * GET api/bande/{id}: the batch with its entries. Here rather than in the batch feature because the
 * Santé tab (features/sante) reads it too, under the same key: one answer for both tabs.
 */
export const bandeDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...bandesKey, 'detail', id], queryFn: () => http.get<BandeDetail>(`api/bande/${id}`, { droit: 'bandav:r' }) });

/**
 * GET api/bande/collect/get/{id}: a laying batch's egg collections, newest first. Here because the
 * batch detail and the daily round (features/tournee) both read them, under one key.
 */
export const collectesQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...bandesKey, 'collectes', id], queryFn: () => http.get<Collecte[]>(`api/bande/collect/get/${id}`, { droit: 'bandav:r' }) });
