// Account security over HTTP against the local stack: the recovery code cannot be
// brute-forced by cycling requests, parallel login guesses are bounded, a password change or reset
// ends the other sessions. That an unknown address costs a login as much time as a known one is
// measured alone, in tests/api/login-timing.test.ts.
// Client addresses are set as CloudFront reports them (viaCloudFront), so per-IP limits are real.
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { get, lastMailTo, newBusiness, post, rawDdb, sha256, tableName, testIp, uniqueEmail, viaCloudFront } from '../helpers/api';
import { inject } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LONG = process.env.HARNESS_LONG === '1';

const codeOf = (email: string) => /(\d{4})/.exec(lastMailTo(email)!.text)![1];
const otherCode = (code: string, i: number) => String((Number(code) + 1 + i) % 10000).padStart(4, '0');
function mailsTo(email: string): number {
  const dir: string = inject('outboxDir');
  return readdirSync(dir).filter((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')).to === email).length;
}
/** The recovery code item, expired as 15 minutes would. */
async function expireCode(email: string) {
  await rawDdb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: `EMAIL#${email}`, SK: 'OTP' },
      UpdateExpression: 'SET expiresAt = :past',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }),
  );
}

describe('1. the recovery code cannot be brute-forced', () => {
  it('a new request while a code is live keeps the tries already used', async () => {
    const acc = await newBusiness();
    const ip = viaCloudFront(testIp());
    expect((await post('/api/initRecoveryPassword', { email: acc.email }, undefined, ip)).status).toBe(200);
    const first = codeOf(acc.email);
    for (let i = 0; i < 4; i++) expect((await post('/api/checkpasswordotp', { email: acc.email, code: otherCode(first, i) }, undefined, ip)).status).toBe(400);
    expect((await post('/api/initRecoveryPassword', { email: acc.email }, undefined, ip)).status).toBe(200);
    const second = codeOf(acc.email);
    // one try left: a wrong guess uses it, and then even the right code is refused
    expect((await post('/api/checkpasswordotp', { email: acc.email, code: otherCode(second, 0) }, undefined, ip)).status).toBe(400);
    const r = await post('/api/checkpasswordotp', { email: acc.email, code: second }, undefined, ip);
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/Trop de codes erronés/);
  });

  it('limits requests per address (3 per 15 min): the 4th answers 429 in French and sends no mail', async () => {
    const acc = await newBusiness();
    for (let i = 0; i < 3; i++) expect((await post('/api/initRecoveryPassword', { email: acc.email }, undefined, viaCloudFront(testIp()))).status).toBe(200);
    const mails = mailsTo(acc.email);
    const r = await post('/api/initRecoveryPassword', { email: acc.email }, undefined, viaCloudFront(testIp()));
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/Trop de demandes/);
    expect(mailsTo(acc.email)).toBe(mails);
  });

  it('limits requests per client IP (20 per 15 min), whatever the addresses', async () => {
    const ip = viaCloudFront(testIp());
    for (let i = 0; i < 20; i++) expect((await post('/api/initRecoveryPassword', { email: uniqueEmail('rate') }, undefined, ip)).status).toBe(404);
    const acc = await newBusiness();
    const r = await post('/api/initRecoveryPassword', { email: acc.email }, undefined, ip);
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/Trop de demandes/);
    expect(lastMailTo(acc.email)).toBeNull();
    // another address answers normally
    expect((await post('/api/initRecoveryPassword', { email: acc.email }, undefined, viaCloudFront(testIp()))).status).toBe(200);
  });

  it('caps wrong guesses per address (10 per 24 h), then recovery is locked for that address', async () => {
    const acc = await newBusiness();
    const ip = () => viaCloudFront(testIp());
    let code = '';
    for (let round = 0; round < 2; round++) {
      expect((await post('/api/initRecoveryPassword', { email: acc.email }, undefined, ip())).status).toBe(200);
      code = codeOf(acc.email);
      for (let i = 0; i < 5; i++)
        expect((await post('/api/checkpasswordotp', { email: acc.email, code: otherCode(code, i) }, undefined, ip())).status).toBe(400);
      await expireCode(acc.email);
    }
    const mails = mailsTo(acc.email);
    const again = await post('/api/initRecoveryPassword', { email: acc.email }, undefined, ip());
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/bloquée/);
    expect(mailsTo(acc.email)).toBe(mails);
    // even a live right code is refused now
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `EMAIL#${acc.email}`, SK: 'OTP' },
        UpdateExpression: 'SET expiresAt = :later, attempts = :zero',
        ExpressionAttributeValues: { ':later': Math.floor(Date.now() / 1000) + 600, ':zero': 0 },
      }),
    );
    const r = await post('/api/resetPassword', { email: acc.email, code, password: sha256('pris') }, undefined, ip());
    expect(r.status).toBe(429);
    expect((await post('/api/login', { username: acc.email, password: sha256(acc.password) }, undefined, ip())).status).toBe(200);
  });

  it('parallel guesses on one code: at most 5 are evaluated', async () => {
    const acc = await newBusiness();
    expect((await post('/api/initRecoveryPassword', { email: acc.email }, undefined, viaCloudFront(testIp()))).status).toBe(200);
    const code = codeOf(acc.email);
    const guesses = Array.from({ length: 60 }, (_, i) => otherCode(code, i));
    const rs = await Promise.all(guesses.map((g) => post('/api/checkpasswordotp', { email: acc.email, code: g }, undefined, viaCloudFront(testIp()))));
    const evaluated = rs.filter((r) => r.status === 400).length;
    expect(
      rs.every((r) => r.status === 400 || r.status === 429),
      JSON.stringify(rs.map((r) => r.status)),
    ).toBe(true);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(evaluated).toBeGreaterThan(0);
  });

  // The original probe: request a code, guess 5 times, repeat. Fast mode runs 300 cycles on one
  // account; HARNESS_LONG=1 runs the full 10,000 cycles over 8 accounts. Every guess after the
  // 10th per address is refused without being evaluated, so the only chance the probe has is 10
  // guesses among 10,000 codes per account (≤ 0.1 %, the bound the design allows).
  // Its 1 800 requests took 17–26 s alone, 42–72 s beside the other files, and ran past the project's
  // 90 s once with a fifth worker: a fixed amount of work whose time follows the machine's load, so
  // it gets its own time limit, like the reconciliation harness.
  it(`the takeover probe fails: 0 takeovers in ${LONG ? '10,000' : '300'} request→5-guess cycles`, { timeout: LONG ? 1_800_000 : 240_000 }, async () => {
    const accounts = await Promise.all(Array.from({ length: LONG ? 8 : 1 }, () => newBusiness()));
    const cycles = LONG ? 10_000 : 300;
    let takeovers = 0;
    let evaluated = 0;
    let requests = 0;
    let codesMailed = 0;
    const evaluatedPer = new Map<string, number>();
    const mailsBefore = new Map(accounts.map((a) => [a.email, mailsTo(a.email)]));
    let next = 0;
    const worker = async () => {
      while (next < cycles) {
        const acc = accounts[next++ % accounts.length];
        const ip = viaCloudFront(testIp());
        const init = await post('/api/initRecoveryPassword', { email: acc.email }, undefined, ip);
        requests++;
        expect(init.status).toBeLessThan(500);
        for (let g = 0; g < 5; g++) {
          const code = String(Math.floor(Math.random() * 10000)).padStart(4, '0');
          const r = await post('/api/resetPassword', { email: acc.email, code, password: sha256('pirate') }, undefined, ip);
          requests++;
          expect(r.status).toBeLessThan(500);
          if (r.status === 200) takeovers++;
          if (r.status === 400 || r.status === 200) {
            evaluated++;
            evaluatedPer.set(acc.email, (evaluatedPer.get(acc.email) ?? 0) + 1);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    for (const a of accounts) codesMailed += mailsTo(a.email) - mailsBefore.get(a.email)!;
    console.log(
      `[takeover probe] ${cycles} cycles, ${requests} requests, ${accounts.length} account(s): ${takeovers} takeovers, ${evaluated} guesses evaluated (max ${Math.max(...evaluatedPer.values(), 0)} per address), ${codesMailed} codes mailed`,
    );
    expect(takeovers).toBe(0);
    for (const n of evaluatedPer.values()) expect(n).toBeLessThanOrEqual(10);
    expect(codesMailed).toBeLessThanOrEqual(3 * accounts.length);
    for (const a of accounts)
      expect((await post('/api/login', { username: a.email, password: sha256(a.password) }, undefined, viaCloudFront(testIp()))).status).toBe(200);
  });
});

describe('2. parallel login guesses are bounded, and a stranger cannot lock a user out', () => {
  it('100 guesses at once from one address: at most 5 evaluated, the right password among the late ones is refused', async () => {
    const acc = await newBusiness();
    const ip = viaCloudFront(testIp());
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 99 ? sha256(acc.password) : sha256(`mauvais${i}`)));
    const rs = await Promise.all(guesses.map((password) => post('/api/login', { username: acc.email, password }, undefined, ip)));
    const statuses = rs.map((r) => r.status);
    const evaluated = statuses.filter((s) => s === 401 || s === 200).length;
    console.log(`[parallel login] 100 guesses at once: ${evaluated} evaluated, ${statuses.filter((s) => s === 429).length} refused (429)`);
    expect(statuses.every((s) => s === 401 || s === 200 || s === 429)).toBe(true);
    expect(evaluated).toBeLessThanOrEqual(5);
    // Unless the right password was one of the few evaluated (a success clears the failures),
    // the pair stays locked, even for the right password.
    if (statuses[99] !== 200) {
      const locked = await post('/api/login', { username: acc.email, password: sha256(acc.password) }, undefined, ip);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe('Trop de tentatives de connexion. Réessayez dans quelques minutes.');
    }
  });

  it('the lock is per address and client IP: the real user elsewhere still logs in', async () => {
    const acc = await newBusiness();
    const stranger = viaCloudFront(testIp());
    for (let i = 0; i < 5; i++) expect((await post('/api/login', { username: acc.email, password: sha256(`x${i}`) }, undefined, stranger)).status).toBe(401);
    expect((await post('/api/login', { username: acc.email, password: sha256(acc.password) }, undefined, stranger)).status).toBe(429);
    expect((await post('/api/login', { username: acc.email, password: sha256(acc.password) }, undefined, viaCloudFront(testIp()))).status).toBe(200);
  });

  it('a successful login clears the failures of that address and IP', async () => {
    const acc = await newBusiness();
    const ip = viaCloudFront(testIp());
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await post('/api/login', { username: acc.email, password: sha256(`y${i}`) }, undefined, ip)).status).toBe(401);
      expect((await post('/api/login', { username: acc.email, password: sha256(acc.password) }, undefined, ip)).status).toBe(200);
    }
  });
});

describe('3. a password change or reset ends every other session', () => {
  it('updatePassword keeps the session that made it and revokes the others', async () => {
    const acc = await newBusiness();
    const other = (await post('/api/login', { username: acc.email, password: sha256(acc.password) })).body.token;
    expect((await get('/api/checkToken', other)).status).toBe(200);
    const r = await post('/api/updatePassword', { old_password: sha256(acc.password), new_password: sha256('n0uveau') }, acc.token);
    expect(r.status).toBe(200);
    expect((await get('/api/checkToken', acc.token)).status).toBe(200);
    expect((await get('/api/checkToken', other)).status).toBe(401);
    // a new login works and stays valid
    const fresh = (await post('/api/login', { username: acc.email, password: sha256('n0uveau') })).body.token;
    expect((await get('/api/checkToken', fresh)).status).toBe(200);
    // a second change from the fresh session ends the first changer's session too
    expect((await post('/api/updatePassword', { old_password: sha256('n0uveau'), new_password: sha256('encore1') }, fresh)).status).toBe(200);
    expect((await get('/api/checkToken', fresh)).status).toBe(200);
    expect((await get('/api/checkToken', acc.token)).status).toBe(401);
  });

  it('resetPassword revokes every session', async () => {
    const acc = await newBusiness();
    const other = (await post('/api/login', { username: acc.email, password: sha256(acc.password) })).body.token;
    const ip = viaCloudFront(testIp());
    expect((await post('/api/initRecoveryPassword', { email: acc.email }, undefined, ip)).status).toBe(200);
    const reset = await post('/api/resetPassword', { email: acc.email, code: codeOf(acc.email), password: sha256('r3set') }, undefined, ip);
    expect(reset.status).toBe(200);
    expect((await get('/api/checkToken', acc.token)).status).toBe(401);
    expect((await get('/api/checkToken', other)).status).toBe(401);
    expect((await get('/api/bande', acc.token)).status).toBe(401);
    const fresh = (await post('/api/login', { username: acc.email, password: sha256('r3set') })).body.token;
    expect((await get('/api/checkToken', fresh)).status).toBe(200);
  });

  it('guessing the old password through updatePassword is bounded too', async () => {
    const acc = await newBusiness();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await post('/api/updatePassword', { old_password: sha256(`z${i}`), new_password: sha256('pas') }, acc.token)).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
