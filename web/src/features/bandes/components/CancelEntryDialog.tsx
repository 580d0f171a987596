// The confirmation asked before cancelling an entry or closing the batch (spec part 1 §4): its
// question, the call, and the refusal shown inside the dialog (with the server's reason when it
// gave one: a collection a loss now depends on…).
import { useState } from 'react';
import { BANDE_MSG } from '@shared/messages/bandes';
import { serverMessage } from '../../../lib/http';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { cancelEntry, closeBande, useBandeMutation, type CancelKind } from '../api/mutations';

/** What is asked: an entry to cancel, or the batch to close. */
export type Cancel = { kind: CancelKind; id: number } | { kind: 'cloture' };

// The confirm button says the title's verb (« Supprimer la dépense » → « Oui, supprimer »).
const CANCEL_TEXT = {
  vente: {
    title: 'Annuler la vente',
    question: 'Voulez-vous vraiment annuler cette vente ?',
    yes: 'Oui, annuler',
    ok: BANDE_MSG.venteCancelled,
    ko: BANDE_MSG.operationFailed,
  },
  depense: {
    title: 'Supprimer la dépense',
    question: 'Voulez-vous vraiment supprimer cette dépense ?',
    yes: 'Oui, supprimer',
    ok: BANDE_MSG.depenseDeleted,
    ko: BANDE_MSG.depenseDeleteFailed,
  },
  perte: {
    title: 'Annuler la perte',
    question: 'Voulez-vous vraiment annuler cette perte ?',
    yes: 'Oui, annuler',
    ok: BANDE_MSG.perteCancelled,
    ko: BANDE_MSG.operationFailed,
  },
  pesage: {
    title: 'Annuler le pesage',
    question: 'Voulez-vous vraiment annuler ce pesage ?',
    yes: 'Oui, annuler',
    ok: BANDE_MSG.pesageCancelled,
    ko: BANDE_MSG.operationFailed,
  },
  collect: {
    title: 'Annuler la collecte',
    question: 'Voulez-vous vraiment annuler cette collecte ?',
    yes: 'Oui, annuler',
    ok: BANDE_MSG.collecteCancelled,
    ko: BANDE_MSG.operationFailed,
  },
  cloture: {
    title: 'Clôturer la bande',
    question: 'Clôturer cette bande ? Elle restera consultable mais ne pourra plus être modifiée, et ses sujets ne compteront plus dans votre abonnement.',
    yes: 'Oui, clôturer',
    ok: BANDE_MSG.closeDone,
    ko: BANDE_MSG.operationFailed,
  },
};

interface Props {
  bandeId: number;
  cancel: Cancel;
  onClose: () => void;
  onDone: (message: string) => void;
}

export function CancelEntryDialog({ bandeId, cancel, onClose, onDone }: Props) {
  const cancelMut = useBandeMutation(cancelEntry);
  const closeMut = useBandeMutation(closeBande);
  const [error, setError] = useState<string | null>(null);
  const text = CANCEL_TEXT[cancel.kind];

  const confirm = () => {
    setError(null);
    const ko = (err: unknown) => serverMessage(err, text.ko, { prefixed: true });
    const done = { onSuccess: () => onDone(text.ok), onError: (err: unknown) => setError(ko(err)) };
    if (cancel.kind === 'cloture') closeMut.mutate(bandeId, done);
    else cancelMut.mutate(cancel, done);
  };

  return (
    <ConfirmDialog
      title={text.title}
      question={text.question}
      confirmLabel={text.yes}
      pending={cancelMut.isPending || closeMut.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
