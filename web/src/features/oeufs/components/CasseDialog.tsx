// « Casse »: eggs of the flock broken, cracked, dirty or lost on a day, in eggs or
// trays, of a size or none, with the reason (the usual ones offered, any other typed). Before
// saving, the server's replay runs on the stock the screen holds (lib/oeufs/oeufs.ts): a breakage
// of eggs that were not there that day is refused here in the server's words. Offline, it waits
// in the outbox with its true day.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CALIBRES, versOeufs, type Calibre } from '@shared/formulas/oeufs';
import { BANDE_MSG } from '@shared/messages/bandes';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { OEUFS_ECRAN } from '@shared/messages/oeufs-ecran';
import { z, unwrap } from '@shared/schemas/common';
import { MOTIFS_CASSE, casseOeufsSchema, type StockOeufsResponse, type UniteOeufs } from '@shared/schemas/oeufs';
import { batchDayBounds, dayWithin, today } from '../../../lib/day-bounds';
import { serverMessage } from '../../../lib/http';
import type { BandeOeufs } from '../../../lib/oeufs/EnvoiBoutiqueDialog';
import { addCasseOeufs, refusSortieOeufs, sortiesEnAttente, useOeufsMutation } from '../../../lib/oeufs/oeufs';
import { replaceRefused, savedMessage, useOutbox, type OutboxEntry } from '../../../lib/offline/outbox';
import { Field } from '../../../lib/ui/Field';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { nombreTape } from '../../../lib/ui/NumberField';
import { QuantiteOeufsFields, calibreOuNull } from '../../../lib/oeufs/QuantiteOeufsFields';

interface Props {
  bande: BandeOeufs;
  /** The flock's stock as the page holds it (its replay is the screen's check). */
  stock?: StockOeufsResponse;
  onClose: () => void;
  onSaved: (message: string) => void;
  refused?: OutboxEntry;
}

const { quantite, motif } = unwrap(casseOeufsSchema).shape;

export function CasseDialog({ bande, stock, onClose, onSaved, refused }: Props) {
  const typed = refused?.body as Partial<{ quantite: number; unite: UniteOeufs; calibre: Calibre | null; date: string; motif: string }> | undefined;
  const bounds = useMemo(() => batchDayBounds(bande.date_demarage), [bande]);
  const schema = useMemo(
    () =>
      z.object({
        quantite,
        unite: z.enum(['oeuf', 'plateau']),
        calibre: z.nullable(z.enum(CALIBRES)),
        date: dayWithin(bounds, { future: OEUFS_ECRAN.dateFuture, before: OEUFS_ECRAN.avantDemarrage(bounds.min) }),
        motif,
      }),
    [bounds],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: {
      quantite: typed?.quantite,
      unite: typed?.unite ?? 'oeuf',
      calibre: typed?.calibre ?? null,
      date: typed?.date ?? today(),
      motif: typed?.motif ?? MOTIFS_CASSE[0],
    } as z.input<typeof schema>,
  });
  const { register, handleSubmit, formState, control } = form;
  const [q, unite] = useWatch({ control, name: ['quantite', 'unite'] });
  const oeufs = typeof q === 'number' && Number.isFinite(q) && q > 0 ? versOeufs(q, unite) : null;
  const outbox = useOutbox();
  const mut = useOeufsMutation((b: Parameters<typeof addCasseOeufs>[0]) => addCasseOeufs(b, bande.nom));
  const [error, setError] = useState<string | null>(refused?.error ?? null);
  const e = formState.errors;
  const onSubmit = handleSubmit((v) => {
    setError(null);
    const refus = stock
      ? refusSortieOeufs(stock, sortiesEnAttente(outbox, bande.id), { kind: 'casse', day: v.date, oeufs: versOeufs(v.quantite, v.unite), calibre: v.calibre })
      : null;
    if (refus) {
      setError(refus);
      return;
    }
    mut.mutate(
      { id_bande: bande.id, quantite: v.quantite, unite: v.unite, calibre: v.calibre, date: v.date, motif: v.motif },
      {
        onSuccess: (r) => {
          if (refused) void replaceRefused(refused.id);
          onSaved(savedMessage(r, OEUFS_MSG.casseEnregistree));
        },
        onError: (err) => setError(serverMessage(err, BANDE_MSG.operationFailed)),
      },
    );
  });
  return (
    <FormDialog
      title={`${OEUFS_ECRAN.casse} : ${bande.nom}`}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={mut.isPending}
      muted={!formState.isValid}
      guard={formState.isDirty}
      submitLabel="Enregistrer"
    >
      <QuantiteOeufsFields
        prefix="casse"
        unite={unite}
        quantite={register('quantite', nombreTape)}
        uniteField={register('unite')}
        calibre={register('calibre', calibreOuNull)}
        erreur={e.quantite?.message}
      />
      <Field label="Date" type="date" min={bounds.min} max={bounds.max} required {...register('date')} error={e.date?.message} />
      <Field label="Motif" id="f-casse-motif" list="motifs-casse" autoComplete="off" {...register('motif')} error={e.motif?.message} />
      <datalist id="motifs-casse">
        {MOTIFS_CASSE.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <p className="hint" data-testid="casse-resume">
        {oeufs === null ? OEUFS_ECRAN.saisirQuantite : OEUFS_ECRAN.enPlateaux(oeufs)}
        {stock && ` ${OEUFS_ECRAN.enStock(stock.stock_oeufs)}`}
      </p>
    </FormDialog>
  );
}
