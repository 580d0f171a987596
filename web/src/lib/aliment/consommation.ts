// What a batch ate from the farm's store (POST api/aliment/consommation), written from
// two features: the Aliment page and the batch detail (and the daily round). Through the outbox
// like the batch entries: a farmer records the feed in the coop, without a connection the entry
// waits on the device with its true time and day.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kgDe } from '@shared/formulas/aliment';
import type { ConsommationAliment, UniteAliment } from '@shared/schemas/aliment';
import { formatDate, formatNumber } from '../format';
import { submitWrite } from '../offline/outbox';
import { ALIMENT_DROIT, alimentKey } from '../queries/aliment';
import { bandesKey } from '../queries/bandes';
import { santeKey } from '../queries/sante';
import { dashboardKey } from '../queries/tableau-de-bord';

/** The store's writes move the stock, a batch's costs, the dashboard and « À faire »: all reloaded. */
export const ALIMENT_RELOAD = [alimentKey[0], bandesKey[0], dashboardKey[0], santeKey[0]];

export const addConsommation = (b: { id_bande: number; date: string; quantite: number; unite: UniteAliment }, bandeNom?: string) =>
  submitWrite<ConsommationAliment>({
    kind: 'aliment-conso',
    url: 'api/aliment/consommation',
    body: b,
    droit: ALIMENT_DROIT,
    bandeId: b.id_bande,
    bandeNom,
    day: b.date,
    invalidate: ALIMENT_RELOAD,
    label: `Aliment consommé le ${formatDate(b.date)} : ${formatNumber(kgDe(b.quantite, b.unite))} kg`,
  });

/** Runs a store write, then reloads the store, batch, dashboard and « À faire » queries. */
export function useAlimentMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(ALIMENT_RELOAD.map((k) => qc.invalidateQueries({ queryKey: [k] })));
    },
  });
}
