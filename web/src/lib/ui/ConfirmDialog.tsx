// Confirmation dialog asked before a cancel (spec part 1 §4): the question, Non / Oui, and the
// call's failure shown inside the dialog.
import { Modal } from './Modal';

interface Props {
  title: string;
  question: string;
  confirmLabel?: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ title, question, confirmLabel = 'Oui, annuler', pending, error, onConfirm, onClose }: Props) {
  return (
    <Modal title={title} onClose={onClose} busy={pending}>
      <p>{question}</p>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose} disabled={pending}>
          Non
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={pending}>
          {pending ? 'Chargement…' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
