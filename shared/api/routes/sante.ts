// Route-table rows of the `sante` domain (flock health; paths and names as the issue
// writes them, for integrators). All under the batches' right `bandav`; ids are the business's own
// (another business's answer 404).
import type { RouteRow } from '../route-types';
import {
  bandePlanSchema,
  etapeAnnulerSchema,
  etapeFaitSchema,
  etapeSauterSchema,
  planSchema,
  santeIdParams,
  traitementAnnulerSchema,
  traitementSchema,
} from '../../schemas/sante';

export const santeRoutes: readonly RouteRow[] = [
  // The business's plans, the two built-in ones first (read-only, copied to be edited).
  { method: 'GET', path: '/api/sante/plans', domain: 'sante', name: 'listPlans', access: 'bandav' },
  { method: 'POST', path: '/api/sante/plan', domain: 'sante', name: 'savePlan', access: 'bandav', body: planSchema, idempotent: true },
  // Giving a batch a plan works offline too (the outbox replays it with its key: one calendar, never two).
  { method: 'POST', path: '/api/sante/bande/plan', domain: 'sante', name: 'setBandePlan', access: 'bandav', body: bandePlanSchema, idempotent: true },
  { method: 'GET', path: '/api/sante/bande/{id}', domain: 'sante', name: 'getSanteBande', access: 'bandav', params: santeIdParams },
  // Offline entries (the outbox replays them): idempotent like the batch entries.
  { method: 'POST', path: '/api/sante/etape/fait', domain: 'sante', name: 'etapeFait', access: 'bandav', body: etapeFaitSchema, idempotent: true },
  { method: 'POST', path: '/api/sante/etape/sauter', domain: 'sante', name: 'etapeSauter', access: 'bandav', body: etapeSauterSchema, idempotent: true },
  { method: 'POST', path: '/api/sante/etape/annuler', domain: 'sante', name: 'etapeAnnuler', access: 'bandav', body: etapeAnnulerSchema, idempotent: true },
  { method: 'POST', path: '/api/sante/traitement', domain: 'sante', name: 'addTraitement', access: 'bandav', body: traitementSchema, idempotent: true },
  {
    method: 'POST',
    path: '/api/sante/traitement/annuler',
    domain: 'sante',
    name: 'cancelTraitement',
    access: 'bandav',
    body: traitementAnnulerSchema,
    idempotent: true,
  },
  { method: 'GET', path: '/api/sante/a-faire', domain: 'sante', name: 'getAFaire', access: 'bandav' },
];
