// « Envoyer à la boutique »: eggs of a layer flock, in trays or eggs, of a size or
// none, on a day, to a shop egg product (a product whose `oeufs_par_unite` is set). Opened from the
// flock's eggs page (its batch fixed, a picker of the egg products) or from a product's page (the
// product fixed, a picker of the active layer batches). Before saving it shows what the product
// gets (« = 3 plateaux ajoutés au stock de … ») and runs the server's replay on the stock the
// screen holds (lib/oeufs/oeufs.ts): a move that would take eggs that were not there on a day is
// refused here with the server's words; any other refusal is the server's, shown as it says it.
// Offline, the move waits in the outbox with its true day.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CALIBRES, NOMS_CALIBRES, formatPlateaux, versOeufs, type Calibre } from '@shared/formulas/oeufs';
import { BANDE_MSG } from '@shared/messages/bandes';
import { OEUFS_ECRAN } from '@shared/messages/oeufs-ecran';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { z, unwrap } from '@shared/schemas/common';
import { transfertOeufsSchema, type UniteOeufs } from '@shared/schemas/oeufs';
import type { Produit } from '@shared/schemas/produits';
import { batchDayBounds, dayWithin, today } from '../day-bounds';
import { serverMessage } from '../http';
import { replaceRefused, savedMessage, useOutbox, type OutboxEntry } from '../offline/outbox';
import { bandesQueryOptions } from '../queries/bandes';
import { stockOeufsQueryOptions } from '../queries/oeufs';
import { produitsQueryOptions } from '../queries/produits';
import { Field } from '../ui/Field';
import { FormDialog } from '../ui/FormDialog';
import { nombreTape } from '../ui/NumberField';
import { QuantiteOeufsFields, calibreOuNull } from './QuantiteOeufsFields';
import { addTransfertOeufs, refusSortieOeufs, sortiesEnAttente, unitesProduit, useOeufsMutation } from './oeufs';

export interface BandeOeufs {
  id: number;
  nom: string;
  date_demarage: string;
}

interface Props {
  /** The flock's eggs page: its batch, fixed (no batch picker). */
  bande?: BandeOeufs;
  /** A product's page: the product, fixed (no product picker; a picker of the active layer batches). */
  produit?: Produit;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** A move the server refused after sync, to correct (prefilled, its message shown). */
  refused?: OutboxEntry;
}

/** An egg product that may receive eggs: its eggs per unit set, not archived. */
export const estProduitOeufs = (p: Produit) => !p.archive && !!p.oeufs_par_unite && p.oeufs_par_unite > 0;

const { quantite } = unwrap(transfertOeufsSchema).shape;
const idChoisi = (message: string) => z.number({ error: message }).check(z.int(), z.positive({ error: message }));
const versId = (v: unknown) => (v === '' || v == null ? undefined : Number(v));

export function EnvoiBoutiqueDialog({ bande: bandeFixe, produit: produitFixe, onClose, onSaved, refused }: Props) {
  const typed = refused?.body as
    Partial<{ id_bande: number; id_produit: number; quantite: number; unite: UniteOeufs; calibre: Calibre | null; date: string }> | undefined;
  // The pickers' lists, read only when the dialog has one (the product page already holds the products).
  const produitsQ = useQuery({ ...produitsQueryOptions(), enabled: !produitFixe });
  const bandesQ = useQuery({ ...bandesQueryOptions(), enabled: !bandeFixe });
  const produits = useMemo(() => (produitFixe ? [produitFixe] : (produitsQ.data ?? []).filter(estProduitOeufs)), [produitFixe, produitsQ.data]);
  const bandes = useMemo<BandeOeufs[]>(
    () =>
      bandeFixe
        ? [bandeFixe]
        : (bandesQ.data ?? [])
            .filter((b) => b.type === 'pondeuse' && b.statut === 'ACTIVE' && !b.archive)
            .map((b) => ({ id: b.id, nom: b.nom, date_demarage: b.date_demarage })),
    [bandeFixe, bandesQ.data],
  );
  const [idBande, setIdBande] = useState<number | null>(typed?.id_bande ?? bandeFixe?.id ?? null);
  const bande = bandes.find((b) => b.id === idBande) ?? (bandeFixe && bandeFixe.id === idBande ? bandeFixe : null);
  const bounds = useMemo(() => batchDayBounds(bande?.date_demarage ?? '2000-01-01'), [bande]);
  const schema = useMemo(
    () =>
      z.object({
        id_bande: idChoisi(OEUFS_ECRAN.choisirBande),
        id_produit: idChoisi(OEUFS_ECRAN.choisirProduit),
        quantite,
        unite: z.enum(['oeuf', 'plateau']),
        calibre: z.nullable(z.enum(CALIBRES)),
        date: dayWithin(bounds, { future: OEUFS_ECRAN.dateFuture, before: OEUFS_ECRAN.avantDemarrage(bounds.min) }),
      }),
    [bounds],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: {
      id_bande: typed?.id_bande ?? bandeFixe?.id,
      id_produit: typed?.id_produit ?? produitFixe?.id ?? (produits.length === 1 ? produits[0].id : undefined),
      quantite: typed?.quantite,
      unite: typed?.unite ?? 'plateau',
      calibre: typed?.calibre ?? null,
      date: typed?.date ?? today(),
    } as z.input<typeof schema>,
  });
  const { register, handleSubmit, formState, control } = form;
  const [q, unite, idProduit, calibre] = useWatch({ control, name: ['quantite', 'unite', 'id_produit', 'calibre'] });
  const produit = produits.find((p) => p.id === Number(idProduit)) ?? null;
  const stock = useQuery({ ...stockOeufsQueryOptions(idBande ?? 0), enabled: !!idBande }).data;
  const outbox = useOutbox();
  const oeufs = typeof q === 'number' && Number.isFinite(q) && q > 0 ? versOeufs(q, unite) : null;
  const unites = oeufs !== null && produit ? unitesProduit(oeufs, produit.oeufs_par_unite) : null;
  const mut = useOeufsMutation((b: Parameters<typeof addTransfertOeufs>[0]) => addTransfertOeufs(b, { bande: bande?.nom, produit: produit?.nom }));
  const [error, setError] = useState<string | null>(refused?.error ?? null);
  const e = formState.errors;

  const onSubmit = handleSubmit((v) => {
    setError(null);
    const p = produits.find((x) => x.id === v.id_produit);
    const n = versOeufs(v.quantite, v.unite);
    // The server's two checks, said before sending: whole units of the product, eggs that are there.
    if (p && unitesProduit(n, p.oeufs_par_unite) === null) {
      setError(OEUFS_MSG.unitesEntieres(n, p.oeufs_par_unite ?? 0, p.nom));
      return;
    }
    if (stock) {
      // The batch's moves and breakage still waiting on the device go out first once online.
      const refus = refusSortieOeufs(stock, sortiesEnAttente(outbox, v.id_bande), { kind: 'transfert', day: v.date, oeufs: n, calibre: v.calibre });
      if (refus) {
        setError(refus);
        return;
      }
    }
    mut.mutate(
      { id_bande: v.id_bande, id_produit: v.id_produit, quantite: v.quantite, unite: v.unite, calibre: v.calibre, date: v.date },
      {
        onSuccess: (r) => {
          if (refused) void replaceRefused(refused.id);
          onSaved(savedMessage(r, OEUFS_MSG.transfertEnregistre));
        },
        onError: (err) => setError(serverMessage(err, BANDE_MSG.operationFailed)),
      },
    );
  });

  const titre = bandeFixe ? `${OEUFS_ECRAN.envoyer} : ${bandeFixe.nom}` : produitFixe ? `${OEUFS_ECRAN.envoyer} : ${produitFixe.nom}` : OEUFS_ECRAN.envoyer;
  return (
    <FormDialog
      title={titre}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={mut.isPending}
      muted={!formState.isValid}
      guard={formState.isDirty}
      submitLabel="Envoyer"
    >
      {!bandeFixe && (
        <div className="field">
          <label htmlFor="f-envoi-bande">Bande de pondeuses</label>
          <select
            id="f-envoi-bande"
            aria-invalid={e.id_bande ? true : undefined}
            {...register('id_bande', { setValueAs: versId, onChange: (ev) => setIdBande(Number(ev.target.value) || null) })}
          >
            <option value="">Choisir une bande</option>
            {bandes.map((b) => (
              <option key={b.id} value={b.id}>
                {b.nom}
              </option>
            ))}
          </select>
          {e.id_bande && <p className="field-error">{e.id_bande.message}</p>}
          {bandesQ.isSuccess && !bandes.length && <p className="hint">{OEUFS_ECRAN.aucuneBande}</p>}
        </div>
      )}
      {!produitFixe && (
        <div className="field">
          <label htmlFor="f-envoi-produit">Produit</label>
          <select id="f-envoi-produit" aria-invalid={e.id_produit ? true : undefined} {...register('id_produit', { setValueAs: versId })}>
            <option value="">Choisir un produit</option>
            {produits.map((p) => (
              <option key={p.id} value={p.id}>
                {p.nom} ({p.oeufs_par_unite} œufs par unité)
              </option>
            ))}
          </select>
          {e.id_produit && <p className="field-error">{e.id_produit.message}</p>}
          {produitsQ.isSuccess && !produits.length && <p className="hint">{OEUFS_ECRAN.aucunProduit}</p>}
        </div>
      )}
      <QuantiteOeufsFields
        prefix="envoi"
        unite={unite}
        quantite={register('quantite', nombreTape)}
        uniteField={register('unite')}
        calibre={register('calibre', calibreOuNull)}
        erreur={e.quantite?.message}
      />
      <Field label="Date" type="date" min={bounds.min} max={bounds.max} required {...register('date')} error={e.date?.message} />
      <p className="hint" data-testid="envoi-resume">
        {oeufs === null
          ? OEUFS_ECRAN.saisirQuantite
          : produit && unites !== null
            ? OEUFS_ECRAN.ajoutProduit(oeufs, unites, produit.nom, produit.quantite + unites)
            : produit
              ? OEUFS_MSG.unitesEntieres(oeufs, produit.oeufs_par_unite ?? 0, produit.nom)
              : OEUFS_ECRAN.enPlateaux(oeufs)}
      </p>
      {stock && (
        <p className="hint" data-testid="envoi-stock">
          {OEUFS_ECRAN.enStock(stock.stock_oeufs)}
          {calibre ? ` Calibre ${NOMS_CALIBRES[calibre as Calibre]} : ${formatPlateaux(stock.par_calibre[calibre as Calibre])}.` : ''}
        </p>
      )}
    </FormDialog>
  );
}
