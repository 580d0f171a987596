// The frame every form dialog shares: a Modal that cannot close while its call runs, an unvalidated
// (by the browser) form, the call's failure on top, the fields, then the actions row with an optional
// Annuler and the submit button that reads "Chargement…" while pending. A failure shown above the
// fields goes away as soon as the user changes a field (its cause may be fixed: a stale refusal
// would contradict what the form now says) and comes back with the next failed send.
// A form given `guard` (it holds typed values) is not dropped by the phone's Back button, Escape or
// a tap outside: it asks « Abandonner cette saisie ? » first (lib/use-back-guard.ts).
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FORM_MSG } from '@shared/messages/sync';
import { useBackGuard } from '../use-back-guard';
import { Alert } from './Alert';
import { Modal } from './Modal';
import { SubmitButton } from './SubmitButton';

interface Props {
  title: string;
  onClose: () => void;
  onSubmit: (ev: FormEvent<HTMLFormElement>) => void;
  /** The call's failure, shown above the fields. */
  error: string | null;
  /** The call runs: the dialog cannot close and the submit button waits. */
  pending: boolean;
  submitLabel: ReactNode;
  /** Grey submit button (invalid form) that still reveals what is missing on click. */
  muted?: boolean;
  /** Submit button disabled, for a form that cannot be sent yet (no client, wrong sum). */
  submitDisabled?: boolean;
  /** An Annuler button before the submit button; it closes the dialog. */
  cancel?: boolean;
  wide?: boolean;
  /** A draft kept on the device was put back (lib/use-draft.ts): said above the fields, with a way to drop it. */
  draft?: { restored: boolean; discard: () => void };
  /**
   * The form holds typed values (react-hook-form's isDirty): Back, Escape and a tap outside ask
   * before dropping it (Back once the typed values are all erased just closes it).
   */
  guard?: boolean;
  children: ReactNode;
}

export function FormDialog({ title, onClose, onSubmit, error, pending, submitLabel, muted, submitDisabled, cancel, wide, draft, guard, children }: Props) {
  const back = useBackGuard(!!guard, onClose);
  const stayButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (back.asking) stayButton.current?.focus();
  }, [back.asking]);
  // Whether the fields changed since `error` was set (state adjusted during render, not in an effect).
  const [seen, setSeen] = useState({ error, edited: false });
  if (seen.error !== error) setSeen({ error, edited: false });
  const shown = error && !(seen.error === error && seen.edited) ? error : null;
  return (
    <Modal title={title} onClose={onClose} busy={pending} wide={wide} onDismiss={guard ? back.ask : undefined}>
      <form
        onSubmit={(ev) => {
          setSeen({ error, edited: false });
          onSubmit(ev);
        }}
        onChange={() => error && !seen.edited && setSeen({ error, edited: true })}
        noValidate
      >
        {shown && <Alert kind="error">{shown}</Alert>}
        {draft?.restored && (
          <div className="draft-note" role="status" data-testid="draft-note">
            <span>Brouillon retrouvé : vos saisies non enregistrées ont été remises.</span>
            <button type="button" className="btn btn-small" onClick={draft.discard} disabled={pending}>
              Effacer le brouillon
            </button>
          </div>
        )}
        {children}
        {back.asking && (
          <div className="leave-question" role="alert" data-testid="leave-question">
            <p>{FORM_MSG.leaveQuestion}</p>
            <div className="modal-actions">
              <button type="button" className="btn" ref={stayButton} onClick={back.stay}>
                {FORM_MSG.leaveStay}
              </button>
              <button type="button" className="btn btn-danger" onClick={onClose}>
                {FORM_MSG.leaveConfirm}
              </button>
            </div>
          </div>
        )}
        <div className="modal-actions" style={back.asking ? { display: 'none' } : undefined}>
          {cancel && (
            <button type="button" className="btn" onClick={onClose} disabled={pending}>
              Annuler
            </button>
          )}
          <SubmitButton pending={pending} muted={muted} disabled={submitDisabled}>
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
