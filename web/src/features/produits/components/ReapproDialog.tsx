// Restock dialog (spec part 2 §2, §5): quantity required, at least 1; the stock grows by it. The
// quantity is read as typed: empty, negative or not a number is a French error.
import { useState, type FormEvent } from 'react';
import { MAX_QUANTITE } from '@shared/schemas/common';
import type { Produit } from '@shared/schemas/produits';
import { serverMessage } from '../../../lib/http';
import { keyPerContent } from '@shared/idempotency-key';
import { useNombreField } from '../../../lib/nombre-field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { useNewReappro } from '../api/new-reappro';
import { NumberField } from '../../../lib/ui/NumberField';

/** The spec gives only the gist of this message (part 2 §8); see docs/decisions.md. */
export const REAPPRO_FAILED = 'Un problème est survenu lors du traitement de votre requête, veuillez réessayer plus tard.';

interface Props {
  produit: Produit;
  onClose: () => void;
  onSaved: () => void;
}

export function ReapproDialog({ produit, onClose, onSaved }: Props) {
  const save = useNewReappro();
  // One key per content for this dialog: the same restock sent again carries the same key.
  const [keyFor] = useState(keyPerContent);
  const quantite = useNombreField();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function submit(ev: FormEvent) {
    ev.preventDefault();
    setError(null);
    const q = quantite.read({ label: 'La quantité', feminin: true, min: 1, max: MAX_QUANTITE });
    if (!q.ok) return setFieldError(q.message);
    setFieldError(null);
    const input = { id_produit: produit.id, quantite: q.value };
    save.mutate({ input, key: keyFor(input) }, { onSuccess: onSaved, onError: (err) => setError(serverMessage(err, REAPPRO_FAILED)) });
  }

  return (
    <FormDialog
      title={`Réapprovisionner ${produit.nom}`}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      pending={save.isPending}
      cancel
      submitLabel="Valider"
    >
      <p className="muted">Stock actuel : {produit.quantite}</p>
      <NumberField id="r-quantite" label="Quantité" {...quantite.inputProps} error={fieldError ?? undefined} />
    </FormDialog>
  );
}
