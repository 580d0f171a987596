// Phone numbers as people write them, through the real local stack: the one rule
// of shared/phone.ts in sign-up, users, clients, shops and the client search, numbers stored in
// E.164 and read in the business's country, French refusals that write nothing, and the migration
// of the phones stored before the rule.
import { describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { get, newBusiness, post, rawDdb, signupPayload, tableName, tenantSnapshot, type Account } from '../helpers/api';
import { migrateBusinessPhones, migratePhones } from '../../infra/data/migrations';
import { RIGHT_CODES } from '@shared/rights';

const SN_INVALID = 'Numéro de téléphone invalide pour le Sénégal : 9 chiffres, par ex. 77 123 45 67.';
const CI_INVALID = "Numéro de téléphone invalide pour la Côte d'Ivoire : 10 chiffres, par ex. 07 07 07 07 07.";
const NEEDS_CODE = "Indiquez le numéro avec son indicatif : +221 pour le Sénégal, +225 pour la Côte d'Ivoire.";

const item = async (PK: string, SK: string) => (await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK, SK }, ConsistentRead: true }))).Item;
const profile = (t: number) => item(`ENT#${t}`, 'PROFILE');
const ivorian = () => newBusiness({ pays: "Cote d'Ivoire", telephone: '0707070707', entreprise: 'Ferme Yamoussoukro' });

async function ok<T = any>(p: Promise<{ status: number; body: T }>): Promise<T> {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe('sign-up', () => {
  it("an Ivorian farmer signs up with 0707070707: stored +2250707070707, the business reads its numbers in Côte d'Ivoire", async () => {
    const acc = await ivorian();
    expect((await profile(acc.tenantId))?.telephone).toBe('+2250707070707');
    expect((await item(`ENT#${acc.tenantId}`, 'USER#1'))?.telephone).toBe('+2250707070707');
    expect(acc.user.telephone).toBe('+2250707070707');
    const e = await ok(get('/api/entreprise', acc.token));
    expect(e).toMatchObject({ telephone: '+2250707070707', pays: "Cote d'Ivoire", pays_tel: 'ci' });
    // its first shop dials +225
    expect((await ok<any[]>(get('/api/boutique', acc.token)))[0]).toMatchObject({ id: 1, indicatif: '+225' });
  });

  it('refuses "12" in French and writes nothing', async () => {
    const payload = signupPayload({ telephone: '12' });
    const r = await post('/api/inscription', payload);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(SN_INVALID);
    expect((await post('/api/login', { username: payload.email, password: payload.password })).status).toBe(401);
    expect(await item(`EMAIL#${payload.email}`, 'EMAIL')).toBeUndefined();
  });

  it('accepts +221 77 …, 00221 and dots, stored in E.164', async () => {
    for (const telephone of ['+221 77 123 45 67', '00221 77.123.45.67', '77-123-45-67']) {
      const acc = await newBusiness({ telephone });
      expect((await profile(acc.tenantId))?.telephone, telephone).toBe('+221771234567');
    }
  });

  it("refuses a wrong country's number with a hint, and a number of no plan", async () => {
    const sn = await post('/api/inscription', signupPayload({ telephone: '0707070707' }));
    expect(sn.status).toBe(400);
    expect(sn.body.message).toContain(`${SN_INVALID} Pour un numéro de Côte d'Ivoire, ajoutez +225 devant.`);
    const ci = await post('/api/inscription', signupPayload({ pays: "Cote d'Ivoire", telephone: '771234567' }));
    expect(ci.status).toBe(400);
    expect(ci.body.message).toContain(CI_INVALID);
    const fr = await post('/api/inscription', signupPayload({ telephone: '+33 6 12 34 56 78' }));
    expect(fr.status).toBe(400);
    expect(fr.body.message).toContain("Seuls les numéros du Sénégal (+221) et de Côte d'Ivoire (+225) sont acceptés.");
  });

  it('from another country of the list: the number needs +221 or +225, and the business then reads its numbers in that country', async () => {
    const r = await post('/api/inscription', signupPayload({ pays: 'Togo', telephone: '90 12 34 56' }));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(NEEDS_CODE);
    const acc = await newBusiness({ pays: 'Togo', telephone: '+225 05 44 55 66 77' });
    expect(await ok(get('/api/entreprise', acc.token))).toMatchObject({ pays: 'Togo', telephone: '+2250544556677', pays_tel: 'ci' });
    const c = await ok(post('/api/addOrUpdateClient', { id: 0, prenom: 'Koffi', nom: 'Kouassi', telephone: '07 07 07 07 07' }, acc.token));
    expect(c).toMatchObject({ telephone: '+2250707070707', indicatif: '+225' });
  });
});

describe("a Côte d'Ivoire business's clients", () => {
  it('are stored in E.164 and listed with +225; a Senegalese number keeps +221', async () => {
    const acc = await ivorian();
    const awa = await ok(
      post('/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Koné', telephone: '07 08 09 10 11', email: '', indicatif: '+225' }, acc.token),
    );
    expect(awa).toMatchObject({ telephone: '+2250708091011', indicatif: '+225' });
    const sans = await ok(post('/api/addOrUpdateClient', { id: 0, prenom: 'Sans', nom: 'Numéro', indicatif: '+221' }, acc.token));
    expect(sans).toMatchObject({ telephone: null, indicatif: '+225' });
    const modou = await ok(post('/api/addOrUpdateClient', { id: 0, prenom: 'Modou', nom: 'Fall', telephone: '+221 77 123 45 67' }, acc.token));
    expect(modou).toMatchObject({ telephone: '+221771234567', indicatif: '+221' });
    const list = await ok<any[]>(get('/api/clients', acc.token));
    expect(list.map((c) => [c.prenom, c.telephone, c.indicatif])).toEqual([
      ['Awa', '+2250708091011', '+225'],
      ['Sans', null, '+225'],
      ['Modou', '+221771234567', '+221'],
    ]);
  });

  it('refuse a Senegalese number written without its code and "12", in French, writing nothing', async () => {
    const acc = await ivorian();
    const before = await tenantSnapshot(acc.tenantId);
    const sn = await post('/api/addOrUpdateClient', { id: 0, prenom: 'A', nom: 'B', telephone: '77 123 45 67' }, acc.token);
    expect(sn.status).toBe(400);
    expect(sn.body.message).toBe(`${CI_INVALID} Pour un numéro du Sénégal, ajoutez +221 devant.`);
    const twelve = await post('/api/addOrUpdateClient', { id: 0, prenom: 'A', nom: 'B', telephone: '12' }, acc.token);
    expect(twelve.status).toBe(400);
    expect(twelve.body.message).toBe(CI_INVALID);
    const letters = await post('/api/addOrUpdateClient', { id: 0, prenom: 'A', nom: 'B', telephone: '07 O7 07' }, acc.token);
    expect(letters.status).toBe(400);
    expect(await tenantSnapshot(acc.tenantId)).toEqual(before);
  });

  it('one number written two ways is the same client (402), and the search finds it however it is typed', async () => {
    const acc = await ivorian();
    await ok(post('/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Koné', telephone: '0708091011' }, acc.token));
    const dup = await post('/api/addOrUpdateClient', { id: 0, prenom: 'Autre', nom: 'X', telephone: '+225 07.08.09.10.11' }, acc.token);
    expect(dup.status).toBe(402);
    for (const q of ['07 08 09 10 11', '+225 07 08 09 10 11', '00225 0708091011', '0708 09']) {
      const found = await ok<any[]>(post('/api/versement/searchClient', { username: q }, acc.token));
      expect(
        found.map((c) => c.prenom),
        q,
      ).toEqual(['Awa']);
    }
  });
});

describe('users and shops', () => {
  const droit = RIGHT_CODES.map((c) => ({ code_fonct: c, droit: c === 'ventav' ? 'r' : '' }));

  it('store a user\'s number in E.164, read in the business\'s country; refuse "12" in French', async () => {
    const acc = await ivorian();
    const body = { prenom: 'Yao', nom: 'Kouadio', telephone: '05 44 55 66 77', email: `yao-${acc.tenantId}@test.ganaar.sn`, role: 'production', droit };
    const created = await ok(post('/api/user/create', body, acc.token));
    expect(created.user.telephone).toBe('+2250544556677');
    const bad = await post('/api/user/updateUser', { ...body, id: created.user.id, telephone: '12' }, acc.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(CI_INVALID);
    expect((await ok(get(`/api/user/${created.user.id}`, acc.token))).user.telephone).toBe('+2250544556677');
    const moved = await ok(post('/api/user/updateUser', { ...body, id: created.user.id, telephone: '+221 78 111 22 33' }, acc.token));
    expect(moved.user.telephone).toBe('+221781112233');
  });

  it("store a shop's number in E.164 with the number's dial code", async () => {
    const acc = await ivorian();
    const first = (await ok<any[]>(get('/api/boutique', acc.token)))[0];
    const b = await ok(
      post('/api/boutique/update', { id_boutique: first.id, nom: 'Boutique Plateau', telephone: '27 22 44 44 44', indicatif: '+221' }, acc.token),
    );
    expect(b).toMatchObject({ telephone: '+2252722444444', indicatif: '+225' });
    const bad = await post('/api/boutique/update', { id_boutique: first.id, nom: 'Boutique Plateau', telephone: '2722' }, acc.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(CI_INVALID);
  });
});

describe('migration 2026-12-phone-e164', () => {
  const db = rawDdb();
  const set = (t: number, SK: string, values: Record<string, unknown>) =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `ENT#${t}`, SK },
        UpdateExpression: `SET ${Object.keys(values)
          .map((k, i) => `#k${i} = :v${i}`)
          .join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((k, i) => [`#k${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(Object.values(values).map((v, i) => [`:v${i}`, v])),
      }),
    );
  /** A client as written before the rule: its digits and their phone lock. */
  async function legacyClient(acc: Account, prenom: string, digits: string): Promise<number> {
    const c = await ok(post('/api/addOrUpdateClient', { id: 0, prenom, nom: 'Ancien' }, acc.token));
    await set(acc.tenantId, `CLIENT#${c.id}`, { telephone: digits, indicatif: '+221' });
    await db.send(
      new PutCommand({ TableName: tableName(), Item: { PK: `ENT#${acc.tenantId}`, SK: `CLIENT_TEL#${digits}`, type: 'CLIENT_TEL', clientId: c.id } }),
    );
    return c.id;
  }

  it("moves a business's phones to E.164, keeps and reports what does not read, and changes nothing the second time", async () => {
    const acc = await ivorian();
    const t = acc.tenantId;
    // as older versions stored them, before the phone rule: digits only, +221 everywhere
    await set(t, 'PROFILE', { telephone: '0707070707' });
    await set(t, 'USER#1', { telephone: '0707070707' });
    await set(t, 'BOUTIQUE#1', { telephone: '2722444444', indicatif: '+221' });
    const awa = await legacyClient(acc, 'Awa', '0708091011');
    const twelve = await legacyClient(acc, 'Douze', '12');
    const first = await legacyClient(acc, 'Premier', '0102030405');
    const second = await legacyClient(acc, 'Second', '2250102030405');
    const none = (await ok(post('/api/addOrUpdateClient', { id: 0, prenom: 'Sans', nom: 'Numéro' }, acc.token))).id;
    await set(t, `CLIENT#${none}`, { indicatif: '+221' });

    const r = await migrateBusinessPhones(db, tableName(), t);
    expect(r.changed).toBe(6); // profile, user, shop, Awa, Premier, Sans (its dial code)
    expect(r.kept).toEqual([
      `entreprise ${t}, client CLI-${String(twelve).padStart(6, '0')} (Douze Ancien) : « 12 » gardé tel quel (numéro non reconnu)`,
      `entreprise ${t}, client CLI-${String(second).padStart(6, '0')} (Second Ancien) : « 2250102030405 » gardé tel quel (+2250102030405 est déjà le numéro d'un autre client)`,
    ]);
    expect((await profile(t))?.telephone).toBe('+2250707070707');
    expect((await item(`ENT#${t}`, 'USER#1'))?.telephone).toBe('+2250707070707');
    expect(await item(`ENT#${t}`, 'BOUTIQUE#1')).toMatchObject({ telephone: '+2252722444444', indicatif: '+225' });
    const clients = Object.fromEntries((await ok<any[]>(get('/api/clients', acc.token))).map((c) => [c.id, [c.telephone, c.indicatif]]));
    expect(clients).toEqual({
      [awa]: ['+2250708091011', '+225'],
      [twelve]: ['12', '+221'],
      [first]: ['+2250102030405', '+225'],
      [second]: ['2250102030405', '+221'],
      [none]: [null, '+225'],
    });
    // the phone lock moved with the number: the old key is free, the new one is Awa's
    expect(await item(`ENT#${t}`, 'CLIENT_TEL#0708091011')).toBeUndefined();
    expect(await item(`ENT#${t}`, 'CLIENT_TEL#+2250708091011')).toMatchObject({ client_id: awa });
    expect((await post('/api/addOrUpdateClient', { id: 0, prenom: 'X', nom: 'Y', telephone: '07 08 09 10 11' }, acc.token)).status).toBe(402);
    expect((await ok<any[]>(post('/api/versement/searchClient', { username: '+225 07 08 09 10 11' }, acc.token))).map((c) => c.id)).toEqual([awa]);

    // done: a second run changes nothing and reports the same records
    const again = await migrateBusinessPhones(db, tableName(), t);
    expect(again.changed).toBe(0);
    expect(again.kept).toHaveLength(2);
  });

  it('finds every business through the index and leaves the ones written by the rule as they are', async () => {
    const sn = await newBusiness();
    const ci = await ivorian();
    await set(sn.tenantId, 'USER#1', { telephone: '771112233' });
    const before = await tenantSnapshot(ci.tenantId);
    const r = await migratePhones(db, tableName(), [sn.tenantId, ci.tenantId]);
    expect(r).toEqual({ changed: 1, kept: [] });
    expect((await item(`ENT#${sn.tenantId}`, 'USER#1'))?.telephone).toBe('+221771112233');
    expect(await tenantSnapshot(ci.tenantId)).toEqual(before);
  });

  it('keeps the numbers of an old business of another country that have no code, and says so', async () => {
    const acc = await newBusiness({ pays: 'Togo', telephone: '+221 77 000 00 01' });
    await set(acc.tenantId, 'PROFILE', { telephone: '90123456' });
    const r = await migrateBusinessPhones(db, tableName(), acc.tenantId);
    expect(r.kept).toEqual([`entreprise ${acc.tenantId}, entreprise (inscription) : « 90123456 » gardé tel quel (numéro non reconnu)`]);
    // its admin's number, E.164 since sign-up, is left alone
    expect((await item(`ENT#${acc.tenantId}`, 'USER#1'))?.telephone).toBe('+221770000001');
  });
});
