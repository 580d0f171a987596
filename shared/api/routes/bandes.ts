// Route-table rows of the `bandes` domain (see shared/api/routes.ts).
import * as bandesSchemas from '../../schemas/bandes';
import * as dashboardSchemas from '../../schemas/tableau-de-bord';
import { archiverSchema, archivesQuery } from '../../schemas/archives';
import type { RouteRow } from '../route-types';

// Both `api/bande` and `api/bande/` list the batches; API Gateway route keys cannot end in '/',
// so the trailing-slash form (and the dashboard's possibly empty bounds) are served by greedy
// `{proxy+}` rows parsed by the route function (docs/decisions.md). The Lambda's router tries
// dynamic rows in this order, so each greedy row comes after the rows it must not shadow.
export const bandesRoutes: readonly RouteRow[] = [
  // `?archives=1` adds the archived batches; by default a list or picker never shows them.
  { method: 'GET', path: '/api/bande', domain: 'bandes', name: 'list', access: ['bandav', 'ventav', 'abatav'], query: archivesQuery },
  { method: 'GET', path: '/api/bande/dashboard/{proxy+}', domain: 'bandes', name: 'dashboard', access: 'dashboardav', params: bandesSchemas.proxyParams },
  { method: 'GET', path: '/api/bande/{id}', domain: 'bandes', name: 'detail', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'POST', path: '/api/bande/create', domain: 'bandes', name: 'create', access: 'bandav', body: bandesSchemas.bandeSchema },
  { method: 'POST', path: '/api/bande/cloturer', domain: 'bandes', name: 'cloturer', access: 'bandav', body: bandesSchemas.cloturerSchema },
  // Ours: archive (true) or restore (false) a batch; idempotent. Not the closing above.
  { method: 'POST', path: '/api/bande/archiver', domain: 'bandes', name: 'archiver', access: 'bandav', body: archiverSchema },
  { method: 'GET', path: '/api/typedepense', domain: 'bandes', name: 'typesDepense', access: 'bandav' },
  { method: 'GET', path: '/api/bande/depense/{idBande}', domain: 'bandes', name: 'depensesOf', access: 'bandav', params: bandesSchemas.idBandeParams },
  { method: 'POST', path: '/api/bande/perte', domain: 'bandes', name: 'perte', access: 'bandav', body: bandesSchemas.perteSchema, idempotent: true },
  { method: 'POST', path: '/api/bande/depense', domain: 'bandes', name: 'depense', access: 'bandav', body: bandesSchemas.depenseSchema, idempotent: true },
  { method: 'POST', path: '/api/bande/vente', domain: 'bandes', name: 'vente', access: 'bandav', body: bandesSchemas.venteSchema, idempotent: true },
  { method: 'POST', path: '/api/bande/pesage', domain: 'bandes', name: 'pesage', access: 'bandav', body: bandesSchemas.pesageSchema, idempotent: true },
  { method: 'POST', path: '/api/bande/collect', domain: 'bandes', name: 'collect', access: 'bandav', body: bandesSchemas.collecteSchema, idempotent: true },
  { method: 'GET', path: '/api/bande/collect/get/{id}', domain: 'bandes', name: 'collectes', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/vente/delete/{id}', domain: 'bandes', name: 'venteDelete', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/depense/delete/{id}', domain: 'bandes', name: 'depenseDelete', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/perte/delete/{id}', domain: 'bandes', name: 'perteDelete', access: 'bandav', params: bandesSchemas.idParams },
  // Corrections: a weighing or an egg collection cancelled like the other entries (soft delete).
  { method: 'GET', path: '/api/bande/pesage/delete/{id}', domain: 'bandes', name: 'pesageDelete', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/collect/delete/{id}', domain: 'bandes', name: 'collectDelete', access: 'bandav', params: bandesSchemas.idParams },
  // Period dashboard: entries read by day through GSI2, never batch by batch.
  {
    method: 'GET',
    path: '/api/dashboard/periode/{debut}/{fin}',
    domain: 'bandes',
    name: 'periode',
    access: 'dashboardav',
    params: dashboardSchemas.periodeParams,
  },
  { method: 'GET', path: '/api/dashboard/mois/{annee}', domain: 'bandes', name: 'mois', access: 'dashboardav', params: dashboardSchemas.moisParams },
  // Breed standards (shared/breeds.ts), a business's own targets replacing the published curves.
  { method: 'GET', path: '/api/races', domain: 'bandes', name: 'races', access: ['bandav', 'dashboardav'] },
  { method: 'POST', path: '/api/race', domain: 'bandes', name: 'raceSave', access: 'bandav', body: dashboardSchemas.raceSchema },
  {
    method: 'GET',
    path: '/api/bande/{proxy+}',
    domain: 'bandes',
    name: 'listSlash',
    access: ['bandav', 'ventav', 'abatav'],
    params: bandesSchemas.proxyParams,
    query: archivesQuery,
  },
];
