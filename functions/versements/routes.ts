// Repayments (spec part 2 §7): record (amount ≤ creance, atomically), list, cancel, client search.
import type { Client } from '../../shared/schemas/clients';
import { clientMatches } from '../../shared/schemas/clients';
import type { searchClientSchema, Versement, VersementResult, versementSchema } from '../../shared/schemas/versements';
import { LIMIT_MSG, withinMontant, type z } from '../../shared/schemas/common';
import { SHOP_MSG } from '../../shared/messages-shop';
import { badRequest, notFound } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { nextTenantId } from '../lib/repo/counters';
import { creanceAdd, creanceAddRefusal, creanceTake, getClient, listClients } from '../clients/repository';
import { failedConditionIndex, nowIso, transact } from '../lib/store';
import { getVersement, listVersements as readVersements, newVersementPut, versementCancelUpdate, type VersementRecord } from './repository';

function view(v: VersementRecord, c: Client | null | undefined): Versement {
  return {
    id: v.id,
    id_client: v.id_client,
    client: c ? { id: c.id, prenom: c.prenom, nom: c.nom, numero_compte: c.numero_compte, telephone: c.telephone } : null,
    montant: v.montant,
    etat: v.etat,
    created_at: v.created_at,
  };
}

export async function addVersement(ctx: RouteContext<z.output<typeof versementSchema>>): Promise<VersementResult> {
  const t = ctx.auth.tenantId;
  const client = await getClient(t, ctx.body.id_client);
  if (!client) throw notFound(SHOP_MSG.clientNotFound);
  if (ctx.body.montant > client.creance) throw badRequest(SHOP_MSG.montantTooHigh);
  const v: VersementRecord = { id: await nextTenantId(t, 'VERSEMENT'), id_client: client.id, montant: ctx.body.montant, etat: 'VALID', created_at: nowIso() };
  try {
    // The creance condition (≥ montant) is what holds under concurrency; the check above only spares a write.
    await transact([newVersementPut(t, v), creanceTake(t, client.id, v.montant)]);
  } catch (err) {
    if (failedConditionIndex(err) === 1) throw badRequest(SHOP_MSG.montantTooHigh);
    throw err;
  }
  const after = (await getClient(t, client.id))!;
  return { versement: view(v, after), client: after };
}

export async function listVersements(ctx: RouteContext): Promise<Versement[]> {
  const t = ctx.auth.tenantId;
  const [versements, clients] = await Promise.all([readVersements(t), listClients(t)]);
  const byId = new Map(clients.map((c) => [c.id, c]));
  return versements.map((v) => view(v, byId.get(v.id_client)));
}

export async function cancelVersement(ctx: RouteContext<unknown, { id: number }>): Promise<VersementResult> {
  const t = ctx.auth.tenantId;
  const v = await getVersement(t, ctx.params.id);
  if (!v) throw notFound(SHOP_MSG.versementNotFound);
  if (v.etat !== 'VALID') throw badRequest(SHOP_MSG.versementAlreadyCanceled);
  const before = await getClient(t, v.id_client);
  if (before && !withinMontant(before.creance + v.montant)) throw badRequest(LIMIT_MSG.creance);
  try {
    await transact([versementCancelUpdate(t, v.id, nowIso()), creanceAdd(t, v.id_client, v.montant)]);
  } catch (err) {
    const i = failedConditionIndex(err);
    if (i === 0) throw badRequest(SHOP_MSG.versementAlreadyCanceled);
    if (i === 1) throw await creanceAddRefusal(t, v.id_client, SHOP_MSG.clientNotFound);
    throw err;
  }
  const client = (await getClient(t, v.id_client))!;
  return { versement: view({ ...v, etat: 'CANCELED' }, client), client };
}

/** One Query of the business's clients, filtered in memory (no Scan; see docs/data-model.md). */
export async function searchClient(ctx: RouteContext<z.output<typeof searchClientSchema>>): Promise<Client[]> {
  const clients = await listClients(ctx.auth.tenantId);
  return clients.filter((c) => clientMatches(c, ctx.body.username));
}
