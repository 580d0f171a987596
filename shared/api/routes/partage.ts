// Route-table rows of the `partage` domain (see shared/api/routes.ts): documents shared by a signed
// link. Each share needs the right of the document it shares (shared/schemas/partage.ts
// DROIT_PARTAGE, checked by the route against the body's type: 403 otherwise); the rows let in any
// user holding one of them.
import { partageListeQuery, partageSchema, revoquerSchema } from '../../schemas/partage';
import { z } from '../../schemas/common';
import type { RouteRow } from '../route-types';

const DROITS_DOCUMENTS = ['ventav', 'commav', 'remav', 'bandav', 'clav'] as const;

export const partageRoutes: readonly RouteRow[] = [
  { method: 'POST', path: '/api/partage', domain: 'partage', name: 'createPartage', access: DROITS_DOCUMENTS, body: partageSchema },
  {
    method: 'POST',
    path: '/api/partage/revoquer',
    domain: 'partage',
    name: 'revokePartage',
    access: DROITS_DOCUMENTS,
    body: revoquerSchema,
    whenLapsed: 'allowed',
  },
  { method: 'GET', path: '/api/partage', domain: 'partage', name: 'listPartages', access: DROITS_DOCUMENTS, query: partageListeQuery },
  // The public page of one document: no session; the token is the signed link (rate-limited, 404
  // when tampered with, 410 when expired or revoked). HTML, no JavaScript.
  {
    method: 'GET',
    path: '/p/{token}',
    domain: 'partage',
    name: 'pagePartage',
    access: 'public',
    params: z.lazy(() => z.object({ token: z.string().check(z.maxLength(600)) })),
  },
];
