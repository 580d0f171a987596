// What makes a batch entry easy to correct: its dialog keeps a draft on the
// device like the product and client forms (lib/use-draft.ts), per batch and per entry corrected,
// so a dialog dropped by the phone (Back pressed twice, the tab killed behind a call) opens again
// on what was typed; saving or closing on purpose forgets it. The dialog asks before Back, Escape
// or a tap outside drops typed values (lib/use-back-guard.ts, through the `guard` of FormDialog).
// Opened on an entry the server refused after sync (`refused`, from the outbox), the dialog is
// prefilled with what was typed and says why it was refused; once the corrected entry is written
// (or kept on the device), the refused one leaves the outbox (lib/offline/outbox.ts replaceRefused).
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { replaceRefused, type OutboxEntry } from '../../../../lib/offline/outbox';
import { useDraft } from '../../../../lib/use-draft';

/** The draft key of a batch entry dialog: its kind, its batch, and the entry it corrects (if any). */
export const entryDraftKey = (kind: string, bandeId: number, of?: number | string) => `saisie-${kind}-${bandeId}-${of ?? 'new'}`;

/** The refused entry's body, as the dialog's values are read from it. */
export const refusedBody = <B>(refused: OutboxEntry | undefined): B | undefined => refused?.body as B | undefined;

export function useEntryDraft<T extends FieldValues>(
  key: string,
  form: Pick<UseFormReturn<T>, 'watch' | 'reset' | 'getValues' | 'formState'>,
  { onSaved, onClose, refused }: { onSaved: (message: string) => void; onClose: () => void; refused?: OutboxEntry },
) {
  const draft = useDraft(refused ? `${key}-corr-${refused.id}` : key, form);
  return {
    onClose: () => {
      draft.clear();
      onClose();
    },
    onSaved: (message: string) => {
      draft.clear();
      if (refused) void replaceRefused(refused.id);
      onSaved(message);
    },
    /** For EntryDialog: the restored draft's note, the Back guard, the refusal being corrected. */
    frame: { draft, guard: form.formState.isDirty, refused: refused?.error },
  };
}
