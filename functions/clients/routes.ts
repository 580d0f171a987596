// Clients (spec part 2 §7): create or update a client, list them. The creance is read-only here.
import type { Client } from '../../shared/schemas/clients';
import { phoneIndicatif } from '../../shared/phone';
import { businessCountry, optionalPhoneOrRefuse } from '../lib/phone';
import type { clientSchema } from '../../shared/schemas/clients';
import type { z } from '../../shared/schemas/common';
import { SHOP_MSG } from '../../shared/messages/shop';
import { notFound, refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { nextTenantId } from '../lib/repo/counters';
import {
  clientIdentityUpdate,
  formatNumeroCompte,
  getClient,
  listClients as readClients,
  newClientItems,
  phoneLockDelete,
  phoneLockPut,
} from './repository';
import { failedConditionIndex, nowIso, transact, type TxItem } from '../lib/store';

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
    const id = await nextTenantId(t, 'CLIENT');
    const client: Client = { id, ...fields, numero_compte: formatNumeroCompte(id), creance: 0, created_at: nowIso() };
    try {
      await transact(newClientItems(t, client));
    } catch (err) {
      // The phone lock comes first when there is a phone: its failure means a duplicate.
      if (client.telephone && failedConditionIndex(err) === 0) throw refused(402, SHOP_MSG.clientExists);
      throw err;
    }
    return client;
  }
  const existing = await getClient(t, b.id);
  if (!existing) throw notFound(SHOP_MSG.clientNotFound);
  const items: TxItem[] = [];
  const phoneChanged = existing.telephone !== fields.telephone;
  if (phoneChanged && fields.telephone) items.push(phoneLockPut(t, fields.telephone, existing.id));
  if (phoneChanged && existing.telephone) items.push(phoneLockDelete(t, existing.telephone, existing.id));
  items.push(clientIdentityUpdate(t, { id: existing.id, ...fields }));
  try {
    await transact(items);
  } catch (err) {
    const i = failedConditionIndex(err);
    if (phoneChanged && fields.telephone && i === 0) throw refused(402, SHOP_MSG.clientExists);
    if (i === items.length - 1) throw notFound(SHOP_MSG.clientNotFound);
    throw err;
  }
  return { ...existing, ...fields };
}

export async function listClients(ctx: RouteContext): Promise<Client[]> {
  return readClients(ctx.auth.tenantId);
}
