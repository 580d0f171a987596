// Users and rights through the real stack (spec part 2 §5–§8): creation within the plan's user
// limit (422, also under parallel creations), 412 on a used address, the welcome mail, rights that
// apply on the user's next call, escalation attempts, the last admin, tenant isolation.
import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { get, lastMailTo, newBusiness, post, rawDdb, sha256, tableName, tenantSnapshot, uniqueEmail, type Account } from '../helpers/api';
import { RIGHT_CODES } from '@shared/rights';

async function setPlan(acc: Account, plan: string) {
  await rawDdb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: `ENT#${acc.tenantId}`, SK: 'SUBSCRIPTION' },
      UpdateExpression: 'SET #p = :p',
      ExpressionAttributeNames: { '#p': 'plan' },
      ExpressionAttributeValues: { ':p': plan },
    }),
  );
}

const droit = (granted: string[]) => RIGHT_CODES.map((c) => ({ code_fonct: c, droit: granted.includes(c) ? 'r' : '' }));

function userBody(over: Record<string, unknown> = {}) {
  return {
    prenom: 'Awa',
    nom: 'Diop',
    telephone: '771234567',
    email: uniqueEmail('staff'),
    role: 'vendeur',
    password: sha256('vente1234'),
    droit: droit(['ventav']),
    ...over,
  };
}

async function login(email: string, password: string) {
  const l = await post('/api/login', { username: email, password: sha256(password) });
  expect(l.status, JSON.stringify(l.body)).toBe(200);
  return l.body.token as string;
}

const FORBIDDEN = 403;

describe('users of a business', () => {
  let admin: Account;
  let boutiqueId: number;

  beforeAll(async () => {
    admin = await newBusiness({ entreprise: 'Ferme Awa' });
    await setPlan(admin, 'pro');
    const shops = await get('/api/boutique', admin.token);
    boutiqueId = shops.body[0]?.id ?? (await post('/api/boutique', { nom: 'Boutique A' }, admin.token)).body.id;
  });

  it('lists the admin with every right, and the ten features, all grantable by an admin', async () => {
    const list = await get('/api/user', admin.token);
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id: 1, role: 'admin', email: admin.email });
    expect(list.body[0].user_foncts.every((f: any) => f.droit === 'r')).toBe(true);
    expect(list.body[0]).not.toHaveProperty('passwordHash');
    const f = await get('/api/user/fonctionnalites', admin.token);
    expect(f.body.map((x: any) => x.code)).toEqual([...RIGHT_CODES]);
    expect(f.body.every((x: any) => x.accordable)).toBe(true);
  });

  it('creates a vendeur in a shop with only Vente, who signs in and can sell but not open batches or users', async () => {
    const body = userBody({ id_boutique: boutiqueId });
    const r = await post('/api/user/create', body, admin.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Utilisateur ajouté');
    expect(r.body.user).toMatchObject({ role: 'vendeur', id_boutique: boutiqueId, email: body.email });
    const detail = await get(`/api/user/${r.body.user.id}`, admin.token);
    expect(detail.body.boutique).toMatchObject({ id: boutiqueId });
    expect(detail.body.user.user_foncts.filter((x: any) => x.droit === 'r').map((x: any) => x.code_fonct)).toEqual(['ventav']);
    const mail = lastMailTo(body.email);
    expect(mail?.subject).toBe('Votre compte Ganaar');
    expect(mail?.text).toContain(body.email);
    const token = await login(body.email, 'vente1234');
    expect((await get('/api/produit', token)).status).toBe(200);
    expect((await get('/api/bande/1', token)).status).toBe(FORBIDDEN);
    expect((await get('/api/user', token)).status).toBe(FORBIDDEN);
    expect((await get('/api/user/checkPermission', token, { droit: 'ventav:r' })).body.status).toBe('yes');
    expect((await get('/api/user/checkPermission', token, { droit: 'bandav:r' })).body.status).toBe('no');
    // The list of the user's rights (the SPA's menu) holds exactly what was ticked.
    expect((await get('/api/user/checkPermission', token, { droit: 'bandav:r' })).body.droits).toEqual(['ventav']);
  });

  it('mails a temporary password when the form leaves it empty, and it works', async () => {
    const body = userBody({ password: undefined, role: 'production', droit: droit(['bandav']) });
    const r = await post('/api/user/create', body, admin.token);
    expect(r.status).toBe(200);
    const m = /mot de passe temporaire : (\S+)/.exec(lastMailTo(body.email)!.text);
    expect(m).not.toBeNull();
    const token = await login(body.email, m![1]);
    expect((await get('/api/bande', token)).status).toBe(200);
  });

  it('answers 412 to a used address (any business), and writes nothing', async () => {
    const other = await newBusiness();
    const before = await tenantSnapshot(admin.tenantId);
    for (const email of [admin.email, other.email]) {
      const r = await post('/api/user/create', userBody({ email }), admin.token);
      expect(r.status).toBe(412);
      expect(r.body).toEqual({ code: 412, message: "L'utilisateur existe déjà" });
    }
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });

  it('a removed right is refused on the next call, a given one works at once', async () => {
    const body = userBody({ role: 'production', droit: droit(['clav']) });
    const id = (await post('/api/user/create', body, admin.token)).body.user.id;
    const token = await login(body.email, 'vente1234');
    expect((await get('/api/clients', token)).status).toBe(200);
    expect((await get('/api/versement', token)).status).toBe(FORBIDDEN);
    const u = await post('/api/user/updateUser', { ...body, id, droit: droit(['remav']) }, admin.token);
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.message).toBe('Utilisateur modifié');
    expect((await get('/api/clients', token)).status).toBe(FORBIDDEN);
    expect((await get('/api/versement', token)).status).toBe(200);
  });

  it('refuses a shop of another business, a bad role, an unknown feature', async () => {
    const other = await newBusiness();
    const shop = (await get('/api/boutique', other.token)).body[0]?.id ?? (await post('/api/boutique', { nom: 'X' }, other.token)).body.id;
    const before = await tenantSnapshot(admin.tenantId);
    expect((await post('/api/user/create', userBody({ id_boutique: 999 }), admin.token)).status).toBe(404);
    if (shop !== boutiqueId) expect((await post('/api/user/create', userBody({ id_boutique: shop + 100 }), admin.token)).status).toBe(404);
    expect((await post('/api/user/create', userBody({ role: 'super_admin' }), admin.token)).status).toBe(400);
    expect((await post('/api/user/create', userBody({ droit: [{ code_fonct: 'xxav', droit: 'r' }] }), admin.token)).status).toBe(400);
    expect((await post('/api/user/create', userBody({ prenom: '' }), admin.token)).status).toBe(400);
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });
});

describe('plan user limits', () => {
  it('Démarrage allows 2 users: the third answers 422 and writes nothing', async () => {
    const admin = await newBusiness();
    expect((await post('/api/user/create', userBody(), admin.token)).status).toBe(200);
    const before = await tenantSnapshot(admin.tenantId);
    const r = await post('/api/user/create', userBody(), admin.token);
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ code: 422, message: "Vous avez atteint le nombre d'utilisateurs autorisé" });
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });

  it('Professionnel (5) holds under 8 parallel creations', async () => {
    const admin = await newBusiness();
    await setPlan(admin, 'pro');
    const results = await Promise.all(Array.from({ length: 8 }, () => post('/api/user/create', userBody(), admin.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.every((r) => r.status === 200 || r.status === 422 || r.status === 409)).toBe(true);
    const list = await get('/api/user', admin.token);
    expect(list.body).toHaveLength(5);
    expect(new Set(list.body.map((u: any) => u.id)).size).toBe(5);
  });
});

describe('escalation attempts', () => {
  let admin: Account;
  let manager: { token: string; id: number; body: any };

  beforeAll(async () => {
    admin = await newBusiness();
    await setPlan(admin, 'ent');
    // A staff member who manages users and clients only.
    const body = userBody({ role: 'production', droit: droit(['utav', 'clav']) });
    const r = await post('/api/user/create', body, admin.token);
    manager = { token: await login(body.email, 'vente1234'), id: r.body.user.id, body };
  });

  it('lists only what the manager may grant', async () => {
    const f = await get('/api/user/fonctionnalites', manager.token);
    expect(f.body.filter((x: any) => x.accordable).map((x: any) => x.code)).toEqual(['clav', 'utav']);
  });

  it('cannot grant a right or a role they do not hold, and nothing is written', async () => {
    const before = await tenantSnapshot(admin.tenantId);
    const attempts = [
      userBody({ role: 'production', droit: droit(['bandav']) }),
      userBody({ role: 'admin', droit: droit(['clav']) }),
      userBody({ role: 'vendeur', droit: droit(['clav', 'ventav']) }),
    ];
    for (const b of attempts) {
      const r = await post('/api/user/create', b, manager.token);
      expect(r.status, JSON.stringify(b.droit)).toBe(403);
    }
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });

  it('can create a user with a subset of their rights', async () => {
    const r = await post('/api/user/create', userBody({ role: 'production', droit: droit(['clav']) }), manager.token);
    expect(r.status).toBe(200);
  });

  it('cannot edit themselves into more rights or into admin, nor edit the admin', async () => {
    const before = await tenantSnapshot(admin.tenantId);
    expect((await post('/api/user/updateUser', { ...manager.body, id: manager.id, droit: droit(['utav', 'clav', 'bandav']) }, manager.token)).status).toBe(403);
    expect((await post('/api/user/updateUser', { ...manager.body, id: manager.id, role: 'admin' }, manager.token)).status).toBe(403);
    const adminBody = { prenom: 'x', nom: 'y', telephone: '770000000', email: admin.email, role: 'production', droit: droit([]) };
    expect((await post('/api/user/updateUser', { ...adminBody, id: 1 }, manager.token)).status).toBe(403);
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });

  it('another business cannot read or edit its users (404)', async () => {
    const other = await newBusiness();
    expect((await get(`/api/user/${manager.id}`, other.token)).status).toBe(404);
    const before = await tenantSnapshot(admin.tenantId);
    const r = await post('/api/user/updateUser', { ...manager.body, id: manager.id, droit: droit([]) }, other.token);
    expect(r.status).toBe(404);
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
    // The other business's list holds its admin only.
    expect((await get('/api/user', other.token)).body.map((u: any) => u.email)).toEqual([other.email]);
  });
});

describe('the last admin', () => {
  it('cannot be demoted; with a second admin one can be, never both', async () => {
    const admin = await newBusiness();
    await setPlan(admin, 'pro');
    const me = { prenom: 'moussa', nom: 'ndiaye', telephone: '771112233', email: admin.email, role: 'production', droit: droit(['bandav']), id: 1 };
    const r = await post('/api/user/updateUser', me, admin.token);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('dernier administrateur');
    const second = userBody({ role: 'admin', droit: [] });
    const id2 = (await post('/api/user/create', second, admin.token)).body.user.id;
    const token2 = await login(second.email, 'vente1234');
    // Both demote the other at once: at most one succeeds.
    const [a, b] = await Promise.all([
      post('/api/user/updateUser', { ...second, id: id2, role: 'production', droit: droit([]) }, admin.token),
      post('/api/user/updateUser', { ...me, role: 'production', droit: droit([]) }, token2),
    ]);
    expect([a.status, b.status].filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    const admins = (await get('/api/user', admin.token).then((x) => (x.status === 200 ? x : get('/api/user', token2)))).body.filter(
      (u: any) => u.role === 'admin',
    );
    expect(admins.length).toBeGreaterThanOrEqual(1);
  });

  it('changing the e-mail moves the login name', async () => {
    const admin = await newBusiness();
    const body = userBody({ role: 'production', droit: droit(['clav']) });
    const id = (await post('/api/user/create', body, admin.token)).body.user.id;
    const email = uniqueEmail('moved');
    expect((await post('/api/user/updateUser', { ...body, id, email }, admin.token)).status).toBe(200);
    await login(email, 'vente1234');
    expect((await post('/api/login', { username: body.email, password: sha256('vente1234') })).status).toBe(401);
    // The address taken by someone else answers 412.
    expect((await post('/api/user/updateUser', { ...body, id, email: admin.email }, admin.token)).status).toBe(412);
  });
});
