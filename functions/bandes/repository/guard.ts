// How the writes on a batch's figures are serialised. The BANDE item carries a revision `rev` that
// every write checked against the batch's limits conditions on and moves, so two such writes on
// one batch never both pass on the same reading.
import { addDays } from '@shared/dates';
import type { BandeType } from '@shared/schemas/bandes';

/**
 * The condition every write on a batch's figures carries: the batch is active and not archived
 * (an archived batch takes nothing until restored, like a closed one; `:active` is bound by the
 * caller).
 */
export const OPEN = 'statut = :active AND attribute_not_exists(archive_at)';

/**
 * Conflicts retried in lib/store, for a write whose route retries a lost race itself
 * (functions/bandes/limits.ts `untilWritten`): two writes to one batch conflict when they touch its
 * item at once, and the loser's condition (the batch's revision) fails anyway once the winner
 * commits, so re-reading and re-checking soon beats a long backoff on a write already stale.
 */
export const GUARDED_CONFLICT_ATTEMPTS = 3;

/**
 * How a write on a batch's entries is serialised with the others:
 * - `rev`: the write was checked against the batch as read at revision `rev` (birds alive, eggs of
 *   a day, a weighing's sample, the start date…): it commits only if no other guarded write landed
 *   since, and moves the revision. A loser re-reads, re-checks and writes again (routes).
 * - `start`: the write only needs its day to stay on or after the batch's start (an expense, a
 *   layer batch's egg sale): it commits while the start is before the day after its day, and moves
 *   the revision, so that a batch edit moving the start re-checks the entries. With `type`, it also
 *   commits only while the batch still has the type it was checked on: a layer batch's egg sale
 *   checks no birds, so an edit turning the batch into broilers between its read and its write
 *   must make it fail (300 "birds" sold from 100), not land as birds sold.
 * - `sante_rev` (with either): the write was checked against the batch's withdrawal periods as read
 *   (the BANDE item's `attentes`): it commits only while no treatment was recorded or
 *   cancelled since (`sante_rev` unchanged, or still absent when read as 0), so that a sale checked
 *   before a treatment landed never commits inside its window; the loser reads and checks again.
 *   A treatment's own write carries it too, and moves it.
 * No guard (cancellations): the write only gives birds back or removes a record; nothing to check.
 */
export type Guard = ({ rev: number } | { start: string; type?: BandeType }) & { sante_rev?: number };

export const revGuard = (c: { rev: number }): Guard => ({ rev: c.rev });

/** `guard`, also conditioned on the batch's withdrawal periods as read (`santeRev` of the batch's state). */
export const withSante = (guard: Guard, c: { santeRev: number }): Guard => ({ ...guard, sante_rev: c.santeRev });

function santeParts(guard: Guard): { cond: string[]; values: Record<string, unknown> } {
  if (guard.sante_rev === undefined) return { cond: [], values: {} };
  return guard.sante_rev
    ? { cond: ['sante_rev = :g_srev'], values: { ':g_srev': guard.sante_rev } }
    : { cond: ['attribute_not_exists(sante_rev)'], values: {} };
}

export function guardParts(guard: Guard | undefined): {
  cond: string[];
  values: Record<string, unknown>;
  names?: Record<string, string>;
  bump: boolean;
} {
  if (!guard) return { cond: [], values: {}, bump: false };
  const sante = santeParts(guard);
  if ('rev' in guard)
    return guard.rev
      ? { cond: ['rev = :g_rev', ...sante.cond], values: { ':g_rev': guard.rev, ...sante.values }, bump: true }
      : { cond: ['attribute_not_exists(rev)', ...sante.cond], values: sante.values, bump: true };
  // `date_demarage` may carry a time: "before the next day" is "on or before the day".
  const start = { cond: ['date_demarage < :g_next', ...sante.cond], values: { ':g_next': addDays(guard.start, 1), ...sante.values }, bump: true };
  if (!guard.type) return start;
  return { cond: [...start.cond, '#g_type = :g_type'], values: { ...start.values, ':g_type': guard.type }, names: { '#g_type': 'type' }, bump: true };
}
