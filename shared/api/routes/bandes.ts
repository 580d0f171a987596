// Route-table rows of the `bandes` domain (see shared/api/routes.ts).
import * as bandesSchemas from '../../schemas/bandes';
import * as dashboardSchemas from '../../schemas/tableau-de-bord';
import { archiverSchema, archivesQuery } from '../../schemas/archives';
import { ficheIdParams, ficheSchema } from '../../schemas/aliment';
import { casseOeufsSchema, oeufsIdParams, transfertOeufsSchema } from '../../schemas/oeufs';
import type { RouteRow } from '../route-types';

// Both `api/bande` and `api/bande/` list the batches; API Gateway route keys cannot end in '/',
// so the trailing-slash form (and the dashboard's possibly empty bounds) are served by greedy
// `{proxy+}` rows parsed by the route function (docs/decisions.md). The Lambda's router tries
// dynamic rows in this order, so each greedy row comes after the rows it must not shadow.
export const bandesRoutes: readonly RouteRow[] = [
  // `?archives=1` adds the archived batches; by default a list or picker never shows them.
  { method: 'GET', path: '/api/bande', domain: 'bandes', name: 'listBandes', access: ['bandav', 'ventav', 'abatav'], query: archivesQuery },
  {
    method: 'GET',
    path: '/api/bande/dashboard/{proxy+}',
    domain: 'bandes',
    name: 'getTableauDeBord',
    access: 'dashboardav',
    params: bandesSchemas.proxyParams,
  },
  { method: 'GET', path: '/api/bande/{id}', domain: 'bandes', name: 'getBande', access: 'bandav', params: bandesSchemas.idParams },
  // Idempotent: the batch dialog sends one key per content, so a retry after an answer lost on a slow
  // network never creates the batch, and its birds in every total, twice.
  { method: 'POST', path: '/api/bande/create', domain: 'bandes', name: 'createBande', access: 'bandav', body: bandesSchemas.bandeSchema, idempotent: true },
  { method: 'POST', path: '/api/bande/cloturer', domain: 'bandes', name: 'closeBande', access: 'bandav', body: bandesSchemas.cloturerSchema },
  // Ours: archive (true) or restore (false) a batch; idempotent. Not the closing above.
  { method: 'POST', path: '/api/bande/archiver', domain: 'bandes', name: 'archiveBande', access: 'bandav', body: archiverSchema },
  // Ours: deletes a batch that has no entry (cancelled ones count), refused with what it holds.
  { method: 'POST', path: '/api/bande/supprimer', domain: 'bandes', name: 'deleteBande', access: 'bandav', body: bandesSchemas.supprimerSchema },
  { method: 'GET', path: '/api/typedepense', domain: 'bandes', name: 'listTypesDepense', access: 'bandav' },
  { method: 'GET', path: '/api/bande/depense/{idBande}', domain: 'bandes', name: 'listDepenses', access: 'bandav', params: bandesSchemas.idBandeParams },
  { method: 'POST', path: '/api/bande/perte', domain: 'bandes', name: 'addPerte', access: 'bandav', body: bandesSchemas.perteSchema, idempotent: true },
  { method: 'POST', path: '/api/bande/depense', domain: 'bandes', name: 'addDepense', access: 'bandav', body: bandesSchemas.depenseSchema, idempotent: true },
  { method: 'POST', path: '/api/bande/vente', domain: 'bandes', name: 'addVenteBande', access: 'bandav', body: bandesSchemas.venteSchema, idempotent: true },
  { method: 'POST', path: '/api/bande/pesage', domain: 'bandes', name: 'addPesage', access: 'bandav', body: bandesSchemas.pesageSchema, idempotent: true },
  { method: 'POST', path: '/api/bande/collect', domain: 'bandes', name: 'addCollecte', access: 'bandav', body: bandesSchemas.collecteSchema, idempotent: true },
  { method: 'GET', path: '/api/bande/collect/get/{id}', domain: 'bandes', name: 'listCollectes', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/vente/delete/{id}', domain: 'bandes', name: 'cancelVenteBande', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/depense/delete/{id}', domain: 'bandes', name: 'cancelDepense', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/perte/delete/{id}', domain: 'bandes', name: 'cancelPerte', access: 'bandav', params: bandesSchemas.idParams },
  // Corrections: a weighing or an egg collection cancelled like the other entries (soft delete).
  { method: 'GET', path: '/api/bande/pesage/delete/{id}', domain: 'bandes', name: 'cancelPesage', access: 'bandav', params: bandesSchemas.idParams },
  { method: 'GET', path: '/api/bande/collect/delete/{id}', domain: 'bandes', name: 'cancelCollecte', access: 'bandav', params: bandesSchemas.idParams },
  // The daily sheet: water, temperatures, humidity, a note; one per batch and day, saved
  // again it is replaced (idempotent: the daily round's outbox replays it with its key).
  { method: 'POST', path: '/api/bande/fiche', domain: 'bandes', name: 'saveFiche', access: 'bandav', body: ficheSchema, idempotent: true },
  { method: 'GET', path: '/api/bande/fiche/{id}', domain: 'bandes', name: 'listFiches', access: 'bandav', params: ficheIdParams },
  // A layer flock's egg stock: by size, held-apart eggs, where its eggs went, its movements.
  { method: 'GET', path: '/api/bande/oeufs/{id}', domain: 'bandes', name: 'getStockOeufs', access: 'bandav', params: oeufsIdParams },
  // Eggs sent to a shop product: the batches' right and the products' right (both stocks move).
  {
    method: 'POST',
    path: '/api/bande/oeufs/transfert',
    domain: 'bandes',
    name: 'addTransfertOeufs',
    access: 'bandav',
    alsoNeeds: ['prav'],
    body: transfertOeufsSchema,
    idempotent: true,
  },
  {
    method: 'GET',
    path: '/api/bande/oeufs/transfert/delete/{id}',
    domain: 'bandes',
    name: 'cancelTransfertOeufs',
    access: 'bandav',
    alsoNeeds: ['prav'],
    params: oeufsIdParams,
  },
  { method: 'POST', path: '/api/bande/oeufs/casse', domain: 'bandes', name: 'addCasseOeufs', access: 'bandav', body: casseOeufsSchema, idempotent: true },
  { method: 'GET', path: '/api/bande/oeufs/casse/delete/{id}', domain: 'bandes', name: 'cancelCasseOeufs', access: 'bandav', params: oeufsIdParams },
  // Period dashboard: entries read by day through GSI2, never batch by batch.
  {
    method: 'GET',
    path: '/api/dashboard/periode/{debut}/{fin}',
    domain: 'bandes',
    name: 'getTableauDeBordPeriode',
    access: 'dashboardav',
    params: dashboardSchemas.periodeParams,
  },
  {
    method: 'GET',
    path: '/api/dashboard/mois/{annee}',
    domain: 'bandes',
    name: 'getTableauDeBordMois',
    access: 'dashboardav',
    params: dashboardSchemas.moisParams,
  },
  // Breed standards (shared/breeds.ts), a business's own targets replacing the published curves.
  { method: 'GET', path: '/api/races', domain: 'bandes', name: 'listRaces', access: ['bandav', 'dashboardav'] },
  { method: 'POST', path: '/api/race', domain: 'bandes', name: 'saveRace', access: 'bandav', body: dashboardSchemas.raceSchema },
  {
    method: 'GET',
    path: '/api/bande/{proxy+}',
    domain: 'bandes',
    name: 'listBandesSlash',
    access: ['bandav', 'ventav', 'abatav'],
    params: bandesSchemas.proxyParams,
    query: archivesQuery,
  },
];
