// The batch writes (spec part 1 §7), one function per row, and the hook that runs one and then
// reloads every batch query and the dashboard (TanStack Query invalidation by key prefix).
// The entries a farmer types in the coop (loss, expense, sale, weighing, egg collection) go
// through the outbox: without a connection they wait on the device and answer Queued
// (web/src/lib/offline/outbox.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BandeInput, BandeSummary, Collecte, Depense, Perte, Pesage, Vente } from '@shared/schemas/bandes';
import { VENTE_UNITE } from '@shared/messages/bandes';
import { http } from '../../../lib/http';
import { formatDate, formatFcfa, formatNumber } from '../../../lib/format';
import { submitWrite } from '../../../lib/offline/outbox';
import { bandesKey } from '../../../lib/queries/bandes';
import { dashboardKey } from '../../../lib/queries/tableau-de-bord';

const opts = { droit: 'bandav:r' };

/**
 * POST api/bande/create: id_bande -1 creates, otherwise edits. Sent with an Idempotency-Key
 * (shared/idempotency-key.ts `keyPerContent`): a retry after an answer lost on a slow network never
 * creates the batch twice. A new batch may carry `id_plan`: the health plan whose steps
 * become its calendar.
 */
export const saveBande = ({ input, key }: { input: BandeInput & { id_plan?: number | null }; key: string }) =>
  http.post<BandeSummary>('api/bande/create', input, { ...opts, idempotencyKey: key });
/** POST api/bande/cloturer: closes the batch and frees its birds from the plan's quota. */
export const closeBande = (id_bande: number) => http.post<BandeSummary>('api/bande/cloturer', { id_bande }, opts);
/** POST api/bande/archiver: archive (true) or restore (false); not the closing above. */
export const archiverBande = ({ id, archive }: { id: number; archive: boolean }) => http.post<BandeSummary>('api/bande/archiver', { id, archive }, opts);
/** POST api/bande/supprimer: a batch with no entry leaves for good (refused with what it holds otherwise). */
export const supprimerBande = (id_bande: number) => http.post<{ code: number; id_bande: number }>('api/bande/supprimer', { id_bande }, opts);
// The outbox keeps the key roots to reload as strings.
const RELOAD = [bandesKey[0], dashboardKey[0]];

// Each entry carries its day (`date`, as the form held it when typed) and the outbox adds
// `saisi_le`, the moment it was typed. The outbox also keeps, for its lists, that day and the
// batch's name (`bandeNom`, given by the dialog that typed it).

/** « 3 sujets », « 1 sujet » (French plural from 2; 1,5 kg is singular too). */
const sujets = (n: number) => `${formatNumber(n)} sujet${n >= 2 ? 's' : ''}`;

/** POST api/bande/perte */
export const savePerte = (b: { nombre: number; id_bande: number; date: string }, bandeNom?: string) =>
  submitWrite<Perte>({
    kind: 'perte',
    url: 'api/bande/perte',
    body: b,
    ...opts,
    bandeId: b.id_bande,
    bandeNom,
    day: b.date,
    invalidate: RELOAD,
    label: `Perte de ${sujets(b.nombre)}`,
  });
/** POST api/bande/depense: depense.id given = edit. */
export const saveDepense = (
  b: {
    depense: { id?: number; id_type_depense: number; designation: string; prix_unitaire: number; quantite: number };
    id_bande: number;
    date: string;
  },
  bandeNom?: string,
) =>
  submitWrite<Depense>({
    kind: 'depense',
    url: 'api/bande/depense',
    body: b,
    ...opts,
    bandeId: b.id_bande,
    bandeNom,
    day: b.date,
    invalidate: RELOAD,
    label: `Dépense : ${b.depense.designation} (${formatNumber(b.depense.quantite)} × ${formatFcfa(b.depense.prix_unitaire)})`,
  });
/** POST api/bande/vente: id_vente -1 = new. */
export const saveVente = (
  b: {
    prix_unitaire: number;
    quantite: number;
    unite?: 'oeuf' | 'plateau' | 'sujet';
    id_bande: number;
    id_vente: number;
    date: string;
  },
  bandeNom?: string,
) =>
  submitWrite<Vente>({
    kind: 'vente-bande',
    url: 'api/bande/vente',
    body: b,
    ...opts,
    bandeId: b.id_bande,
    bandeNom,
    day: b.date,
    invalidate: RELOAD,
    label: `Vente de ${b.unite ? VENTE_UNITE[b.unite].n(b.quantite) : sujets(b.quantite)} à ${formatFcfa(b.prix_unitaire)}`,
  });
/** POST api/bande/pesage: pesage.id given = its correction. */
export const savePesage = (
  b: { pesage: { id?: number; poids_moyen: number; unite: 'g' | 'kg'; echantillon: number; date_prise: string }; id_bande: number },
  bandeNom?: string,
) =>
  submitWrite<Pesage>({
    kind: 'pesage',
    url: 'api/bande/pesage',
    body: b,
    ...opts,
    bandeId: b.id_bande,
    bandeNom,
    day: b.pesage.date_prise,
    invalidate: RELOAD,
    label: `${b.pesage.id ? 'Correction du pesage' : 'Pesage'} du ${formatDate(b.pesage.date_prise)} : ${formatNumber(b.pesage.poids_moyen)} ${b.pesage.unite} (échantillon de ${formatNumber(b.pesage.echantillon)})`,
  });
/** POST api/bande/collect: id -1 = new, an id = its correction; calibres travel as JSON text. */
export const saveCollecte = (b: { id_bande: number; id: number; collecte: number; calibres: string; date_collecte: string }, bandeNom?: string) =>
  submitWrite<Collecte>({
    kind: 'collecte',
    url: 'api/bande/collect',
    body: b,
    ...opts,
    bandeId: b.id_bande,
    bandeNom,
    day: b.date_collecte,
    invalidate: RELOAD,
    label: `${b.id > 0 ? 'Correction de la collecte' : 'Collecte'} du ${formatDate(b.date_collecte)} : ${formatNumber(b.collecte)} œufs`,
  });
/** What a GET deletion cancels: api/bande/{vente|depense|perte|pesage|collect}/delete/{id}. */
export type CancelKind = 'vente' | 'depense' | 'perte' | 'pesage' | 'collect';
/** The GET deletions (spec part 1 §7, and the same for weighings and collections). */
export const cancelEntry = ({ kind, id }: { kind: CancelKind; id: number }) => http.get<{ code: number }>(`api/bande/${kind}/delete/${id}`, opts);

export function useBandeMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: bandesKey }), qc.invalidateQueries({ queryKey: dashboardKey })]);
    },
  });
}
