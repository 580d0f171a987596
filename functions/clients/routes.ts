// Clients (spec part 2 §7): create or update a client, list them. The creance is read-only here.
import type { Client } from '@shared/schemas/clients';
import { phoneIndicatif } from '@shared/phone';
import { businessCountry, optionalPhoneOrRefuse } from '../lib/phone';
import type { clientSchema } from '@shared/schemas/clients';
import type { z } from '@shared/schemas/common';
import { SHOP_MSG } from '@shared/messages/shop';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { withArchives, type archiverSchema } from '@shared/schemas/archives';
import { badRequest, notFound, refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { idClaims } from '../lib/repo/counters';
import { BANDE_MSG } from '@shared/messages/bandes';
import {
  clientArchiveUpdate,
  clientIdentityUpdate,
  formatNumeroCompte,
  getClient,
  listClients as readClients,
  newClientItems,
  phoneLockDelete,
  phoneLockPut,
  phoneOwner,
} from './repository';
import { nowIso } from '../lib/store';
import { refuseEachWith, refuseWith, staleRead, transactOrRefuse, untilWritten as retryLostRaces, type Step } from '../lib/refusal';

type ClientBody = z.output<typeof clientSchema>;

export async function addOrUpdateClient(ctx: RouteContext<ClientBody>): Promise<Client> {
  const t = ctx.auth.tenantId;
  const b = ctx.body;
  // The phone rule in the business's country, stored in E.164; the dial code is the number's own
  // (or the business's when there is none) instead of the spec's fixed +221 (docs/decisions.md).
  const country = await businessCountry(t);
  const telephone = optionalPhoneOrRefuse(b.telephone, country);
  const fields = {
    prenom: b.prenom,
    nom: b.nom,
    telephone,
    email: b.email ?? null,
    indicatif: phoneIndicatif(telephone, country),
  };
  if (!b.id) {
    // The id is claimed in the client's transaction: refused for its phone, the client takes none.
    const at = nowIso();
    return retryLostRaces(
      async () => {
        const claims = idClaims(t);
        const id = await claims.take('CLIENT');
        const client: Client = { id, ...fields, numero_compte: formatNumeroCompte(id), creance: 0, created_at: at };
        const { phoneLock, client: put } = newClientItems(t, client);
        await transactOrRefuse([
          ...refuseEachWith(staleRead, claims.items),
          ...(phoneLock ? [refuseWith(() => duplicate(t, client.telephone!), phoneLock)] : []),
          put,
        ]);
        return client;
      },
      30,
      () => refused(409, BANDE_MSG.conflict),
    );
  }
  const existing = await getClient(t, b.id);
  if (!existing) throw notFound(SHOP_MSG.clientNotFound);
  const steps: Step[] = [];
  const phoneChanged = existing.telephone !== fields.telephone;
  if (phoneChanged && fields.telephone) steps.push(refuseWith(() => duplicate(t, fields.telephone!), phoneLockPut(t, fields.telephone, existing.id)));
  if (phoneChanged && existing.telephone) steps.push(phoneLockDelete(t, existing.telephone, existing.id));
  steps.push(refuseWith(notFound(SHOP_MSG.clientNotFound), clientIdentityUpdate(t, { id: existing.id, ...fields })));
  await transactOrRefuse(steps);
  return { ...existing, ...fields };
}

/** The spec's 402 for a phone another client holds; an archived holder is named so it can be restored rather than typed again. */
async function duplicate(t: number, telephone: string) {
  const owner = await phoneOwner(t, telephone);
  const holder = owner === null ? null : await getClient(t, owner);
  return refused(402, holder?.archive ? ARCHIVE_MSG.clientTelArchive : SHOP_MSG.clientExists);
}

/** The clients; archived ones only with `?archives=1` (the client screen's filter), never in a picker. */
export async function listClients(ctx: RouteContext): Promise<Client[]> {
  const all = await readClients(ctx.auth.tenantId);
  return withArchives(ctx.query) ? all : all.filter((c) => !c.archive);
}

/**
 * POST api/client/archiver {id, archive}: a client made by mistake leaves the lists and pickers
 * (their sales, orders and repayments stay in the history), or comes back. Idempotent. A client who
 * still owes money is refused: the debt total is the sum over the clients listed, and a hidden debt
 * would be forgotten.
 */
export async function archiveClient(ctx: RouteContext<z.output<typeof archiverSchema>>): Promise<Client> {
  const t = ctx.auth.tenantId;
  const { id, archive } = ctx.body;
  const client = await getClient(t, id);
  if (!client) throw notFound(SHOP_MSG.clientNotFound);
  if (!!client.archive === archive) return client;
  if (archive && client.creance > 0) throw badRequest(ARCHIVE_MSG.clientCreance(client.creance));
  // Refused when the client is gone, or a credit sale landed meanwhile: say which.
  const refusal = async () => {
    const now = await getClient(t, id);
    return now ? badRequest(ARCHIVE_MSG.clientCreance(now.creance)) : notFound(SHOP_MSG.clientNotFound);
  };
  await transactOrRefuse([refuseWith(refusal, clientArchiveUpdate(t, id, archive, nowIso()))]);
  return (await getClient(t, id))!;
}

export { getReleve, listRelances } from './releve';
