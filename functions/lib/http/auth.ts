// Who is calling and may they: the bearer token verified against the stored session and user,
// then the row's access (public, any signed-in user, the operator's console, or a right code).
import type { RouteRow } from '@shared/api/route-types';
import { PAIEMENT_MSG } from '@shared/messages/paiements';
import { hasRight, type RightCode } from '@shared/rights';
import { forbidden, unauthorized } from '../errors';
import { verifyToken } from '../tokens';
import { loadSession } from '../repo/sessions';
import { OPERATOR_TENANT_ID } from '../repo/keys';
import { currentContext } from '../request-context';
import type { AuthContext, HttpEvent } from './types';

async function authenticate(event: HttpEvent, verified?: (tenantId: number) => void): Promise<AuthContext> {
  const header = event.headers?.authorization ?? '';
  const m = /^Bearer\s+(.+)$/i.exec(header);
  if (!m) throw unauthorized();
  const claims = await verifyToken(m[1].trim());
  verified?.(claims.tenantId);
  // The user read here (one BatchGetItem with the revocation marker) also says whether the
  // session is older than the last password change: then only the session that made it survives.
  const { user, revoked } = await loadSession(claims.tenantId, claims.userId, claims.jti);
  if (revoked || !user || user.actif === false) throw unauthorized();
  if (claims.tokenVersion !== (user.tokenVersion ?? 0) && claims.jti !== user.keptJti) throw unauthorized();
  return {
    tenantId: user.tenantId,
    userId: user.id,
    role: user.role,
    rights: user.droits ?? {},
    user,
    jti: claims.jti,
    exp: claims.exp,
  };
}

/**
 * The caller of a non-public row, checked against the row's access; null on a public row.
 * `verified` is told the token's business once its signature, issuer and expiry hold, before the
 * session is read (a route's read-ahead starts there).
 */
export async function authorize(row: RouteRow, event: HttpEvent, verified?: (tenantId: number) => void): Promise<AuthContext | null> {
  if (row.access === 'public') return null;
  const auth = await authenticate(event, verified);
  const logged = currentContext();
  if (logged) Object.assign(logged, { tenantId: auth.tenantId, userId: auth.userId });
  const operator = auth.role === 'super_admin' && auth.tenantId === OPERATOR_TENANT_ID;
  if (row.access === 'operator') {
    // The operator's console: only the operator account, never a business's admin.
    if (!operator) throw forbidden();
  } else if (row.access !== 'auth') {
    // The operator account owns no business: a business row has nothing for it.
    if (auth.tenantId === OPERATOR_TENANT_ID) throw forbidden(PAIEMENT_MSG.operatorNoBusinessData);
    // Rights come from the user's stored rights, never from the `droit` header the client sends.
    const codes: readonly RightCode[] = Array.isArray(row.access) ? row.access : [row.access as RightCode];
    if (!codes.some((code) => hasRight(auth.role, auth.rights, code))) throw forbidden();
    if (row.alsoNeeds && !row.alsoNeeds.every((code) => hasRight(auth.role, auth.rights, code))) throw forbidden();
  }
  return auth;
}
