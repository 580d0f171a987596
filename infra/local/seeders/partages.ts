// Demo of shared documents for `npm start`: a few live links of the demo business, as
// its users would have sent them on WhatsApp — the latest credit sale's receipt, a repayment's
// receipt, a batch's report, and a client's statement of the last 30 days sent as a reminder — and
// one receipt link revoked, so the screens show both states. Everything through the public API.
// Each live link is then opened signed out and must answer its page (200), the revoked one 410.
import type { VenteHistoryResponse } from '@shared/schemas/ventes';
import type { PartageResult } from '@shared/schemas/partage';
import type { DemoSession } from './session';

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

export async function seedPartages(s: DemoSession): Promise<void> {
  const share = (body: Record<string, unknown>) => s.call<PartageResult>('POST', '/api/partage', body);
  const history = await s.call<VenteHistoryResponse>('POST', '/api/vente/boutique', { debut: day(-60), fin: day(0) });
  const credit = history.ventes.filter((v) => v.type === 'EMPRUNT' && v.id_client && v.etat === 'VALID' && v.source === 'BOUTIQUE');
  if (!credit.length) throw new Error('demo partages: the shop seeder left no credit sale to share');
  const live: PartageResult[] = [];
  live.push(await share({ type: 'recu_vente', id: credit[0].id_transaction }));
  const revoked = await share({ type: 'recu_vente', id: credit[credit.length - 1].id_transaction, jours: 7 });
  await s.call('POST', '/api/partage/revoquer', { id: revoked.id });
  const versements = await s.call<{ id: number; etat: string }[]>('GET', '/api/versement');
  const versement = versements.find((v) => v.etat === 'VALID');
  if (versement) live.push(await share({ type: 'recu_versement', id: versement.id }));
  const bandes = await s.call<{ id: number }[]>('GET', '/api/bande');
  if (bandes[0]) live.push(await share({ type: 'rapport_bande', id: bandes[0].id }));
  live.push(await share({ type: 'releve_client', id: credit[0].id_client, debut: day(-30), fin: day(0), relance: true }));
  // Opened on this stack itself: a link's address is built on PUBLIC_URL, which may name another
  // host (a tunnel, or a variable inherited from another stack) that this process cannot reach.
  const here = (url: string) => `${s.baseUrl.replace(/\/+$/, '')}${new URL(url).pathname}`;
  for (const l of live) {
    const r = await fetch(here(l.url));
    if (r.status !== 200) throw new Error(`demo partages: ${l.type} ${l.url} answers ${r.status}`);
  }
  const gone = await fetch(here(revoked.url));
  if (gone.status !== 410) throw new Error(`demo partages: the revoked link answers ${gone.status}`);
}
