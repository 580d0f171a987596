// Flock health's writes (shared/api/routes/sante.ts), one function per row, and the hook
// that runs one and then reloads the health, batch and dashboard queries (a step's or a
// treatment's cost is a batch expense; the dashboard counts it and lists what is due).
// What a farmer does in the coop — a step done, skipped or reopened, a treatment and its cancel —
// goes through the outbox like the batch entries: without a connection it waits on the device
// with its true time (`saisi_le`) and answers Queued (web/src/lib/offline/outbox.ts), and so does
// giving a batch a plan, and so does a plan written in the editor.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EtapeBande, PlanInput, PlanSante, SanteBande, Traitement } from '@shared/schemas/sante';
import { formatDate, formatFcfa } from '../../../lib/format';
import { submitWrite } from '../../../lib/offline/outbox';
import { bandesKey } from '../../../lib/queries/bandes';
import { SANTE_DROIT, santeKey } from '../../../lib/queries/sante';
import { dashboardKey } from '../../../lib/queries/tableau-de-bord';

const opts = { droit: SANTE_DROIT };
// The outbox keeps the key roots to reload as strings.
const RELOAD = [santeKey[0], bandesKey[0], dashboardKey[0]];

/** What every outbox write of a batch's health names: its batch (for the lists) and the step or product. */
interface Of {
  bandeId: number;
  bandeNom?: string;
}

const avecCout = (cout?: number | null) => (cout ? ` · ${formatFcfa(cout)}` : '');

/** POST api/sante/etape/fait: the day, the product, its lot and expiry; its cost becomes a batch expense. */
export const etapeFait = (
  b: { id_etape: number; date: string; produit: string; lot: string; expiration: string; cout?: number | null },
  of: Of & { intitule: string },
) =>
  submitWrite<EtapeBande>({
    kind: 'sante-fait',
    url: 'api/sante/etape/fait',
    body: b,
    ...opts,
    ...of,
    day: b.date,
    invalidate: RELOAD,
    label: `Fait : ${of.intitule} (${b.produit}, lot ${b.lot})${avecCout(b.cout)}`,
  });

/** POST api/sante/etape/sauter: a step not given, and why. */
export const etapeSauter = (b: { id_etape: number; motif: string }, of: Of & { intitule: string }) =>
  submitWrite<EtapeBande>({
    kind: 'sante-sauter',
    url: 'api/sante/etape/sauter',
    body: b,
    ...opts,
    ...of,
    invalidate: RELOAD,
    label: `Sautée : ${of.intitule} (${b.motif})`,
  });

/** POST api/sante/etape/annuler: a step done or skipped goes back to be done (its expense is cancelled with it). */
export const etapeAnnuler = (b: { id_etape: number }, of: Of & { intitule: string }) =>
  submitWrite<EtapeBande>({
    kind: 'sante-annuler',
    url: 'api/sante/etape/annuler',
    body: b,
    ...opts,
    ...of,
    invalidate: RELOAD,
    label: `Annulation : ${of.intitule}`,
  });

/** POST api/sante/traitement: the withdrawal days run from its start to its end plus those days. */
export const addTraitement = (
  b: {
    id_bande: number;
    produit: string;
    molecule: string;
    motif: string;
    debut: string;
    fin: string;
    attente_viande_jours: number;
    attente_oeufs_jours: number;
    cout?: number | null;
  },
  bandeNom?: string,
) =>
  submitWrite<Traitement>({
    kind: 'traitement',
    url: 'api/sante/traitement',
    body: b,
    ...opts,
    bandeId: b.id_bande,
    bandeNom,
    day: b.debut,
    invalidate: RELOAD,
    label: `Traitement : ${b.produit} (${b.molecule}) du ${formatDate(b.debut)} au ${formatDate(b.fin)}${avecCout(b.cout)}`,
  });

/** POST api/sante/traitement/annuler: its withdrawal stops blocking sales, its expense is cancelled. */
export const cancelTraitement = (b: { id_traitement: number }, of: Of & { produit: string }) =>
  submitWrite<Traitement>({
    kind: 'traitement-annuler',
    url: 'api/sante/traitement/annuler',
    body: b,
    ...opts,
    bandeId: of.bandeId,
    bandeNom: of.bandeNom,
    invalidate: RELOAD,
    label: `Annulation du traitement : ${of.produit}`,
  });

/**
 * POST api/sante/plan: creates (id_plan -1) or edits one of the business's own plans. Through the
 * outbox too: a farmer may write his plan where there is no network; a plan created offline gets
 * its id once sent (until then no batch can be given it, and the plan list says it waits).
 */
export const savePlan = (input: PlanInput) =>
  submitWrite<PlanSante>({
    kind: 'sante-plan-edit',
    url: 'api/sante/plan',
    body: input,
    ...opts,
    invalidate: [santeKey[0]],
    label: `${input.id_plan && input.id_plan > 0 ? 'Plan modifié' : 'Nouveau plan'} : ${input.nom} (${input.etapes.length} étape${input.etapes.length > 1 ? 's' : ''})`,
  });

/**
 * POST api/sante/bande/plan: the batch's steps neither done nor skipped are replaced by the plan's.
 * Through the outbox like the steps: a farmer may give a new batch its plan in the shed.
 */
export const setBandePlan = (b: { id_bande: number; id_plan: number }, of: Of & { nomPlan: string }) =>
  submitWrite<SanteBande>({
    kind: 'sante-plan',
    url: 'api/sante/bande/plan',
    body: b,
    ...opts,
    bandeId: of.bandeId,
    bandeNom: of.bandeNom,
    invalidate: RELOAD,
    label: `Plan de santé : ${of.nomPlan}`,
  });

/** Runs a health write, then reloads every health, batch and dashboard query. */
export function useSanteMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: santeKey }),
        qc.invalidateQueries({ queryKey: bandesKey }),
        qc.invalidateQueries({ queryKey: dashboardKey }),
      ]);
    },
  });
}
