// A sale of the batch (spec part 1 §5): unit price × quantity and its day; a price far from the
// batch's other sales asks « Êtes-vous sûr ? » first. Opened on a sale, it corrects that one.
// A layer batch's sale names its unit (decision 0217): eggs, trays of 30 (with the eggs they make)
// or hens sold at the end of lay; quantity and price are in that unit.
// A sale of eggs may name their size (`calibre`, optional; without it they leave the
// flock's egg stock smallest size first) and says its quantity in trays and eggs under the field.
// A sale dated inside a withdrawal of the batch (birds under a meat withdrawal, eggs under
// an egg withdrawal) is refused before sending, with the server's message and end date.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { jourSaisie, lotDuDetail, oeufsDeVente, refusSortie, uniteDeVente, type UniteVente } from '@shared/formulas';
import { BANDE_MSG, VENTE_UNITE } from '@shared/messages/bandes';
import { doutePrix } from '@shared/plausibility';
import { CALIBRES, NOMS_CALIBRES, formatPlateaux, type Calibre } from '@shared/formulas/oeufs';
import { OEUFS_ECRAN } from '@shared/messages/oeufs-ecran';
import { UNITES_VENTE, venteSchema, type Vente } from '@shared/schemas/bandes';
import { santeBandeQueryOptions } from '../../../../lib/queries/sante';
import { refusAttente } from '../../../../lib/sante-attente';
import { saveVente } from '../../api/mutations';
import { EntryDialog } from './EntryDialog';
import { DayField, PriceQuantityFields, SelectField } from './EntryFields';
import { useEntry, useEntryDay, type EntryProps } from './use-entry';
import { entryDraftKey, refusedBody, useEntryDraft } from './use-entry-draft';
import { unwrap, z } from '@shared/schemas/common';

const venteForm = z.pick(unwrap(venteSchema), { prix_unitaire: true, quantite: true, unite: true, calibre: true });

/** A new layer sale is in trays: how eggs are sold (and priced) at the farm gate. */
const UNITE_PAR_DEFAUT: UniteVente = 'plateau';

export function VenteDialog({ bande, vente, onClose, onSaved, refused }: EntryProps & { vente: Vente | null }) {
  const { bounds, day } = useEntryDay(bande);
  const chair = bande.type === 'chair';
  // A broiler batch sells whole birds, a layer batch whole eggs or whole hens (the server refuses
  // 2,5 birds or half an egg): said before sending.
  const schema = useMemo(
    () =>
      z.extend(venteForm, { date: day }).check(
        z.refine((v) => !chair || Number.isInteger(v.quantite), { path: ['quantite'], error: BANDE_MSG.wholeBirds }),
        z.refine((v) => chair || v.unite !== 'sujet' || Number.isInteger(v.quantite), { path: ['quantite'], error: BANDE_MSG.wholeHens }),
        z.refine((v) => chair || v.unite === 'sujet' || Number.isInteger(oeufsDeVente(bande.type, v)), { path: ['quantite'], error: BANDE_MSG.wholeEggs }),
      ),
    [day, chair, bande.type],
  );
  const typed = refusedBody<{ prix_unitaire: number; quantite: number; unite?: UniteVente; calibre?: Calibre | null; date: string }>(refused);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: (typed
      ? {
          prix_unitaire: typed.prix_unitaire,
          quantite: typed.quantite,
          date: typed.date,
          unite: chair ? 'sujet' : (typed.unite ?? 'oeuf'),
          calibre: typed.calibre ?? null,
        }
      : vente
        ? {
            prix_unitaire: vente.prix_unitaire,
            quantite: vente.quantite,
            date: jourSaisie(vente),
            unite: uniteDeVente(bande.type, vente),
            calibre: vente.calibre ?? null,
          }
        : { date: bounds.max, unite: chair ? 'sujet' : UNITE_PAR_DEFAUT, calibre: null }) as z.input<typeof schema>,
  });
  const { register, handleSubmit, formState, control, watch } = form;
  const [unite, quantite] = useWatch({ control, name: ['unite', 'quantite'] });
  const mots = chair ? null : VENTE_UNITE[unite ?? UNITE_PAR_DEFAUT];
  const kept = useEntryDraft(entryDraftKey('vente', bande.id, vente?.id), form, { onSaved, onClose, refused });
  // The batch's treatments (the Santé tab's answer, kept on the device): their withdrawals.
  const traitements = useQuery(santeBandeQueryOptions(bande.id)).data?.traitements;
  const entry = useEntry((b: Parameters<typeof saveVente>[0]) => saveVente(b, bande.nom), watch, {
    saved: BANDE_MSG.venteSaved,
    failed: BANDE_MSG.venteFailed,
    onSaved: kept.onSaved,
  });
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    const u = uniteDeVente(bande.type, v);
    // The price doubt compares with the batch's other sales in the same unit (a tray is not an egg).
    const others = bande.ventes.filter((x) => x.id !== vente?.id && x.etat !== 'DELETED' && uniteDeVente(bande.type, x) === u).map((x) => x.prix_unitaire);
    // The birds it takes (a broiler batch's, or réforme hens), counted without the sale's old
    // version, as the server does; a sale of eggs takes none.
    const sans = { ...lotDuDetail(bande), ventes: bande.ventes.filter((x) => x.id !== vente?.id) };
    const ancienne = vente && uniteDeVente(bande.type, vente) === 'sujet' ? { quantite: vente.quantite, day: jourSaisie(vente) } : null;
    entry.send(
      {
        prix_unitaire: v.prix_unitaire,
        quantite: v.quantite,
        ...(chair ? {} : { unite: v.unite ?? UNITE_PAR_DEFAUT }),
        // A size only on a sale of eggs (hens have none); absent: smallest size first.
        ...(!chair && u !== 'sujet' && v.calibre ? { calibre: v.calibre } : {}),
        date: v.date,
        id_bande: bande.id,
        id_vente: vente?.id ?? -1,
      },
      [doutePrix(v.prix_unitaire, others)],
      refusAttente(traitements, v.date, u === 'sujet' ? 'viande' : 'oeufs') ??
        (u === 'sujet' ? refusSortie(sans, { kind: 'vente', quantite: v.quantite, day: v.date, ancienne }, bounds.max) : null),
    );
  });
  const oeufs = !chair && unite === 'plateau' && Number(quantite) > 0 ? oeufsDeVente(bande.type, { quantite: Number(quantite), unite }) : null;
  // Eggs typed one by one, said as trays and eggs (a whole count only: half an egg is refused above).
  const enOeufs = !chair && unite === 'oeuf' && Number.isInteger(Number(quantite)) && Number(quantite) > 0 ? Number(quantite) : null;
  const oeufsVendus = !chair && unite !== 'sujet';
  return (
    <EntryDialog
      title={vente ? 'Modifier la vente' : 'Ajouter une vente'}
      entry={entry}
      onClose={kept.onClose}
      onSubmit={onSubmit}
      muted={!formState.isValid}
      frame={kept.frame}
    >
      {!chair && (
        <SelectField id="vente-unite" label="Vendu en" {...register('unite')} error={e.unite?.message}>
          {UNITES_VENTE.map((u) => (
            <option key={u.code} value={u.code}>
              {u.nom}
            </option>
          ))}
        </SelectField>
      )}
      <PriceQuantityFields
        register={register}
        control={control}
        errors={e}
        totalTestId="vente-total"
        wholeQuantity={chair || unite !== 'plateau'}
        labels={mots ? { prix: mots.prix, quantite: mots.quantite } : undefined}
      />
      {oeufs !== null && (
        <p className="total-line" data-testid="vente-oeufs">
          {VENTE_UNITE.egaleOeufs(Number(quantite), oeufs)}
        </p>
      )}
      {enOeufs !== null && (
        <p className="total-line" data-testid="vente-plateaux">
          = {formatPlateaux(enOeufs)}
        </p>
      )}
      {oeufsVendus && (
        <SelectField
          id="vente-calibre"
          label="Calibre"
          {...register('calibre', { setValueAs: (x) => (x === '' || x == null ? null : x) })}
          error={e.calibre?.message}
        >
          <option value="">{OEUFS_ECRAN.sansCalibre}</option>
          {CALIBRES.map((c) => (
            <option key={c} value={c}>
              {NOMS_CALIBRES[c]}
            </option>
          ))}
        </SelectField>
      )}
      <DayField label="Date de la vente" bounds={bounds} {...register('date')} error={e.date?.message} />
    </EntryDialog>
  );
}
