// What every entry dialog of the batch detail shares (spec part 1 §2, §5, §8): the entry's day,
// numbers read as typed, and the send that asks « Êtes-vous sûr ? » before a doubtful figure
// (shared/plausibility.ts) and answers with the spec's messages.
import { useMemo, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import type { BandeDetail } from '@shared/schemas/bandes';
import { BANDE_MSG } from '@shared/messages/bandes';
import { batchDayBounds, dayWithin } from '../../../../lib/day-bounds';
import { serverMessage } from '../../../../lib/http';
import { nombreTape } from '../../../../lib/ui/NumberField';
import { savedMessage, type OutboxEntry } from '../../../../lib/offline/outbox';
import { useBandeMutation } from '../../api/mutations';
import { useFreshOnChange, useSure, type Sure } from '../SureCheck';

/** What an entry dialog receives from the batch detail. */
export interface EntryProps {
  bande: BandeDetail;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** An entry the server refused after sync, opened to be corrected (use-entry-draft.ts). */
  refused?: OutboxEntry;
}

/**
 * A number field's text as typed, read by the app's one rule (shared/nombres.ts through
 * lib/ui/NumberField's `nombreTape`): empty → undefined (the schema's "requis"), `2,5` and `2.5`
 * → 2.5, `1 500` → 1500, junk or the ambiguous `1.500` → NaN (the schema's "doit être un nombre").
 * Never a silent 0, never a changed number.
 */
export const asNumber = nombreTape;

/**
 * The day of an entry of this batch: required, from its start to today, with the server's
 * messages; the day is fixed when typed, so an entry sent later still counts on it.
 */
export function useEntryDay(bande: BandeDetail) {
  const bounds = useMemo(() => batchDayBounds(bande.date_demarage), [bande.date_demarage]);
  const day = useMemo(() => dayWithin(bounds, { future: BANDE_MSG.dateFuture, before: BANDE_MSG.dateBeforeStart(bounds.min) }), [bounds]);
  return { bounds, day };
}

export interface Entry<V> {
  /** The refusal (the dialog's own check or the server's), shown above the fields. */
  error: string | null;
  sure: Sure;
  pending: boolean;
  /**
   * Saves `body` once every doubt found is answered yes; the dialog then closes with the success
   * message. `refus`: what the server would refuse (the same shared check, run on the batch detail),
   * shown at once instead of asking « Êtes-vous sûr ? » about a figure that cannot be saved.
   */
  send: (body: V, doubts: (string | null)[], refus?: string | null) => void;
}

/**
 * One entry's save: the refusal and the soft-threshold question are both withdrawn by any change
 * of a field (the figures they were about are gone), so a yes always answers the figures on screen.
 */
export function useEntry<V, R, T extends FieldValues>(
  save: (body: V) => Promise<R>,
  watch: UseFormWatch<T>,
  { saved, failed, onSaved, onFailure }: { saved: string; failed: string; onSaved: (message: string) => void; onFailure?: (err: unknown) => void },
): Entry<V> {
  const mutation = useBandeMutation(save);
  const [error, setError] = useState<string | null>(null);
  const sure = useSure();
  useFreshOnChange(watch, () => {
    setError(null);
    sure.withdraw();
  });
  // A refusal replaces the question (and the button's « Oui, enregistrer »): never both on screen.
  const refuse = (message: string) => {
    sure.withdraw();
    setError(message);
  };
  const send = (body: V, doubts: (string | null)[], refus?: string | null) => {
    setError(null);
    if (refus) return refuse(refus);
    if (!sure.confirmed(doubts)) return;
    mutation.mutate(body, {
      onSuccess: (r) => onSaved(savedMessage(r, saved)),
      onError: (err) => {
        onFailure?.(err);
        // The server's French reason on its own when it gave one (a whole sentence: « Échec… : Il
        // ne reste que… » read as two failures), else the spec's failure message.
        refuse(serverMessage(err, failed));
      },
    });
  };
  return { error, sure, pending: mutation.isPending, send };
}
