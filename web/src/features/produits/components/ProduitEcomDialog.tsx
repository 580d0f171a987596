// Online product dialog (spec part 2 §2, §5, §8), opened from a product (new online product) or
// from the online product list (edit): type poulet/materiel, name, unit price, description, city,
// address and photos. A new one needs a photo ('veuillez choisir une image'); only image files are
// accepted; each photo is scaled down in the browser and sent to api/produit/saveEcomImage.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import {
  addToEcomSchema,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
  MAX_PHOTO_SOURCE_BYTES,
  smallImage,
  TYPE_LABELS,
  TYPES_PRODUIT,
  type ProduitEcom,
} from '@shared/schemas/ecommerce';
import type { Produit } from '@shared/schemas/produits';
import { MAX_PRIX, z, unwrap } from '@shared/schemas/common';
import { PAYS_VILLE_LABELS, villeDeLaListe, VILLES, type PaysVille } from '@shared/villes';
import { serverMessage } from '../../../lib/http';
import { nombreSaisi } from '../../../lib/nombre-schema';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { saveEcomImage, useAddToEcom } from '../api/ecom';
import { shrinkPhoto } from '../logic/shrink-photo';
import '../produits-ecom.css';
import { NumberField } from '../../../lib/ui/NumberField';
import { SHOP_MSG } from '@shared/messages/shop';

const MO = 1024 * 1024;

/** The product's country follows its town (the list's first town of that name). */
function paysOf(ville: string): { pays: string; code_pays: PaysVille } {
  const pays = VILLES.find((v) => v.nom === ville)?.pays ?? 'sn';
  return pays === 'ci' ? { pays: "Cote d'Ivoire", code_pays: 'ci' } : { pays: 'Senegal', code_pays: 'sn' };
}

// The price is read as typed: empty, negative or not a number is a French error.
const ecomForm = z.extend(unwrap(addToEcomSchema), { prix_unitaire: nombreSaisi({ label: 'Le prix unitaire', min: 1, max: MAX_PRIX }) });
type Input = z.input<typeof ecomForm>;
type Output = z.output<typeof ecomForm>;

interface Props {
  /** A new online product from this product… */
  produit?: Produit;
  /** …or an edit of this one. */
  existing?: ProduitEcom;
  onClose: () => void;
  onSaved: (p: ProduitEcom, created: boolean) => void;
}

export function ProduitEcomDialog({ produit, existing, onClose, onSaved }: Props) {
  const save = useAddToEcom();
  const [error, setError] = useState<string | null>(null);
  const [images, setImages] = useState<string[]>(existing?.images ?? []);
  const [imageError, setImageError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Publishing in one step: a new online product is published as it is saved (within the
  // plan's limit, whose message shows here when reached); unticked, it is saved unpublished.
  const [publier, setPublier] = useState(!existing);
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(ecomForm),
    defaultValues: {
      id: existing?.id ?? 0,
      id_produit: existing?.id_produit ?? produit?.id ?? 0,
      produit: existing?.nom_produit ?? produit?.nom ?? '',
      prix_unitaire: String(existing?.prix_unitaire ?? produit?.prix_vente ?? ''),
      type_produit: existing?.type_produit ?? 'poulet',
      description: existing?.description ?? produit?.description ?? '',
      // A town typed before the list existed and not found in it: the seller picks one again.
      ville: villeDeLaListe(existing?.ville ?? '') ?? '',
      adresse: existing?.adresse ?? '',
    },
  });
  const e = formState.errors;

  async function onFiles(ev: ChangeEvent<HTMLInputElement>) {
    const files = [...(ev.target.files ?? [])];
    ev.target.value = '';
    if (!files.length) return;
    setImageError(null);
    if (files.some((f) => !f.type.startsWith('image/'))) {
      setImageError(ECOM_MSG.imageRequired);
      return;
    }
    if (images.length + files.length > MAX_IMAGES) {
      setImageError(ECOM_MSG.tooManyImages(MAX_IMAGES));
      return;
    }
    // The limit is said before anything is sent (never the gateway's "Requête trop
    // volumineuse").
    const heavy = files.find((f) => f.size > MAX_PHOTO_SOURCE_BYTES);
    if (heavy) {
      setImageError(ECOM_MSG.photoTooLarge(heavy.name, MAX_PHOTO_SOURCE_BYTES / MO));
      return;
    }
    setUploading(true);
    try {
      for (const f of files) {
        const small = await shrinkPhoto(f);
        // Not reducible here (a format this browser cannot decode) and still over the API's limit.
        if (small.size > MAX_IMAGE_BYTES) {
          setImageError(ECOM_MSG.imageTooLarge(MAX_IMAGE_BYTES / MO));
          return;
        }
        const { img } = await saveEcomImage(small, f.name);
        setImages((list) => [...list, img]);
      }
    } catch (err) {
      setImageError(serverMessage(err, ECOM_MSG.imageSaveFailed));
    } finally {
      setUploading(false);
    }
  }

  const onSubmit = handleSubmit((v) => {
    setError(null);
    if (!existing && images.length === 0) {
      setImageError(ECOM_MSG.imageRequired);
      return;
    }
    save.mutate(
      { ...v, images, currency: 'XOF', ...paysOf(v.ville), publier: !existing && publier },
      {
        onSuccess: (p) => onSaved(p, !existing),
        // 400: a field or an archived product; 422: the plan's number of online products.
        onError: (err) => setError(serverMessage(err, SHOP_MSG.produitSaveFailed)),
      },
    );
  });

  return (
    <FormDialog
      title={existing ? 'Modifier le produit en ligne' : 'Mettre le produit en ligne'}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={save.isPending || uploading}
      cancel
      submitLabel={!existing && publier ? 'Enregistrer et publier' : 'Enregistrer'}
    >
      <div className="form-grid">
        <div className="field">
          <label htmlFor="ecom-type">Type de produit</label>
          <select id="ecom-type" {...register('type_produit')}>
            {TYPES_PRODUIT.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
          {e.type_produit && <p className="field-error">{e.type_produit.message}</p>}
        </div>
        <Field label="Nom du produit" autoComplete="off" {...register('produit')} error={e.produit?.message} />
        <NumberField label="Prix unitaire (FCFA)" {...register('prix_unitaire')} error={e.prix_unitaire?.message} />
        <div className="field">
          <label htmlFor="ecom-ville">Ville</label>
          <select id="ecom-ville" aria-invalid={e.ville ? true : undefined} {...register('ville')}>
            <option value="">Choisir une ville</option>
            {(['sn', 'ci'] as const).map((pays) => (
              <optgroup key={pays} label={PAYS_VILLE_LABELS[pays]}>
                {VILLES.filter((v) => v.pays === pays).map((v) => (
                  <option key={`${pays}-${v.nom}`} value={v.nom}>
                    {v.nom === v.region ? v.nom : `${v.nom} (${v.region})`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {e.ville && <p className="field-error">{e.ville.message}</p>}
        </div>
        <Field label="Adresse" autoComplete="street-address" {...register('adresse')} error={e.adresse?.message} />
      </div>
      <div className="field">
        <label htmlFor="ecom-description">Description</label>
        <textarea id="ecom-description" rows={3} aria-invalid={e.description ? true : undefined} {...register('description')} />
        {e.description && <p className="field-error">{e.description.message}</p>}
      </div>
      <div className="field">
        <label htmlFor="ecom-images">Images</label>
        <input
          id="ecom-images"
          type="file"
          accept="image/*"
          multiple
          aria-describedby="ecom-images-hint"
          onChange={onFiles}
          disabled={uploading || images.length >= MAX_IMAGES}
        />
        <p className="muted" id="ecom-images-hint">
          {ECOM_MSG.photoHint(MAX_PHOTO_SOURCE_BYTES / MO)}
        </p>
        {uploading && <p className="muted">Envoi de l'image ...</p>}
        {imageError && (
          <p className="field-error" role="alert">
            {imageError}
          </p>
        )}
        {images.length > 0 && (
          <ul className="ecom-thumbs">
            {images.map((img) => (
              <li key={img}>
                <img src={smallImage(img)} alt="" width={96} height={72} loading="lazy" />
                <button type="button" className="btn btn-small" aria-label="Retirer l'image" onClick={() => setImages((l) => l.filter((x) => x !== img))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {!existing && (
        <label className="checkbox">
          <input type="checkbox" checked={publier} onChange={(e) => setPublier(e.target.checked)} data-testid="ecom-publier" />
          Publier tout de suite sur la vitrine
        </label>
      )}
    </FormDialog>
  );
}
