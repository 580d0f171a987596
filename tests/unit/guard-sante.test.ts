// The batch guard's withdrawal part (decision 0227): a sale, a slaughter or a shop sale
// carries the batch's `sante_rev` as read, so that a treatment landing between its check and its
// write makes the write fail its condition; and the 409 of a withdrawal is a final answer, never
// retried as a lost race by `untilWritten`. (The condition against DynamoDB Local, and the race:
// tests/api/sante-traitements.test.ts.)
import { describe, expect, it } from 'vitest';
import { guardParts, withSante, type Guard } from '../../functions/bandes/repository/guard';
import { businessConflict, refused } from '../../functions/lib/errors';
import { untilWritten } from '../../functions/lib/refusal';

describe('guardParts with sante_rev', () => {
  it('conditions on sante_rev as read, or its absence when read as 0, with either guard', () => {
    const rev = guardParts(withSante({ rev: 4 }, { santeRev: 2 }));
    expect(rev.cond).toEqual(['rev = :g_rev', 'sante_rev = :g_srev']);
    expect(rev.values).toEqual({ ':g_rev': 4, ':g_srev': 2 });
    const first = guardParts(withSante({ rev: 0 }, { santeRev: 0 }));
    expect(first.cond).toEqual(['attribute_not_exists(rev)', 'attribute_not_exists(sante_rev)']);
    const start = guardParts(withSante({ start: '2026-11-20', type: 'pondeuse' }, { santeRev: 3 }));
    expect(start.cond).toEqual(['date_demarage < :g_next', 'sante_rev = :g_srev', '#g_type = :g_type']);
    expect(start.values).toEqual({ ':g_next': '2026-11-21', ':g_srev': 3, ':g_type': 'pondeuse' });
    expect(start.bump).toBe(true);
  });

  it('adds nothing to a guard that did not read the withdrawals (an expense, a loss)', () => {
    const g: Guard = { start: '2026-11-20' };
    expect(guardParts(g).cond).toEqual(['date_demarage < :g_next']);
    expect(guardParts({ rev: 2 }).cond).toEqual(['rev = :g_rev']);
  });
});

describe("a withdrawal's 409 is final", () => {
  it('untilWritten raises it at once, where it retries a conflict 409', async () => {
    let calls = 0;
    const final = businessConflict("Délai d'attente en cours");
    await expect(
      untilWritten(
        async () => {
          calls++;
          throw final;
        },
        5,
        () => refused(409, 'épuisé'),
      ),
    ).rejects.toBe(final);
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      untilWritten(
        async () => {
          calls++;
          throw refused(409, 'conflit');
        },
        3,
        () => refused(409, 'épuisé'),
      ),
    ).rejects.toThrow('épuisé');
    expect(calls).toBe(3);
  });
});
