// Tests only: the test stack hashes new passwords at a lower scrypt cost (PASSWORD_SCRYPT_LOG2N,
// functions/lib/password.ts; the suite hashes ~1 000 times), and serves POST
// /__test/password-cost?log2n=N to change it while running. The login-timing test sets the
// production cost back for itself: an unknown address must cost what a wrong password costs at the
// cost a deployed Lambda uses, not at a cost where the request's own overhead hides the difference.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { scryptCost } from '../../functions/lib/password';
import { sendJson } from './gateway/responses';

export const PASSWORD_COST_PATH = '/__test/password-cost';
/** The test stack's cost: 2^10, ~3 ms a hash against ~58 ms at 2^14 on the 2-core test machine. */
export const TEST_PASSWORD_COST = 10;

/** Serves POST /__test/password-cost?log2n=N; false for any other path. */
export function handlePasswordCost(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (url.pathname !== PASSWORD_COST_PATH) return false;
  req.resume();
  const log2n = url.searchParams.get('log2n') ?? '';
  let ok = req.method === 'POST';
  try {
    if (ok) scryptCost({ ...process.env, PASSWORD_SCRYPT_LOG2N: log2n });
  } catch {
    ok = false;
  }
  if (!ok) {
    sendJson(res, 400, { message: `POST ${PASSWORD_COST_PATH}?log2n=10…20` });
    return true;
  }
  process.env.PASSWORD_SCRYPT_LOG2N = log2n;
  sendJson(res, 200, { log2n: Number(log2n) });
  return true;
}
