// The SaaS operator's console over the local stack: an account made by `npm run operator:create`
// (never by sign-up), businesses with plan, dates, usage against limits and last activity, the
// payments ledger, revenue and subscription counts, and manual changes kept in an audit log.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, newBusiness, operatorAccount, post, tenantSnapshot, type Account } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';
import { omOtp, sandbox, snNumber, startWave, subscriptionOf, waitFinal } from './payment-fixtures';

let op: { email: string; token: string; user: any };
let biz: Account;

/** Every page of the business list. */
async function allBusinesses(): Promise<any[]> {
  const out: any[] = [];
  let after: string | undefined;
  do {
    const r = await get(`/api/operateur/entreprises${after ? `?apres=${encodeURIComponent(after)}` : ''}`, op.token);
    expect(r.status).toBe(200);
    out.push(...r.body.entreprises);
    after = r.body.suivant;
  } while (after);
  return out;
}

beforeAll(async () => {
  op = await operatorAccount();
  biz = await newBusiness({ entreprise: 'Ferme Opérateur Test' });
});

describe('the operator account', () => {
  it('is a super_admin of no business, made by the command only', async () => {
    expect(op.user).toMatchObject({ role: 'super_admin', id_entreprise: 0 });
    // Sign-up cannot make one: the role is not an input, and a business admin is never super_admin.
    expect(biz.user.role).toBe('admin');
    // Its address is taken like any other.
    expect(
      (
        await post('/api/inscription', {
          prenom: 'x',
          nom: 'y',
          email: op.email,
          password: 'a'.repeat(64),
          telephone: '770000000',
          pays: 'Senegal',
          entreprise: 'x',
        })
      ).status,
    ).toBe(421);
  });

  it('the command refuses an address that already has an account', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const { inject } = await import('vitest');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/ops/create-operator.ts', biz.email, '--password', 'longenough1'], {
      env: { ...process.env, TABLE_NAME: inject('tableName'), DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), AWS_REGION: 'eu-west-1' },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Un compte existe déjà') });
  });
});

describe('businesses', () => {
  it('lists each business with plan, trial, end date, usage against limits and last activity — and nothing else', async () => {
    await get('/api/checkplan', biz.token); // the business uses the app
    await post('/api/boutique', { nom: 'Boutique Test' }, biz.token);
    await post('/api/bande/create', { nom: 'B1', nb_sujet: 300, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }, biz.token);
    const row = (await allBusinesses()).find((e) => e.id === biz.tenantId);
    expect(row).toMatchObject({
      nom: 'Ferme Opérateur Test',
      pays: 'Senegal',
      code_plan: 'db1',
      plan: 'Démarrage',
      essai: true,
      origine: 'essai',
      suspendu: false,
      actif: true,
      usage: { utilisateurs: 1, boutiques: 1, sujets_actifs: 300 },
      limites: { utilisateurs: 2, boutiques: 1, sujets: 1000, produits_en_ligne: 5 },
      derniere_activite: expect.any(String),
    });
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'nom',
        'pays',
        'created_at',
        'code_plan',
        'plan',
        'valid_until',
        'essai',
        'origine',
        'suspendu',
        'actif',
        'usage',
        'limites',
        'derniere_activite',
      ].sort(),
    );
  });

  it('pages with an opaque cursor; a forged cursor is ignored, never used as a start key', async () => {
    const forged = Buffer.from(JSON.stringify({ PK: 'ENT#1', SK: 'USER#1', GSI1PK: 'ENT#1#BANDES', GSI1SK: 'x' })).toString('base64url');
    const ids = (r: any) => r.body.entreprises.map((e: any) => e.id);
    // Other files create businesses and pay plans while this one runs, and a plan's end date orders the list, so
    // the first page can change between two calls. The forged page is compared with the first page read just
    // before and just after it, in a window where those two agree: the list did not move in between.
    for (let window = 0; window < 20; window++) {
      const before = await get('/api/operateur/entreprises', op.token);
      const r = await get(`/api/operateur/entreprises?apres=${forged}`, op.token);
      const after = await get('/api/operateur/entreprises', op.token);
      expect(r.status).toBe(200);
      expect(before.body.entreprises.length).toBeLessThanOrEqual(25);
      if (JSON.stringify(ids(before)) !== JSON.stringify(ids(after))) continue;
      expect(ids(r)).toEqual(ids(before));
      return;
    }
    throw new Error('the business list never stayed still for three calls');
  });
});

describe('payments and revenue', () => {
  it('the ledger shows payments across providers with their status; revenue counts what was paid', async () => {
    const b = await newBusiness({ entreprise: 'Ferme Ledger' });
    const revBefore = (await get('/api/operateur/revenus', op.token)).body;
    const month = new Date().toISOString().slice(0, 7);
    const monthBefore = revBefore.mois.find((m: any) => m.mois === month);
    const numero = snNumber();
    const om = await post(
      '/api/initMensualitePaiement',
      { code_plan: 'ent', nb_mois: 2, service_pay: 'orange_money', info_pay: { numero, otp: await omOtp(numero) }, pays: 'sn' },
      b.token,
    );
    expect(om.body.status).toBe('SUCCESS');
    const w = await startWave(b.token, { code_plan: 'db1' });
    const ledger = await get(`/api/operateur/paiements?mois=${month}`, op.token);
    expect(ledger.status).toBe(200);
    const mine = ledger.body.paiements.filter((p: any) => p.id_entreprise === b.tenantId);
    expect(mine).toEqual([
      expect.objectContaining({ id: w.id, entreprise: 'Ferme Ledger', service: 'wave', status: 'PENDING', montant: 5000 }),
      expect.objectContaining({ id: om.body.id_paiement, service: 'orange_money', status: 'SUCCESS', montant: 40_000, code_plan: 'ent', nb_mois: 2 }),
    ]);
    expect(Object.keys(mine[0]).sort()).toEqual(
      ['code_plan', 'created_at', 'entreprise', 'id', 'id_entreprise', 'montant', 'nb_mois', 'pays', 'reference', 'service', 'status'].sort(),
    );
    const rev = (await get('/api/operateur/revenus', op.token)).body;
    expect(rev.mois).toHaveLength(12);
    expect(rev.mois[11].mois).toBe(month);
    expect(rev.mois[11].montant).toBeGreaterThanOrEqual(monthBefore.montant + 40_000);
    expect(rev.abonnements.actifs).toBeGreaterThanOrEqual(1);
    expect(rev.abonnements.par_plan.ent).toBeGreaterThanOrEqual(1);
    expect((await get('/api/operateur/paiements?mois=2026-13', op.token)).status).toBe(400);
    expect((await get('/api/operateur/paiements?mois=1999-01', op.token)).body.paiements).toEqual([]);
  });
});

describe('manual changes, with a reason in the audit log', () => {
  it('extends (plan + days from the later of today and the end date), suspends and reactivates', async () => {
    const b = await newBusiness();
    const before = await subscriptionOf(b.tenantId);
    const ext = await post(
      '/api/operateur/abonnement',
      { action: 'prolonger', id_entreprise: b.tenantId, plan: 'pro', nb_jours: 10, motif: 'Geste commercial après panne' },
      op.token,
    );
    expect(ext.status).toBe(200);
    expect(ext.body.message).toBe('Abonnement prolongé.');
    const after = await subscriptionOf(b.tenantId);
    expect(after).toMatchObject({ plan: 'pro', trial: false, validUntil: new Date(new Date(before.validUntil).getTime() + 10 * 86400_000).toISOString() });
    // The console tells this offered extension of a trial from a payment.
    expect(after).toMatchObject({ origine: 'operateur' });
    expect((await allBusinesses()).find((e) => e.id === b.tenantId)).toMatchObject({ essai: false, origine: 'operateur' });
    expect((await get('/api/checkplan', b.token)).body.plan).toBe('pro');

    const sus = await post('/api/operateur/abonnement', { action: 'suspendre', id_entreprise: b.tenantId, motif: 'Chèque impayé' }, op.token);
    expect(sus.body.message).toBe('Abonnement suspendu.');
    // Suspended: banner, data readable, writes refused, paying refused.
    expect((await get('/api/checkplan', b.token)).status).toBe(424);
    expect((await get('/api/boutique', b.token)).status).toBe(200);
    const write = await post('/api/boutique', { nom: 'X' }, b.token);
    expect(write.status).toBe(424);
    expect(write.body.message).toMatch(/suspendu/);
    const pay = await post(
      '/api/initMensualitePaiement',
      { code_plan: 'pro', nb_mois: 1, service_pay: 'wave', info_pay: { numero: snNumber() }, pays: 'sn' },
      b.token,
    );
    expect(pay.status).toBe(403);
    expect((await post('/api/operateur/abonnement', { action: 'suspendre', id_entreprise: b.tenantId, motif: 'encore' }, op.token)).status).toBe(400);

    const re = await post('/api/operateur/abonnement', { action: 'reactiver', id_entreprise: b.tenantId, motif: 'Chèque encaissé' }, op.token);
    expect(re.body.message).toBe('Abonnement réactivé.');
    expect((await get('/api/checkplan', b.token)).body.plan).toBe('pro');
    expect((await post('/api/boutique', { nom: 'Y' }, b.token)).status).toBe(200);

    const log = (await get('/api/operateur/journal', op.token)).body.entrees.filter((e: any) => e.id_entreprise === b.tenantId);
    expect(log.map((e: any) => [e.action, e.motif])).toEqual([
      ['reactiver', 'Chèque encaissé'],
      ['suspendre', 'Chèque impayé'],
      ['prolonger', 'Geste commercial après panne'],
    ]);
    expect(log[2]).toMatchObject({
      operateur: op.email,
      avant: { plan: 'db1', suspendu: false, essai: true },
      apres: { plan: 'pro', suspendu: false, essai: false },
    });
  });

  // The console's dialog sends one Idempotency-Key per content (shared/idempotency-key.ts).
  it('an extension sent again with its key, one after the other or at once, extends once; another key is another extension', async () => {
    const b = await newBusiness();
    const before = await subscriptionOf(b.tenantId);
    const body = { action: 'prolonger', id_entreprise: b.tenantId, plan: 'pro', nb_jours: 10, motif: 'Geste commercial' };
    const key = randomUUID();
    const first = await post('/api/operateur/abonnement', body, op.token, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const again = [await post('/api/operateur/abonnement', body, op.token, { 'idempotency-key': key })];
    again.push(...(await Promise.all(Array.from({ length: 5 }, () => post('/api/operateur/abonnement', body, op.token, { 'idempotency-key': key })))));
    for (const r of again) expect([r.status, r.body, r.headers.get('idempotent-replayed')]).toEqual([200, first.body, 'true']);
    const plusDays = (iso: string, n: number) => new Date(new Date(iso).getTime() + n * 86400_000).toISOString();
    expect((await subscriptionOf(b.tenantId)).validUntil).toBe(plusDays(before.validUntil, 10));
    const log = () => get('/api/operateur/journal', op.token).then((r) => r.body.entrees.filter((e: any) => e.id_entreprise === b.tenantId));
    expect(await log()).toHaveLength(1);
    // The same key on another change: refused, nothing written.
    const other = await post('/api/operateur/abonnement', { ...body, nb_jours: 20 }, op.token, { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect((await post('/api/operateur/abonnement', body, op.token, { 'idempotency-key': 'court' })).status).toBe(400);
    expect((await subscriptionOf(b.tenantId)).validUntil).toBe(plusDays(before.validUntil, 10));
    // A second extension decided on purpose is another dialog, so another key.
    expect((await post('/api/operateur/abonnement', body, op.token, { 'idempotency-key': randomUUID() })).status).toBe(200);
    expect((await subscriptionOf(b.tenantId)).validUntil).toBe(plusDays(before.validUntil, 20));
    expect(await log()).toHaveLength(2);
  });

  it('refuses a missing reason, an unknown action or business, and writes nothing', async () => {
    const b = await newBusiness();
    const before = await tenantSnapshot(b.tenantId);
    for (const body of [
      { action: 'prolonger', id_entreprise: b.tenantId, plan: 'pro', nb_jours: 10 },
      { action: 'prolonger', id_entreprise: b.tenantId, plan: 'pro', nb_jours: 10, motif: 'x' },
      { action: 'prolonger', id_entreprise: b.tenantId, plan: 'pro', nb_jours: 0, motif: 'raison' },
      { action: 'prolonger', id_entreprise: b.tenantId, plan: 'gold', nb_jours: 3, motif: 'raison' },
      { action: 'supprimer', id_entreprise: b.tenantId, motif: 'raison' },
      { action: 'reactiver', id_entreprise: b.tenantId, motif: 'pas suspendu' },
    ]) {
      const r = await post('/api/operateur/abonnement', body, op.token);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await post('/api/operateur/abonnement', { action: 'suspendre', id_entreprise: 987654, motif: 'inconnue' }, op.token)).status).toBe(404);
    expect(await tenantSnapshot(b.tenantId)).toBe(before);
  });

  it('a manual extension and a payment landing together both count', async () => {
    const b = await newBusiness();
    const w = await startWave(b.token, { code_plan: 'db1', nb_mois: 1 });
    const before = await subscriptionOf(b.tenantId);
    await Promise.all([
      sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, {}),
      post('/api/operateur/abonnement', { action: 'prolonger', id_entreprise: b.tenantId, plan: 'db1', nb_jours: 5, motif: 'Parrainage' }, op.token),
    ]);
    expect((await waitFinal(b.token, w.id)).status).toBe('SUCCESS');
    const { addMonths } = await import('../../functions/paiements/period');
    const start = new Date(before.validUntil);
    const plus5 = (d: Date) => new Date(d.getTime() + 5 * 86400_000);
    expect([addMonths(plus5(start), 1).toISOString(), plus5(addMonths(start, 1)).toISOString()]).toContain((await subscriptionOf(b.tenantId)).validUntil);
  });
});
