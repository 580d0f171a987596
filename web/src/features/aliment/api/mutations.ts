// The feed store's writes of the Aliment page (shared/api/routes/aliment.ts), one function per row.
// A purchase goes through the outbox like the batch entries (a delivery is often received in the
// coop, without a connection: it waits on the device with its true day); the cancels and the
// threshold are office work, sent at once, their refusal (the 409 « Annulation impossible … »)
// shown in the server's words. What a batch ate is in lib/aliment (the batch detail writes it too).
import type { AchatAliment, AchatAlimentInput, ConsommationAliment, SeuilAlimentInput, StockAliment } from '@shared/schemas/aliment';
import { kgDe } from '@shared/formulas/aliment';
import { ALIMENT_RELOAD } from '../../../lib/aliment/consommation';
import { formatFcfa, formatNumber } from '../../../lib/format';
import { http } from '../../../lib/http';
import { submitWrite } from '../../../lib/offline/outbox';
import { ALIMENT_DROIT } from '../../../lib/queries/aliment';

const opts = { droit: ALIMENT_DROIT };

/** POST api/aliment/achat: its kg enter the stock on its day, at its price. */
export const addAchat = (b: Omit<AchatAlimentInput, 'saisi_le'>) =>
  submitWrite<AchatAliment>({
    kind: 'aliment-achat',
    url: 'api/aliment/achat',
    body: b,
    ...opts,
    day: b.date,
    invalidate: ALIMENT_RELOAD,
    label: `Achat d'aliment : ${b.designation} (${formatNumber(kgDe(b.quantite, b.unite))} kg, ${formatFcfa(b.prix_total)})`,
  });

/** GET api/aliment/achat/delete/{id}: refused (409) if the stock would be below zero on a day without it. */
export const cancelAchat = (id: number) => http.get<AchatAliment>(`api/aliment/achat/delete/${id}`, opts);
/** GET api/aliment/consommation/delete/{id}: its kg go back to the store. */
export const cancelConsommation = (id: number) => http.get<ConsommationAliment>(`api/aliment/consommation/delete/${id}`, opts);
/**
 * POST api/aliment/seuil: the days of feed left under which « À faire » warns and/or the share of a
 * drop in water that raises its water alert; only what is sent changes.
 */
export const setSeuil = (body: SeuilAlimentInput) => http.post<StockAliment>('api/aliment/seuil', body, opts);
