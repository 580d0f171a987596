// New or edit slaughter /newabatage, /newabatage/{id} (spec part 2 §2, §5, §8): total chickens,
// band choice (name / birds alive), an Ajouter category checkbox opening the category form
// (quantity ≥ 1, weights ≥ 0.1, min ≤ max, no duplicate: 'Cette categorie existe déja'), the
// category table with Supprimer, and the save button; categories must sum to the total.
// The slaughter's day lies between the chosen batch's start and today (the picker is
// bounded, a day typed outside says why in the server's words); numbers are read as typed; a
// refusal of the server is shown with its reason and goes away when a field changes.
// Each category may name the shop product its birds become (« Poulet PAC »): the server
// adds them to its stock in the slaughter's transaction. The select shows only to a user with the
// products' right (the server refuses a product without it, 403) and lists the active products.
// Offline, the same checks run and the slaughter waits in the outbox with its day; one the server
// refuses once it arrives (« À corriger ») opens here (?corriger=<entry>) prefilled with what was
// typed and the server's words, and its correction replaces it.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ABATTAGE_MSG } from '@shared/messages/abattages';
import { abattageSchema, categorySchema, sameCategory, type Abattage } from '@shared/schemas/abattages';
import { batchDayBounds, dayWithin, today } from '../../../lib/day-bounds';
import { sujetsVivants } from '@shared/formulas';
import { formatNumber } from '../../../lib/format';
import { serverMessage, loadMessage } from '../../../lib/http';
import { isQueued, replaceRefused, savedMessage, useOutbox, type OutboxEntry } from '../../../lib/offline/outbox';
import { Alert } from '../../../lib/ui/Alert';
import { NumberField, nombreTape } from '../../../lib/ui/NumberField';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { estAbattage, type AbattageEnvoi } from '../../../lib/abattage/abattage';
import { useAbattage, useBandesForAbattage, useProduitsForAbattage, useSaveAbattage } from '../api/abattages';
import { usePermission } from '../../../lib/api/check-permission';
import { PRODUCTION_MSG } from '@shared/messages/production';

interface Line {
  /** The stored category's id, or a negative key for a new one. */
  id: number;
  quantite: number;
  poids_min: number;
  poids_max: number;
  /** The shop product the birds become, null: none. */
  id_produit: number | null;
  /** Its name, for the table (a stored category's, or the picked product's). */
  produit?: string;
}

const CATEGORY_COLUMNS: Column<Line>[] = [
  { label: 'Quantité', cell: (l) => formatNumber(l.quantite), className: 'num' },
  { label: 'Poids min (kg)', cell: (l) => formatNumber(l.poids_min), className: 'num' },
  { label: 'Poids max (kg)', cell: (l) => formatNumber(l.poids_max), className: 'num' },
  { label: 'Produit', cell: (l) => l.produit ?? PRODUCTION_MSG.aucunProduit, className: 'wrap' },
];

/**
 * A number field's text as typed, by the app's one reading (lib/ui/NumberField): empty → undefined (the schema's
 * "requis"), `2,5` = `2.5`, junk or an ambiguous `1.500` → NaN (its "doit être un nombre"), never 0.
 */
const num = (s: string) => nombreTape.setValueAs(s);

/** What a refused entry held, as the form's fields (its categories keep their stored ids; new ones get negative keys). */
function typed(refused: OutboxEntry) {
  const b = refused.body as Partial<AbattageEnvoi>;
  let key = 0;
  return {
    quantite: b.quantite != null ? String(b.quantite) : '',
    idBande: b.id_bande ? String(b.id_bande) : '',
    date: b.date?.slice(0, 10) ?? today(),
    lines: (b.category ?? []).map((c): Line => ({
      id: (c.id ?? -1) > 0 ? (c.id as number) : --key,
      quantite: c.quantite,
      poids_min: c.poids_min,
      poids_max: c.poids_max,
      id_produit: c.id_produit ?? null,
    })),
    deleted: b.deleted_categories_id ?? [],
    nextKey: key - 1,
  };
}

function AbattageForm({ abatage, refused }: { abatage: Abattage | null; refused?: OutboxEntry }) {
  const navigate = useNavigate();
  const save = useSaveAbattage();
  const bandes = useBandesForAbattage();
  const peutProduits = usePermission('prav').data === true;
  const produits = useProduitsForAbattage(peutProduits);
  const [init] = useState(() => (refused ? typed(refused) : null));
  const [quantite, setQuantite] = useState(init?.quantite ?? (abatage ? String(abatage.quantite) : ''));
  const [idBande, setIdBande] = useState(init?.idBande ?? (abatage ? String(abatage.id_bande) : ''));
  const [date, setDate] = useState(init?.date ?? abatage?.date.slice(0, 10) ?? today());
  const [lines, setLines] = useState<Line[]>(
    init?.lines ??
      (abatage?.categories ?? []).map((c) => ({
        id: c.id,
        quantite: c.quantite,
        poids_min: c.poids_min,
        poids_max: c.poids_max,
        id_produit: c.id_produit ?? null,
        produit: c.produit?.nom,
      })),
  );
  const [deleted, setDeleted] = useState<number[]>(init?.deleted ?? []);
  const [showCategory, setShowCategory] = useState(false);
  const [cat, setCat] = useState({ quantite: '', poids_min: '', poids_max: '', id_produit: '' });
  const [catError, setCatError] = useState<string | null>(null);
  // A refused entry opens with the server's words.
  const [error, setError] = useState<string | null>(refused?.error ?? null);
  const [nextKey, setNextKey] = useState(init?.nextKey ?? -1);
  // A category read back from a refused entry names its product by id only.
  const shown = lines.map((l) => (l.produit || !l.id_produit ? l : { ...l, produit: produits.data?.find((p) => p.id === l.id_produit)?.nom }));

  const total = lines.reduce((s, l) => s + l.quantite, 0);
  // The chosen batch's start bounds the day (the one of an edited slaughter's batch, when it is closed, is not known here).
  const debut = bandes.data?.find((b) => String(b.id) === idBande)?.date_demarage;
  const bounds = debut ? batchDayBounds(debut) : { min: undefined, max: today() };
  /** A field changed: the last refusal no longer speaks of what is on screen. */
  const edited =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      setError(null);
      set(v);
    };

  function addCategory() {
    setCatError(null);
    setError(null);
    const parsed = categorySchema.safeParse({ quantite: num(cat.quantite), poids_min: num(cat.poids_min), poids_max: num(cat.poids_max) });
    if (!parsed.success) return setCatError(parsed.error.issues[0].message);
    if (lines.some((l) => sameCategory(l, parsed.data))) return setCatError(ABATTAGE_MSG.duplicateCategory);
    const produit = produits.data?.find((p) => String(p.id) === cat.id_produit);
    setLines((prev) => [
      ...prev,
      {
        id: nextKey,
        quantite: parsed.data.quantite,
        poids_min: parsed.data.poids_min,
        poids_max: parsed.data.poids_max,
        id_produit: produit?.id ?? null,
        produit: produit?.nom,
      },
    ]);
    setNextKey((k) => k - 1);
    setCat({ quantite: '', poids_min: '', poids_max: '', id_produit: '' });
  }

  function removeLine(l: Line) {
    setError(null);
    setLines((prev) => prev.filter((x) => x.id !== l.id));
    if (l.id > 0) setDeleted((prev) => [...prev, l.id]);
  }

  function submit(ev: FormEvent) {
    ev.preventDefault();
    setError(null);
    const parsed = abattageSchema.safeParse({
      id: abatage?.id ?? -1,
      quantite: num(quantite),
      id_bande: idBande ? Number(idBande) : undefined,
      date: date || null,
      category: lines.map((l) => ({
        id: l.id > 0 ? l.id : -1,
        quantite: l.quantite,
        poids_min: l.poids_min,
        poids_max: l.poids_max,
        // Sent only when named: a record without products reads as before to the server.
        ...(l.id_produit ? { id_produit: l.id_produit } : {}),
      })),
      deleted_categories_id: deleted,
    });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    // Without the batch's start at hand (none chosen yet) only the future is checked here.
    const min = bounds.min ?? '1900-01-01';
    const day = dayWithin({ min, max: bounds.max }, { future: ABATTAGE_MSG.dateFuture, before: ABATTAGE_MSG.dateBeforeStart(min) }).safeParse(date);
    if (!day.success) return setError(day.error.issues[0].message);
    const bandeNom = bandes.data?.find((b) => b.id === parsed.data.id_bande)?.nom ?? abatage?.bande.nom;
    save.mutate(
      { input: parsed.data, bandeNom },
      {
        onSuccess: (r) => {
          // The correction is written or waits on the device: the refused entry leaves the lists.
          if (refused) void replaceRefused(refused.id);
          navigate('/abatage', { state: { flash: isQueued(r) ? savedMessage(r, '') : r.message } });
        },
        onError: (err) => setError(serverMessage(err, ABATTAGE_MSG.failed)),
      },
    );
  }

  return (
    <form className="card" onSubmit={submit} noValidate>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="form-grid">
        <NumberField id="ab-quantite" label="Nombre total de poulets" value={quantite} onChange={(e) => edited(setQuantite)(e.target.value)} />
        <div className="field">
          <label htmlFor="ab-bande">Bande</label>
          <select id="ab-bande" value={idBande} onChange={(e) => edited(setIdBande)(e.target.value)}>
            <option value="">— Choisir la bande —</option>
            {abatage && !bandes.data?.some((b) => b.id === abatage.id_bande) && <option value={String(abatage.id_bande)}>{abatage.bande.nom}</option>}
            {(bandes.data ?? []).map((b) => (
              // The birds that can still be slaughtered, not those placed at the start.
              <option key={b.id} value={String(b.id)}>
                {b.nom} / {formatNumber(sujetsVivants(b))} vivants
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ab-date">Date d'abattage</label>
          <input id="ab-date" type="date" min={bounds.min} max={bounds.max} required value={date} onChange={(e) => edited(setDate)(e.target.value)} />
        </div>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={showCategory} onChange={(e) => setShowCategory(e.target.checked)} />
        Ajouter une catégorie
      </label>
      {showCategory && (
        <div className="line-form" data-testid="category-form">
          <NumberField
            id="cat-quantite"
            label="Quantité"
            value={cat.quantite}
            onChange={(e) => (setCatError(null), setCat((c) => ({ ...c, quantite: e.target.value })))}
          />
          <NumberField
            id="cat-min"
            label="Poids min (kg)"
            decimal
            value={cat.poids_min}
            onChange={(e) => (setCatError(null), setCat((c) => ({ ...c, poids_min: e.target.value })))}
          />
          <NumberField
            id="cat-max"
            label="Poids max (kg)"
            decimal
            value={cat.poids_max}
            onChange={(e) => (setCatError(null), setCat((c) => ({ ...c, poids_max: e.target.value })))}
          />
          {peutProduits && (
            <div className="field">
              <label htmlFor="cat-produit">Produit de la boutique</label>
              <select id="cat-produit" value={cat.id_produit} onChange={(e) => (setCatError(null), setCat((c) => ({ ...c, id_produit: e.target.value })))}>
                <option value="">{PRODUCTION_MSG.aucunProduit}</option>
                {(produits.data ?? []).map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {p.nom}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <button type="button" className="btn" onClick={addCategory}>
              Ajouter
            </button>
          </div>
          {catError && <p className="field-error">{catError}</p>}
        </div>
      )}
      <DataTable
        bare
        testId="categories-table"
        columns={CATEGORY_COLUMNS}
        label="Catégories"
        rowKey={(l) => l.id}
        actions={(l) => (
          <button type="button" className="btn btn-small btn-danger" onClick={() => removeLine(l)}>
            Supprimer
          </button>
        )}
        page={{ rows: shown }}
        empty="Aucune catégorie"
      />
      {lines.length > 0 && (
        <p className="muted small" data-testid="categories-total">
          Total des catégories : {formatNumber(total)}
        </p>
      )}
      <div className="modal-actions">
        <Link className="btn" to="/abatage">
          Retour
        </Link>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Chargement…' : 'Enregistrer'}
        </button>
      </div>
    </form>
  );
}

export default function AbattageFormPage() {
  const id = Number(useParams().id ?? 0) || 0;
  const corriger = useSearchParams()[0].get('corriger');
  const refused = useOutbox().find((e) => e.id === corriger && e.state === 'failed' && estAbattage(e));
  const detail = useAbattage(id);
  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>{id ? "Modifier l'abattage" : 'Nouvel abattage'}</h1>
      </div>
      {id > 0 && !refused && detail.isLoading && <p className="muted">Chargement…</p>}
      {id > 0 && !refused && detail.error && <Alert kind="error">{loadMessage(detail.error)}</Alert>}
      {/* A refused entry is its own record of what was typed: it opens even when the slaughter cannot be read (offline). */}
      {(id === 0 || detail.data || refused) && <AbattageForm key={`${id}:${refused?.id ?? ''}`} abatage={detail.data ?? null} refused={refused} />}
    </section>
  );
}
