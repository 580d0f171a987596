// Stock adjustment dialog: after a loss, a theft or a miscount the shopkeeper enters the
// stock counted on the shelf and a reason; the difference is recorded in the restock history. The
// count is read as typed: empty, negative or not a number is a French error.
import { useState, type FormEvent } from 'react';
import { lireNombre } from '@shared/nombres';
import { MAX_STOCK } from '@shared/schemas/common';
import { SHOP_MSG } from '@shared/messages/shop';
import { ajustementSchema, type Produit } from '@shared/schemas/produits';
import { serverMessage } from '../../../lib/http';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { useAjustement } from '../api/ajustement';
import { REAPPRO_FAILED } from './ReapproDialog';
import { NumberField } from '../../../lib/ui/NumberField';

interface Props {
  produit: Produit;
  onClose: () => void;
  onSaved: () => void;
}

export function AjustementDialog({ produit, onClose, onSaved }: Props) {
  const save = useAjustement();
  const [quantite, setQuantite] = useState(String(produit.quantite));
  const [motif, setMotif] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ quantite?: string; motif?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const counted = lireNombre(quantite, { label: 'Le stock compté', max: MAX_STOCK });
  const diff = counted.ok ? counted.value - produit.quantite : null;

  function submit(ev: FormEvent) {
    ev.preventDefault();
    setError(null);
    // A count that does not read is reported as such below; the schema then only checks the reason.
    const parsed = ajustementSchema.safeParse({ id_produit: produit.id, quantite: counted.ok ? counted.value : 0, motif });
    if (!counted.ok || !parsed.success) {
      const errs: { quantite?: string; motif?: string } = counted.ok ? {} : { quantite: counted.message };
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const k = issue.path[0] as 'quantite' | 'motif';
        errs[k] ??= issue.message;
      }
      return setFieldErrors(errs);
    }
    setFieldErrors({});
    save.mutate(parsed.data, {
      onSuccess: onSaved,
      onError: (err) => setError(serverMessage(err, REAPPRO_FAILED)),
    });
  }

  return (
    <FormDialog
      title={`Ajuster le stock : ${produit.nom}`}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      pending={save.isPending}
      cancel
      submitLabel="Valider"
    >
      <p className="muted">Stock enregistré : {produit.quantite}</p>
      <NumberField id="a-quantite" label="Stock compté" value={quantite} onChange={(e) => setQuantite(e.target.value)} error={fieldErrors.quantite} />
      {diff !== null && diff !== 0 && (
        <p className="muted" data-testid="ajustement-ecart">
          Écart : {diff > 0 ? `+${diff}` : diff}
        </p>
      )}
      <div className="field">
        <label htmlFor="a-motif">Motif</label>
        <input
          id="a-motif"
          type="text"
          maxLength={200}
          placeholder="Perte, vol, casse, inventaire…"
          value={motif}
          onChange={(e) => setMotif(e.target.value)}
          aria-invalid={fieldErrors.motif ? true : undefined}
        />
        {fieldErrors.motif && <p className="field-error">{fieldErrors.motif}</p>}
      </div>
    </FormDialog>
  );
}

export const AJUSTEMENT_SAVED = SHOP_MSG.ajustementSaved;
