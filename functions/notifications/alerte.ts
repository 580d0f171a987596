// The death alert pushed when it is raised (docs/notifications.md « L'alerte
// mortalité »). Every path that saves a loss (the batch's loss dialog, the daily round, the outbox
// replay) writes a PRT# item in the batch's collection: the table's stream, filtered on those
// inserts (infra/cdk/constructs/notifications.ts; locally infra/local/stream-poller.ts), calls this
// with the Lambda's DynamoDBStreamEvent. The bandes Lambda is not touched (its cold start).
// The rule is the dashboard's: the business's « À faire » (functions/sante aFaire) names the batch
// among today's death alerts. Once per batch and day (a conditional Put), to the business's users
// holding bandav.
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { hasRight } from '@shared/rights';
import { getSubscription, isLapsed } from '../lib/repo/subscriptions';
import { listUsers } from '../lib/repo/utilisateurs';
import { config } from '../lib/config';
import { log } from '../lib/log';
import { today } from '../bandes/public';
import { aFaire } from '../sante/public';
import { abonnements, alerteUneFois } from './repository';
import { alerteMortalitePayload } from './resume';
import { envoyerA, type Bilan } from './matin';

/** The batch and day of a new loss entry, from the stream record's keys and image (null: not a loss). */
export function perteDuRecord(r: DynamoDBStreamEvent['Records'][number]): { t: number; bande: number; day: string } | null {
  if (r.eventName !== 'INSERT') return null;
  const img = r.dynamodb?.NewImage;
  const pk = img?.PK?.S ?? '';
  const sk = img?.SK?.S ?? '';
  const m = /^ENT#(\d+)#BANDE#(\d+)$/.exec(pk);
  if (!m || !sk.startsWith('PRT#')) return null;
  // Other kinds of PRT entries (a cull, a transfer) are not deaths: the alert counts only losses.
  if ((img?.type?.S ?? 'perte') !== 'perte') return null;
  const day = (img?.date?.S ?? '').slice(0, 10);
  return { t: Number(m[1]), bande: Number(m[2]), day };
}

export async function alertes(event: DynamoDBStreamEvent): Promise<Bilan> {
  const bilan: Bilan = { entreprises: 0, suspendues: 0, utilisateurs: 0, envoyes: 0, retires: 0, erreurs: 0 };
  const day = today();
  // One check per batch however many losses the batch got in this batch of records.
  const vus = new Map<string, { t: number; bande: number }>();
  for (const r of event.Records ?? []) {
    const p = perteDuRecord(r);
    // A loss typed for an earlier day does not raise today's alert (the dashboard shows it, the push says « aujourd'hui »).
    if (p && p.day === day) vus.set(`${p.t}#${p.bande}`, p);
  }
  for (const { t, bande } of vus.values()) {
    try {
      bilan.entreprises++;
      const subs = await abonnements(t);
      if (!subs.length) continue;
      if (isLapsed(await getSubscription(t), config().graceDays)) {
        bilan.suspendues++;
        continue;
      }
      const a = (await aFaire(t, day)).alertes.find((x) => x.id_bande === bande && x.date === day);
      if (!a || !(await alerteUneFois(t, bande, day))) continue;
      const payload = alerteMortalitePayload({ id: bande, nom: a.nom_bande }, a.pertes, a.moyenne_7j, day);
      const users = (await listUsers(t)).filter((u) => u.actif !== false && hasRight(u.role, u.droits, 'bandav'));
      for (const u of users) {
        const own = subs.filter((s) => s.userId === u.id);
        if (!own.length) continue;
        bilan.utilisateurs++;
        await envoyerA(own, payload, bilan, 'high');
      }
    } catch (err) {
      // A failed push must not replay the stream's batch forever: logged, counted, the next record goes on.
      bilan.erreurs++;
      log.error('death alert push failed', { tenantId: t, bande, error: (err as Error).message });
    }
  }
  if (vus.size) log.info('death alerts checked', { day, ...bilan });
  return bilan;
}
