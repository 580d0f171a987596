// Access and account through the real stack (HTTP → handlers → DynamoDB Local): sign-up, login
// and lockout, token check, logout revocation, password recovery with the mailed code, password
// and profile changes, permission and plan checks.
import { RIGHT_CODES } from '@shared/rights';
import { describe, expect, it } from 'vitest';
import { UpdateCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { get, post, newBusiness, signupPayload, sha256, lastMailTo, rawDdb, tableName, testIp, uniqueEmail, viaCloudFront, call } from '../helpers/api';

describe('POST api/inscription', () => {
  it('creates the business, its admin and a 30-day Démarrage trial', async () => {
    const payload = signupPayload();
    const r = await post('/api/inscription', payload);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 200, message: 'Votre compte a bien été créé.' });
    const l = await post('/api/login', { username: payload.email, password: payload.password });
    expect(l.status).toBe(200);
    expect(l.body.user).toMatchObject({ prenom: 'moussa', nom: 'ndiaye', role: 'admin', entreprise: 'Ferme Test', email: payload.email });
    expect(l.body.user).not.toHaveProperty('passwordHash');
    const plan = await get('/api/checkplan', l.body.token);
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ code: 200, plan: 'db1', trial: true });
    const days = (new Date(plan.body.validUntil).getTime() - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('answers 421 for an e-mail already used, whatever its case', async () => {
    const payload = signupPayload();
    expect((await post('/api/inscription', payload)).status).toBe(200);
    const again = await post('/api/inscription', { ...payload, email: payload.email.toUpperCase(), entreprise: 'Autre' });
    expect(again.status).toBe(421);
    expect(again.body).toEqual({ code: 421, message: 'Votre adresse email est déjà utilisée.' });
  });

  it('lets exactly one of two simultaneous sign-ups with the same e-mail through', async () => {
    const payload = signupPayload();
    const results = await Promise.all([post('/api/inscription', payload), post('/api/inscription', { ...payload, entreprise: 'B' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 421]);
  });

  it('never stores the password or its client hash', async () => {
    const payload = signupPayload();
    await post('/api/inscription', payload);
    const lock = await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK: `EMAIL#${payload.email}`, SK: 'EMAIL' } }));
    const user = await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK: `ENT#${lock.Item!.tenant_id}`, SK: 'USER#1' } }));
    expect(JSON.stringify(user.Item)).not.toContain(payload.password);
    // At the test stack's cost (infra/local/password-cost.ts); hardening-auth's timing test checks 2^14.
    expect(user.Item!.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
  });

  it('refuses a phone that is no number of the chosen country and a missing company, in French, and writes nothing', async () => {
    const payload = signupPayload({ telephone: '77-12' });
    const r = await post('/api/inscription', payload);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Numéro de téléphone invalide pour le Sénégal : 9 chiffres, par ex\. 77 123 45 67\./);
    const r2 = await post('/api/inscription', signupPayload({ entreprise: '' }));
    expect(r2.status).toBe(400);
    expect(r2.body.message).toMatch(/Entreprise requise/);
    const l = await post('/api/login', { username: payload.email, password: payload.password });
    expect(l.status).toBe(401);
  });
});

describe('POST api/login', () => {
  it('answers the spec message for a wrong password and for an unknown address', async () => {
    const acc = await newBusiness();
    const wrong = await post('/api/login', { username: acc.email, password: sha256('nope') });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Email ou mot de passe incorrect');
    const unknown = await post('/api/login', { username: uniqueEmail(), password: sha256('x') });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Email ou mot de passe incorrect');
  });

  it('sets the XSRF cookie the SPA copies into X-XSRF-TOKEN', async () => {
    const payload = signupPayload();
    await post('/api/inscription', payload);
    const l = await post('/api/login', { username: payload.email, password: payload.password });
    expect(l.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=[\w-]{20,}; Path=\/; SameSite=Strict/);
  });

  it('locks the address from that client IP after 5 failures, even for the right password, until the lock ends', async () => {
    const payload = signupPayload();
    await post('/api/inscription', payload);
    const ip = testIp();
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/login', { username: payload.email, password: sha256(`bad${i}`) }, undefined, viaCloudFront(ip))).status).toBe(401);
    }
    const locked = await post('/api/login', { username: payload.email, password: payload.password }, undefined, viaCloudFront(ip));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Trop de tentatives/);
    // Let the failures leave the window as time would (each hit an hour old), then the right password works again.
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `ATTEMPTS#login#${payload.email} ${ip.replace(/^(([0-9a-f]+:){3}[0-9a-f]+):.*$/, '$1')}::/64`, SK: 'ATTEMPTS' },
        UpdateExpression: 'SET hit_log = :past',
        ConditionExpression: 'size(hit_log) = :five',
        ExpressionAttributeValues: { ':past': Array(5).fill(Date.now() - 3600_000), ':five': 5 },
      }),
    );
    expect((await post('/api/login', { username: payload.email, password: payload.password }, undefined, viaCloudFront(ip))).status).toBe(200);
  });
});

describe('token check and logout', () => {
  it('checkToken answers code 200 for a live token and 401 after logout (revoked server-side)', async () => {
    const acc = await newBusiness();
    expect((await get('/api/checkToken', acc.token)).body).toEqual({ code: 200 });
    expect((await get('/api/logout', acc.token)).status).toBe(200);
    const after = await get('/api/checkToken', acc.token);
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/reconnecter/);
  });

  it('logout revokes only that session', async () => {
    const acc = await newBusiness();
    const second = await post('/api/login', { username: acc.email, password: sha256(acc.password) });
    await get('/api/logout', acc.token);
    expect((await get('/api/checkToken', second.body.token)).status).toBe(200);
  });
});

describe('forgotten password (three steps)', () => {
  it('mails a 4-digit code, checks it, resets the password once, and the new password logs in', async () => {
    const acc = await newBusiness();
    const init = await post('/api/initRecoveryPassword', { email: acc.email });
    expect(init.status).toBe(200);
    const mail = lastMailTo(acc.email);
    expect(mail?.subject).toMatch(/réinitialisation/);
    const code = /(\d{4})/.exec(mail!.text)![1];
    const wrong = code === '0000' ? '0001' : '0000';
    expect((await post('/api/checkpasswordotp', { email: acc.email, code: wrong })).status).toBe(400);
    expect((await post('/api/checkpasswordotp', { email: acc.email, code })).body).toEqual({ code: 200 });
    const reset = await post('/api/resetPassword', { email: acc.email, code, password: sha256('nouveau1') });
    expect(reset.status).toBe(200);
    // The code is consumed.
    expect((await post('/api/resetPassword', { email: acc.email, code, password: sha256('autre') })).status).toBe(400);
    expect((await post('/api/login', { username: acc.email, password: sha256(acc.password) })).status).toBe(401);
    expect((await post('/api/login', { username: acc.email, password: sha256('nouveau1') })).status).toBe(200);
  });

  it('answers the spec message for an unknown address', async () => {
    const r = await post('/api/initRecoveryPassword', { email: uniqueEmail() });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Aucun compte lié à cette adresse email');
  });

  it('invalidates the code after 5 wrong guesses, even for the right code', async () => {
    const acc = await newBusiness();
    await post('/api/initRecoveryPassword', { email: acc.email });
    const code = /(\d{4})/.exec(lastMailTo(acc.email)!.text)![1];
    const wrongs = ['0000', '1111', '2222', '3333', '4444', '5555'].filter((c) => c !== code).slice(0, 5);
    for (const w of wrongs) expect((await post('/api/checkpasswordotp', { email: acc.email, code: w })).status).toBe(400);
    // The tries of this code are used up: said as such (429), until the code expires.
    const r = await post('/api/checkpasswordotp', { email: acc.email, code });
    expect(r.status).toBe(429);
    expect(r.body.message).toBe("Trop de codes erronés pour ce code : attendez 15 minutes avant d'en demander un nouveau.");
    expect((await post('/api/resetPassword', { email: acc.email, code, password: sha256('x1234') })).status).toBe(429);
  });

  it('refuses an expired code', async () => {
    const acc = await newBusiness();
    await post('/api/initRecoveryPassword', { email: acc.email });
    const code = /(\d{4})/.exec(lastMailTo(acc.email)!.text)![1];
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `EMAIL#${acc.email}`, SK: 'OTP' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect((await post('/api/checkpasswordotp', { email: acc.email, code })).status).toBe(400);
  });
});

describe('profile', () => {
  it('changes the password with the right old password only', async () => {
    const acc = await newBusiness();
    const bad = await post('/api/updatePassword', { role: 'admin', old_password: sha256('wrong'), new_password: sha256('n3w') }, acc.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("L'ancien mot de passe est incorrect.");
    const ok = await post('/api/updatePassword', { role: 'admin', old_password: sha256(acc.password), new_password: sha256('n3wpass') }, acc.token);
    expect(ok.body).toEqual({ code: 200, message: 'Mot de passe mis à jour' });
    expect((await post('/api/login', { username: acc.email, password: sha256('n3wpass') })).status).toBe(200);
  });

  it('updates first and last name, keeps the e-mail', async () => {
    const acc = await newBusiness();
    const r = await post('/admin/updatePofil', { prenom: 'Fatou', nom: 'Sall', email: acc.email }, acc.token);
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ prenom: 'Fatou', nom: 'Sall', email: acc.email });
    const changeMail = await post('/admin/updatePofil', { prenom: 'Fatou', nom: 'Sall', email: uniqueEmail() }, acc.token);
    expect(changeMail.status).toBe(400);
    const again = await post('/api/login', { username: acc.email, password: sha256(acc.password) });
    expect(again.body.user).toMatchObject({ prenom: 'Fatou', nom: 'Sall' });
  });
});

describe('permission and plan checks', () => {
  it('checkPermission answers from the droit header and the stored rights', async () => {
    const acc = await newBusiness();
    const answer = (await get('/api/user/checkPermission', acc.token, { droit: 'bandav:r' })).body;
    expect(answer.status).toBe('yes');
    // The sign-up admin holds every right: the list the SPA's menu reads in one call.
    expect([...answer.droits].sort()).toEqual([...RIGHT_CODES].sort());
    const missing = await get('/api/user/checkPermission', acc.token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/droit/);
  });

  it('checkplan answers 424 once the trial has ended', async () => {
    const acc = await newBusiness();
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `ENT#${acc.tenantId}`, SK: 'SUBSCRIPTION' },
        UpdateExpression: 'SET valid_until = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const r = await get('/api/checkplan', acc.token);
    expect(r.status).toBe(424);
    expect(r.body.message).toMatch(/abonnement valide/);
  });
});

describe('XSRF double submit', () => {
  it('refuses a mutating call whose header does not echo the XSRF cookie', async () => {
    const acc = await newBusiness();
    const body = { prenom: 'A', nom: 'B', email: acc.email };
    const bad = await call('POST', '/admin/updatePofil', body, { token: acc.token, headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(bad.status).toBe(403);
    expect(bad.body.message).toMatch(/XSRF/);
    const good = await call('POST', '/admin/updatePofil', body, { token: acc.token, headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' } });
    expect(good.status).toBe(200);
  });
});
