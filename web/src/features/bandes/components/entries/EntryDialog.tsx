// The frame of an entry dialog: the shared form dialog, the « Êtes-vous sûr ? » question under the
// fields, and the submit button that reads « Oui, enregistrer » while the question is asked.
import type { FormEvent, ReactNode } from 'react';
import { FORM_MSG } from '@shared/messages/sync';
import { Alert } from '../../../../lib/ui/Alert';
import { FormDialog } from '../../../../lib/ui/FormDialog';
import { SureBox, sureLabel } from '../SureCheck';
import type { Entry } from './use-entry';

interface Props {
  title: string;
  entry: Entry<never>;
  onClose: () => void;
  onSubmit: (ev: FormEvent<HTMLFormElement>) => void;
  /** Grey submit button (invalid form) that still reveals what is missing on click. */
  muted?: boolean;
  /** Submit button disabled (the egg sizes do not add up to the total). */
  submitDisabled?: boolean;
  /** Its draft, Back guard and the refusal it corrects (use-entry-draft.ts). */
  frame?: { draft: { restored: boolean; discard: () => void }; guard: boolean; refused?: string };
  children: ReactNode;
}

export function EntryDialog({ title, entry, onClose, onSubmit, muted, submitDisabled, frame, children }: Props) {
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      error={entry.error}
      pending={entry.pending}
      muted={muted}
      submitDisabled={submitDisabled}
      submitLabel={sureLabel(entry.sure)}
      draft={frame?.draft}
      guard={frame?.guard}
    >
      {frame?.refused && <Alert kind="error">{FORM_MSG.refused(frame.refused)}</Alert>}
      {children}
      <SureBox sure={entry.sure} />
    </FormDialog>
  );
}
