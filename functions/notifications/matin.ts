// The morning summary (docs/notifications.md): at 06:00 UTC (Dakar and Abidjan) each
// subscribed user gets ONE notification of what is due today for the features they hold, nothing
// when nothing is due. The businesses come from the shard items written with the subscriptions
// (no Scan); one invocation per shard (the schedules of infra/cdk/constructs/notifications.ts).
// A business whose subscription lapsed is skipped; a push service answering 404/410 removes that
// subscription; any other failure is logged and counted and the job goes on.
import { hasRight } from '@shared/rights';
import { getSubscription, isLapsed } from '../lib/repo/subscriptions';
import { listUsers } from '../lib/repo/utilisateurs';
import { config } from '../lib/config';
import { log } from '../lib/log';
import { today } from '../bandes/public';
import { aFaire } from '../sante/public';
import { commandesALivrer } from '../commandes/public';
import { commandesEcomEnAttente } from '../ecommerce/public';
import { abonnements, entreprisesAbonnees, unsubscribe, PUSH_SHARDS, type Abonnement } from './repository';
import { envoyer } from './push';
import { resumeDuMatin, type FiguresDuJour } from './resume';
import type { NotificationPayload } from '@shared/schemas/notifications';

export interface Bilan {
  entreprises: number;
  suspendues: number;
  utilisateurs: number;
  envoyes: number;
  retires: number;
  erreurs: number;
}

const vide = (): Bilan => ({ entreprises: 0, suspendues: 0, utilisateurs: 0, envoyes: 0, retires: 0, erreurs: 0 });

/** Businesses handled at once: their reads overlap, their sends too (each send is ~1 round trip). */
const CONCURRENCE = 8;

/** Sends `payload` to each of these devices; a gone subscription is removed. */
export async function envoyerA(subs: Abonnement[], payload: NotificationPayload, bilan: Bilan, urgency: 'normal' | 'high' = 'normal'): Promise<void> {
  await Promise.all(
    subs.map(async (s) => {
      const issue = await envoyer(s, payload, urgency);
      if (issue.kind === 'ok') bilan.envoyes++;
      else if (issue.kind === 'gone') {
        bilan.retires++;
        await unsubscribe(s.tenantId, s.userId, s.endpoint);
      } else {
        bilan.erreurs++;
        log.warn('push not delivered', { tenantId: s.tenantId, userId: s.userId, status: issue.status, error: issue.message });
      }
    }),
  );
}

/** Subscriptions by user, of the business's active users only (a disabled account gets nothing). */
async function destinataires(t: number) {
  const subs = await abonnements(t);
  if (!subs.length) return [];
  const users = await listUsers(t);
  return users
    .filter((u) => u.actif !== false)
    .map((u) => ({ user: u, subs: subs.filter((s) => s.userId === u.id) }))
    .filter((d) => d.subs.length > 0);
}

/** One business's morning: its figures read once (only those some recipient may see), one message per user. */
export async function matinEntreprise(t: number, day: string, bilan: Bilan): Promise<void> {
  bilan.entreprises++;
  if (isLapsed(await getSubscription(t), config().graceDays)) {
    bilan.suspendues++;
    return;
  }
  const dest = await destinataires(t);
  if (!dest.length) return;
  const anyone = (c: 'bandav' | 'commav' | 'prav') => dest.some((d) => hasRight(d.user.role, d.user.droits, c));
  const [sante, commandes, enLigne] = await Promise.all([
    anyone('bandav') ? aFaire(t, day) : undefined,
    anyone('commav') ? commandesALivrer(t, day) : undefined,
    anyone('prav') ? commandesEcomEnAttente(t) : undefined,
  ]);
  const figures: FiguresDuJour = {
    ...(sante
      ? {
          sante: {
            etapes_aujourdhui: sante.etapes.filter((e) => e.date_prevue === day).length,
            etapes_en_retard: sante.etapes.filter((e) => e.date_prevue < day).length,
            attentes: sante.attentes.length,
            mortalite: new Set(sante.alertes.map((a) => a.id_bande)).size,
            eau: (sante.eau ?? []).length,
            ...(sante.aliment ? { aliment_jours: sante.aliment.jours_restants } : {}),
          },
        }
      : {}),
    ...(commandes ? { commandes } : {}),
    ...(enLigne !== undefined ? { en_ligne: enLigne } : {}),
  };
  for (const d of dest) {
    const payload = resumeDuMatin(figures, { role: d.user.role, droits: d.user.droits }, day);
    if (!payload) continue;
    bilan.utilisateurs++;
    await envoyerA(d.subs, payload, bilan);
  }
}

/** Runs `fn` over `items`, `n` at a time; a failure of one item is logged and counted, never stops the others. */
async function parPaquets(items: number[], n: number, fn: (t: number) => Promise<void>, bilan: Bilan): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const t = items[next++];
        try {
          await fn(t);
        } catch (err) {
          bilan.erreurs++;
          log.error('morning summary failed for a business', { tenantId: t, error: (err as Error).message });
        }
      }
    }),
  );
}

/**
 * The job: the shards named (one per scheduled invocation in AWS; every shard when none is named,
 * as `npm run notifications:matin` runs it), or only the businesses named (the test stack's hook).
 */
export async function matin(event: { shard?: number; entreprises?: number[] } = {}): Promise<Bilan> {
  const bilan = vide();
  const day = today();
  const started = Date.now();
  let tenants: number[];
  if (event.entreprises) tenants = event.entreprises;
  else {
    const shards = event.shard !== undefined ? [event.shard] : Array.from({ length: PUSH_SHARDS }, (_, i) => i);
    tenants = (await Promise.all(shards.map(entreprisesAbonnees))).flat();
  }
  await parPaquets(tenants, CONCURRENCE, (t) => matinEntreprise(t, day, bilan), bilan);
  log.info('morning summary done', { day, shard: event.shard, ms: Date.now() - started, ...bilan });
  return bilan;
}
