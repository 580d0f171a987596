// What the subscription changes (docs/decisions.md, "Subscriptions and payments"): the limits follow
// the paid plan at once; an expired business keeps reading everything, may still write during the
// grace days (within Démarrage's limits), then only reads, searches and pays until it pays.
import { describe, expect, it } from 'vitest';
import { get, newBusiness, post, tenantSnapshot } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';
import { daysFromNow, sandbox, setSubscription, startWave, waitFinal } from './payment-fixtures';

describe('limits follow the paid plan', () => {
  it('an upgrade raises the shop and bird limits at once', async () => {
    const b = await newBusiness();
    // Sign-up created the first shop: Démarrage's only one.
    expect((await post('/api/boutique', { nom: 'B2' }, b.token)).status).toBe(422);
    expect(
      (await post('/api/bande/create', { nom: 'Gros lot', nb_sujet: 3000, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }, b.token)).status,
    ).toBe(422);
    const w = await startWave(b.token, { code_plan: 'pro', nb_mois: 1 });
    await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, {});
    expect((await waitFinal(b.token, w.id)).status).toBe('SUCCESS');
    expect((await post('/api/boutique', { nom: 'B2' }, b.token)).status).toBe(200);
    expect((await post('/api/boutique', { nom: 'B3' }, b.token)).status).toBe(200);
    expect((await post('/api/boutique', { nom: 'B4' }, b.token)).status).toBe(422);
    expect(
      (await post('/api/bande/create', { nom: 'Gros lot', nb_sujet: 3000, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }, b.token)).status,
    ).toBe(200);
  });
});

describe('an expired subscription', () => {
  it('within the grace days: banner (424), data readable, writes allowed with Démarrage limits', async () => {
    const b = await newBusiness();
    await setSubscription(b.tenantId, { plan: 'ent', validUntil: daysFromNow(-2) });
    expect((await get('/api/checkplan', b.token)).status).toBe(424);
    expect((await post('/api/boutique/update', { id_boutique: 1, nom: 'B1' }, b.token)).status).toBe(200);
    // Entreprise's 10 shops no longer apply: Démarrage's 1 (the sign-up shop).
    expect((await post('/api/boutique', { nom: 'B2' }, b.token)).status).toBe(422);
  });

  it('past the grace days: reads, searches and the payment only; other writes 424 and nothing written', async () => {
    const b = await newBusiness(); // its sign-up shop is B1
    await setSubscription(b.tenantId, { plan: 'pro', validUntil: daysFromNow(-8) });
    const before = await tenantSnapshot(b.tenantId);
    const w1 = await post('/api/boutique', { nom: 'B2' }, b.token);
    expect(w1.status).toBe(424);
    expect(w1.body.message).toMatch(/vos données restent consultables/);
    expect((await post('/api/bande/create', { nom: 'L', nb_sujet: 10, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }, b.token)).status).toBe(
      424,
    );
    expect((await post('/api/addOrUpdateClient', { id: 0, prenom: 'a', nom: 'b' }, b.token)).status).toBe(424);
    expect(await tenantSnapshot(b.tenantId)).toBe(before);
    // Reads and searches.
    expect((await get('/api/boutique', b.token)).status).toBe(200);
    expect((await get('/api/bande', b.token)).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect((await post('/api/vente/boutique', { debut: today, fin: today }, b.token)).status).toBe(200);
    // Paying lifts it: the new period starts today and writes work again.
    const w = await startWave(b.token, { code_plan: 'pro', nb_mois: 1 });
    await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, {});
    expect((await waitFinal(b.token, w.id)).status).toBe('SUCCESS');
    expect((await get('/api/checkplan', b.token)).status).toBe(200);
    expect((await post('/api/boutique', { nom: 'B2' }, b.token)).status).toBe(200);
  });
});
