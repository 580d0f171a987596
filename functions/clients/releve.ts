// A client's statement and the debt follow-up (docs/releve.md). Both are read
// from the creance journal (repository: one item per movement, written with the debt itself) and
// computed by the one rule of shared/formulas/releve.ts, so the statement's closing balance is the
// client's creance on any date.
import { ageDette, releve } from '@shared/formulas/releve';
import type { RelancesResponse, ReleveResponse, releveParams } from '@shared/schemas/releve';
import type { z } from '@shared/schemas/common';
import { todayFor } from '@shared/dates';
import { RELEVE_MSG } from '@shared/messages/releve';
import { SHOP_MSG } from '@shared/messages/shop';
import { badRequest, notFound } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { getEntreprise } from '../lib/repo/entreprises';
import { getClient, listClients, mouvementsCreance, mouvementsCreanceParClient } from './repository';

/**
 * GET api/client/releve/{id}/{debut}/{fin}: 3 reads (the client, the business, one Query of the
 * client's journal). A period ending after today is refused (a statement says what was, not what
 * will be: its closing balance would be printed as final while later movements can still land);
 * debut after fin too. Another business's client is not found (the tenant is the token's).
 */
export async function getReleve(ctx: RouteContext<unknown, z.output<typeof releveParams>>): Promise<ReleveResponse> {
  const t = ctx.auth.tenantId;
  const { id, debut, fin } = ctx.params;
  if (debut > fin) throw badRequest(RELEVE_MSG.periodeInvalide);
  const [client, entreprise] = await Promise.all([getClient(t, id), getEntreprise(t)]);
  if (!client) throw notFound(SHOP_MSG.clientNotFound);
  if (fin > todayFor(entreprise?.pays)) throw badRequest(RELEVE_MSG.finFuture);
  const mouvements = await mouvementsCreance(t, id);
  return {
    ...releve(mouvements, debut, fin),
    client: {
      id: client.id,
      prenom: client.prenom,
      nom: client.nom,
      numero_compte: client.numero_compte,
      telephone: client.telephone,
      indicatif: client.indicatif,
      creance: client.creance,
    },
    entreprise: { nom: entreprise?.nom ?? '', telephone: entreprise?.telephone || null },
  };
}

/**
 * GET api/relances: every client who owes something, the day and age of its oldest unpaid credit
 * sale (first in, first out), its last reminder; the oldest debt first (then the largest). Three
 * DynamoDB calls whatever the number of clients: the business (its country's today), one Query of
 * the clients, one Query of the business's journal (both paginated by lib/store when large).
 */
export async function listRelances(ctx: RouteContext): Promise<RelancesResponse> {
  const t = ctx.auth.tenantId;
  const [entreprise, clients, journal] = await Promise.all([getEntreprise(t), listClients(t), mouvementsCreanceParClient(t)]);
  const jour = todayFor(entreprise?.pays);
  const lignes: RelancesResponse = clients
    .filter((c) => c.creance > 0)
    .map((c) => ({
      client: { id: c.id, prenom: c.prenom, nom: c.nom, numero_compte: c.numero_compte, telephone: c.telephone, indicatif: c.indicatif },
      creance: c.creance,
      ...ageDette(journal.get(c.id) ?? [], jour),
      derniere_relance: c.derniere_relance ?? null,
    }));
  // A debt without its journal (never: the migration back-fills it) would still be listed, last.
  return lignes.sort((a, b) => {
    if (a.plus_ancienne !== b.plus_ancienne) {
      if (a.plus_ancienne === null) return 1;
      if (b.plus_ancienne === null) return -1;
      return a.plus_ancienne < b.plus_ancienne ? -1 : 1;
    }
    return b.creance - a.creance || a.client.id - b.client.id;
  });
}
