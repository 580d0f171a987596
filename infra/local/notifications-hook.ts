// Tests only: POST /__test/notifications/matin?entreprises=1,2 runs the morning job (the same entry
// the schedules invoke in AWS, functions/notifications/jobs.ts) for those businesses and answers
// its count of what it did. Named businesses, not every shard: the test stack is shared by many
// files at once, each checking its own businesses against the stand-in's deliveries.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './gateway/responses';

export const NOTIFICATIONS_HOOK_PATH = '/__test/notifications/matin';

export async function handleNotificationsHook(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (url.pathname !== NOTIFICATIONS_HOOK_PATH) return false;
  req.resume();
  const ids = (url.searchParams.get('entreprises') ?? '').split(',').filter(Boolean).map(Number);
  if (req.method !== 'POST' || !ids.length || ids.some((n) => !Number.isInteger(n) || n <= 0)) {
    sendJson(res, 400, { message: `POST ${NOTIFICATIONS_HOOK_PATH}?entreprises=1,2` });
    return true;
  }
  const { handler } = await import('../../functions/notifications/jobs');
  sendJson(res, 200, await handler({ entreprises: ids }));
  return true;
}
