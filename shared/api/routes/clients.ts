// Route-table rows of the `clients` domain (see shared/api/routes.ts).
import { clientSchema } from '../../schemas/clients';
import { archiverSchema, archivesQuery } from '../../schemas/archives';
import { releveParams } from '../../schemas/releve';
import type { RouteRow } from '../route-types';

export const clientsRoutes: readonly RouteRow[] = [
  { method: 'POST', path: '/api/addOrUpdateClient', domain: 'clients', name: 'addOrUpdateClient', access: 'clav', body: clientSchema },
  // `?archives=1` adds the archived clients; by default a list or picker never shows them.
  { method: 'GET', path: '/api/clients', domain: 'clients', name: 'listClients', access: ['clav', 'ventav', 'commav'], query: archivesQuery },
  // Ours: archive (true) or restore (false) a client; idempotent.
  { method: 'POST', path: '/api/client/archiver', domain: 'clients', name: 'archiveClient', access: 'clav', body: archiverSchema },
  // A client's statement for a period, from its creance journal (shared/formulas/releve.ts).
  { method: 'GET', path: '/api/client/releve/{id}/{debut}/{fin}', domain: 'clients', name: 'getReleve', access: 'clav', params: releveParams },
  // The clients who owe something, the age of their oldest unpaid sale, their last reminder.
  { method: 'GET', path: '/api/relances', domain: 'clients', name: 'listRelances', access: 'clav' },
];
