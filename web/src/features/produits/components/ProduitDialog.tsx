// New / edit product dialog (spec part 2 §2, §5). Quantity and prices are read as typed:
// empty, negative (−5, −1, −2) or not a number is a French error under the field, never a silent 0
// (type 0 for a free product: « Êtes-vous sûr ? » asks first, a price left at 0 by mistake would
// sell for nothing). The stock of an existing product moves only through restocks and
// sales, so its quantity is shown read-only here.
import { serverMessage } from '../../../lib/http';
import { keyPerContent } from '@shared/idempotency-key';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SHOP_MSG } from '@shared/messages/shop';
import { PRODUCTION_MSG } from '@shared/messages/production';
import { produitSchema, type Produit } from '@shared/schemas/produits';
import { MAX_PRIX, MAX_QUANTITE, z, unwrap } from '@shared/schemas/common';
import { lireNombre } from '@shared/nombres';
import { nombreSaisi } from '../../../lib/nombre-schema';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { SureBox, sureLabel, useSure, useWithdrawOnChange } from '../../../lib/ui/SureBox';
import { useDraft } from '../../../lib/use-draft';
import { useSaveProduit } from '../api/save-produit';
import { NumberField } from '../../../lib/ui/NumberField';

/**
 * « Œufs par unité » is optional: left empty, the product is not an egg product (null,
 * which the server stores as "none", so clearing it on an edit takes the mark off); typed, it is
 * read by the app's one number rule, 1 to 360 (the schema's bounds).
 */
const oeufsParUniteServeur = unwrap(produitSchema).shape.oeufs_par_unite;
const oeufsParUnite = z.pipe(
  z.optional(z.nullable(z.union([z.string(), z.number()]))),
  z.transform((v, ctx) => {
    if (v === null || v === undefined || String(v).trim() === '') return null;
    const r = lireNombre(String(v), { label: PRODUCTION_MSG.oeufsParUniteLabel, min: 1 });
    // The bounds are the request schema's, worded by it (one source for the screen and the server).
    const ok = r.ok ? oeufsParUniteServeur.safeParse(r.value) : null;
    const message = !r.ok ? r.message : ok && !ok.success ? ok.error.issues[0].message : null;
    if (message) {
      ctx.issues.push({ code: 'custom', message, input: v });
      return null; // never read: the issue above fails the parse
    }
    return r.ok ? r.value : null;
  }),
);

const produitForm = z.extend(unwrap(produitSchema), {
  quantite: nombreSaisi({ label: 'La quantité', feminin: true, max: MAX_QUANTITE }),
  prix_cession: nombreSaisi({ label: 'Le prix de cession', max: MAX_PRIX }),
  prix_vente: nombreSaisi({ label: 'Le prix de vente', max: MAX_PRIX }),
  oeufs_par_unite: oeufsParUnite,
});
type Input = z.input<typeof produitForm>;
type Output = z.output<typeof produitForm>;

/** The draft key of the product form (lib/use-draft.ts): the list reopens a creation left unsaved. */
export const produitDraftKey = (id?: number) => `produit-${id ?? 'new'}`;

interface Props {
  produit: Produit | null;
  onClose: () => void;
  onSaved: (p: Produit) => void;
}

export function ProduitDialog({ produit, onClose, onSaved }: Props) {
  const save = useSaveProduit();
  // The same product sent again (a second tap, a retry after a lost answer) keeps its key.
  const [keyFor] = useState(keyPerContent);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(produitForm),
    defaultValues: {
      id: produit?.id ?? 0,
      nom: produit?.nom ?? '',
      description: produit?.description ?? '',
      // A new product starts with a visible 0 in stock (stock usually arrives by restock); the
      // prices start empty: a price is typed, never assumed.
      quantite: produit ? String(produit.quantite) : '0',
      prix_cession: produit ? String(produit.prix_cession) : '',
      prix_vente: produit ? String(produit.prix_vente) : '',
      oeufs_par_unite: produit?.oeufs_par_unite ? String(produit.oeufs_par_unite) : '',
    },
  });
  const { register, handleSubmit, formState, watch } = form;
  const draft = useDraft(produitDraftKey(produit?.id), form);
  const close = () => (draft.clear(), onClose());
  const e = formState.errors;
  const sure = useSure();
  useWithdrawOnChange(watch, sure);

  const onSubmit = handleSubmit((v) => {
    setError(null);
    if (!sure.confirmed([v.prix_vente === 0 ? SHOP_MSG.prixVenteZero : null])) return;
    const input = { ...v, id: produit?.id ?? 0 };
    save.mutate(
      { input, key: keyFor(input) },
      { onSuccess: (p) => (draft.clear(), onSaved(p)), onError: (err) => setError(serverMessage(err, SHOP_MSG.produitSaveFailed)) },
    );
  });

  return (
    <FormDialog
      title={produit ? 'Modifier le produit' : 'Créer produit'}
      onClose={close}
      draft={draft}
      onSubmit={onSubmit}
      error={error}
      pending={save.isPending}
      cancel
      submitLabel={sureLabel(sure)}
    >
      <SureBox sure={sure} />
      <div className="form-grid">
        <Field label="Nom" autoComplete="off" {...register('nom')} error={e.nom?.message} />
        <NumberField
          label="Quantité"
          readOnly={!!produit}
          title={produit ? 'Le stock change par réapprovisionnement ou par vente' : undefined}
          {...register('quantite')}
          error={e.quantite?.message}
        />
        <NumberField label="Prix de cession" {...register('prix_cession')} error={e.prix_cession?.message} />
        <NumberField label="Prix de vente" {...register('prix_vente')} error={e.prix_vente?.message} />
        <div>
          <NumberField
            label="Œufs par unité"
            {...register('oeufs_par_unite')}
            error={e.oeufs_par_unite?.message}
            aria-describedby={e.oeufs_par_unite ? 'f-oeufs_par_unite-err p-oeufs-hint' : 'p-oeufs-hint'}
          />
          <p className="muted small" id="p-oeufs-hint">
            {PRODUCTION_MSG.oeufsParUniteAide}
          </p>
        </div>
      </div>
      <div className="field">
        <label htmlFor="p-description">Description</label>
        <textarea id="p-description" rows={3} {...register('description')} />
      </div>
    </FormDialog>
  );
}
