// A slaughter's save (POST api/bande/abatage) through the outbox, and where a refused one is
// corrected: read by the slaughter's screens and the sync screen. Like the batch entries, a
// slaughter is recorded at the shed or the plucking table, often without a connection: it waits on
// the device with its own day and its own Idempotency-Key and is written once when the connection
// returns (the route is idempotent: a replay answers the first answer, never a second slaughter).
import { ABATTAGE_MSG } from '@shared/messages/abattages';
import type { z } from '@shared/schemas/common';
import type { SaveAbattageResponse, abattageSchema } from '@shared/schemas/abattages';
import { submitWrite, type OutboxEntry } from '../offline/outbox';
import { bandesKey } from '../queries/bandes';
import { produitsKey } from '../queries/produits';

/** The slaughters' queries: every key starts with it. */
export const abattagesKey = ['abatages'] as const;

/** A slaughter as the form sends it (checked by the request's own schema). */
export type AbattageEnvoi = z.output<typeof abattageSchema>;

/**
 * A slaughter's write moves the batch's birds and, when its categories name products, their stock:
 * the slaughters, batches, products and restocks (features/produits' key 'reappros', its lines of
 * origin Production) are reloaded, by the form online and by the outbox once an entry is written.
 */
export const ABATTAGE_RELOAD = [abattagesKey[0], bandesKey[0], produitsKey[0], 'reappros'];

/** The outbox's entries of slaughters. */
export const estAbattage = (e: OutboxEntry) => e.kind === 'abattage';

/** Where a refused slaughter is corrected: its form, prefilled with what was typed and the server's words. */
export const corrigerAbattage = (e: OutboxEntry) => {
  const id = (e.body as { id?: number } | null)?.id ?? 0;
  return `/newabatage${id > 0 ? `/${id}` : ''}?corriger=${encodeURIComponent(e.id)}`;
};

/**
 * POST api/bande/abatage through the outbox: sent at once online, else kept on the device with its
 * day and its Idempotency-Key (the outbox's, one per write; a replay sends the same key and bytes).
 */
export const addAbattage = (input: AbattageEnvoi, bandeNom?: string) =>
  submitWrite<SaveAbattageResponse>({
    kind: 'abattage',
    url: 'api/bande/abatage',
    body: input,
    droit: 'abatav:r',
    bandeId: input.id_bande,
    bandeNom,
    day: input.date ?? undefined,
    invalidate: ABATTAGE_RELOAD,
    label: ABATTAGE_MSG.enAttente(input.quantite, input.date ?? '', input.id > 0),
  });
