// Route-table rows of the `utilisateurs` domain (see shared/api/routes.ts): the permission check of the
// menu and user management (spec part 2 §7; right utav, as the spec's `utav:r` header says).
// `fonctionnalites` is declared before `{id}`, which would otherwise shadow it in the Lambda's router.
import type { RouteRow } from '../route-types';
import { createUserSchema, updateUserSchema, userIdParams } from '../../schemas/utilisateurs';

export const utilisateursRoutes: readonly RouteRow[] = [
  { method: 'GET', path: '/api/user/checkPermission', domain: 'utilisateurs', name: 'checkPermission', access: 'auth' },
  { method: 'GET', path: '/api/user', domain: 'utilisateurs', name: 'listUtilisateurs', access: 'utav' },
  { method: 'GET', path: '/api/user/fonctionnalites', domain: 'utilisateurs', name: 'listFonctionnalites', access: 'utav' },
  { method: 'POST', path: '/api/user/create', domain: 'utilisateurs', name: 'createUtilisateur', access: 'utav', body: createUserSchema },
  { method: 'POST', path: '/api/user/updateUser', domain: 'utilisateurs', name: 'updateUtilisateur', access: 'utav', body: updateUserSchema },
  { method: 'GET', path: '/api/user/{id}', domain: 'utilisateurs', name: 'getUtilisateur', access: 'utav', params: userIdParams },
  // The header of receipts and invoices: the business's name, phone, country and shops.
  { method: 'GET', path: '/api/entreprise', domain: 'utilisateurs', name: 'getEntreprise', access: 'auth' },
];
