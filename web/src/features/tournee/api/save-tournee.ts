// A batch's day from the round: ONE outbox entry (kind 'tournee') whose parts are the loss, the egg
// collection, the feed eaten and the daily sheet typed, each dated on the round's day; the outbox
// sends them in order, each with its own idempotency key, and never a written part twice
// (web/src/lib/offline/outbox.ts, decision 0240).
import { formatDate } from '../../../lib/format';
import { submitWrite, type OutboxPart } from '../../../lib/offline/outbox';
import { bandesKey } from '../../../lib/queries/bandes';
import { dashboardKey } from '../../../lib/queries/tableau-de-bord';
import { santeKey } from '../../../lib/queries/sante';
import { labelTournee } from '../logic/tournee';

/** What a written round changes: the batches (birds, eggs, feed, sheets), the dashboard, « À faire » (water and feed alerts). */
const RELOAD = [bandesKey[0], dashboardKey[0], santeKey[0], 'aliment'];

export const saveTournee = ({ bande, day, parts }: { bande: { id: number; nom: string }; day: string; parts: OutboxPart[] }) =>
  // Always answered Queued: a multi-part entry goes through the outbox (its parts' progress kept there).
  submitWrite<never>({
    kind: 'tournee',
    // A multi-part entry's own url and body only name it (the parts are what is sent).
    url: 'tournee',
    body: { id_bande: bande.id, date: day },
    droit: 'bandav:r',
    bandeId: bande.id,
    bandeNom: bande.nom,
    day,
    invalidate: RELOAD,
    label: labelTournee(day, parts, formatDate),
    parts,
  });
