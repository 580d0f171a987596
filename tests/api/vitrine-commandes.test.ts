// Storefront orders under a spam wave, through the real stack: limits per buyer (address, and
// number at a seller), never per seller alone, so a seller's real buyers still order while one
// attacker is refused; fake orders hold no stock; the seller blocks a number and cancels its
// pending orders in one action. The per-seller lock-out and the block action failed on the code
// before (a seller-wide cap of 30 orders an hour refused every buyer; no block route).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { call, rawDdb, tableName, testIp, viaCloudFront } from '../helpers/api';
import { ipKey } from '../../functions/lib/client-ip';
import { smallPng, uploadImage } from '../helpers/images';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import { newShop, ok, produit, stateOf, stockOf, type Shop } from './shop-fixtures';

async function publish(s: Shop, stock = 50) {
  const p = await produit(s, stock, 3000, `Poulet${Math.floor(Math.random() * 1e6)}`);
  const img = await uploadImage(s.acc.token, await smallPng(), 'p.png', 'image/png');
  const e = await ok(
    s.post('/api/produit/addToEcom', {
      id: 0,
      id_produit: p.id,
      produit: `${p.nom} fermier`,
      prix_unitaire: 3500,
      type_produit: 'poulet',
      currency: 'XOF',
      images: [img.body.img],
      pays: 'Senegal',
      code_pays: 'sn',
      ville: 'Thiès',
      adresse: 'Quartier Escale',
      description: 'Poulet de chair, 2 kg',
    }),
  );
  await ok(s.post('/api/produit/publierEcom', { id: e.id }));
  return { p, e };
}

const order = (s: Shop, id_produit: number, telephone: string, ip: string, quantite = 1) =>
  call(
    'POST',
    '/api/vitrine/commande',
    { id_entreprise: s.acc.tenantId, id_produit, prenom: 'Awa', nom: 'Ndiaye', telephone, adresse: 'Thiès', quantite },
    { headers: viaCloudFront(ip) },
  );

/** Moves the address's storefront hits a minute back, as a minute passing would (the per-minute limit's room comes back). */
async function aMinuteLater(ip: string) {
  const Key = { PK: `RATE#vitrine-commande-ip#${ipKey(ip).toLowerCase()}`, SK: 'WINDOW' };
  const item = (await rawDdb().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item!;
  await rawDdb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key,
      UpdateExpression: 'SET hit_log = :log',
      ConditionExpression: 'v = :v',
      ExpressionAttributeValues: { ':log': (item.hit_log as number[]).map((t) => t - 61_000), ':v': item.v },
    }),
  );
}

/** A Senegalese mobile number nobody else in the run uses. */
const phone = () => `77${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`;
const e164 = (typed: string) => `+221${typed}`;

describe('storefront orders under a spam wave', () => {
  it('limit the attacker (per address, per number at the seller) while a real buyer of the same seller still orders', async () => {
    const farm = await newShop();
    const { e } = await publish(farm, 1000);
    const attacker = phone();
    // Six addresses sending six orders each with one number: 36 tries, more than the seller-wide
    // cap of 30 an hour that used to refuse every buyer of the farm once reached.
    const answers: { status: number; message?: string }[] = [];
    for (let a = 0; a < 6; a++) {
      const ip = testIp();
      for (let i = 0; i < 6; i++) {
        const r = await order(farm, e.id, attacker, ip);
        answers.push({ status: r.status, message: r.body?.message });
      }
    }
    // Ten orders of that number an hour at this seller, then 429s saying why.
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    const refusals = answers.filter((r) => r.status !== 200);
    expect(new Set(refusals.map((r) => r.status))).toEqual(new Set([429]));
    expect(refusals.map((r) => r.message)).toContain(ECOM_MSG.phoneRateLimited);
    expect(refusals.map((r) => r.message)).toContain(ECOM_MSG.orderRateLimited);
    // One address is held to five a minute, whatever numbers it types.
    const one = testIp();
    const fromOne = [];
    for (let i = 0; i < 6; i++) fromOne.push((await order(farm, e.id, phone(), one)).status);
    expect(fromOne).toEqual([200, 200, 200, 200, 200, 429]);
    // A real buyer of the farm, from another address with another number, orders at once.
    const real = await order(farm, e.id, phone(), testIp());
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    // A refused order writes nothing.
    const before = await stateOf(farm.acc.tenantId);
    expect((await order(farm, e.id, attacker, testIp())).status).toBe(429);
    expect(await stateOf(farm.acc.tenantId)).toBe(before);
  });

  it('one address cannot fill one seller: ten orders a day per address and seller, whatever the numbers', async () => {
    const farm = await newShop();
    const { e } = await publish(farm, 1000);
    const ip = testIp();
    const statuses: number[] = [];
    for (let minute = 0; minute < 3; minute++) {
      for (let i = 0; i < 5; i++) statuses.push((await order(farm, e.id, phone(), ip)).status);
      await aMinuteLater(ip);
    }
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    const r = await order(farm, e.id, phone(), ip);
    expect([r.status, r.body.message]).toEqual([429, ECOM_MSG.sellerFromAddressLimited]);
    // The same address still orders from another seller.
    const other = await newShop();
    const o = await publish(other);
    expect((await order(other, o.e.id, phone(), ip)).status).toBe(200);
  });

  it('fake orders hold no stock: a real buyer orders the whole stock while a wave asks for it, and delivery takes it once', async () => {
    const farm = await newShop();
    const { p, e } = await publish(farm, 10);
    const attacker = phone();
    for (let i = 0; i < 3; i++) expect((await order(farm, e.id, attacker, testIp(), 10)).status).toBe(200);
    expect(await stockOf(farm, p.id)).toBe(10);
    const real = await ok(order(farm, e.id, phone(), testIp(), 10));
    expect(await stockOf(farm, p.id)).toBe(10);
    const list = await ok<any[]>(farm.get('/api/produit/onlineCommande'));
    const mine = list.find((c) => c.numero_commande === real.numero_commande)!;
    await ok(farm.get(`/api/produit/marquerCommeLivrer/${mine.id}`));
    expect(await stockOf(farm, p.id)).toBe(0);
  });
});

describe('« Bloquer ce numéro et annuler ses commandes »', () => {
  it('blocks the number and cancels its pending orders in one action; paid orders and other buyers are untouched; the number is refused until unblocked', async () => {
    const farm = await newShop();
    const { p, e } = await publish(farm, 100);
    const spam = phone();
    const buyer = phone();
    for (let i = 0; i < 4; i++) await ok(order(farm, e.id, spam, testIp()));
    await ok(order(farm, e.id, buyer, testIp()));
    let list = await ok<any[]>(farm.get('/api/produit/onlineCommande'));
    const ofSpam = list.filter((c) => JSON.parse(c.info_client).telephone === e164(spam));
    expect(ofSpam).toHaveLength(4);
    // One of them was paid for real: it stays.
    await ok(farm.get(`/api/produit/marquerCommePayer/${ofSpam[0].id}`));
    const stock = await stockOf(farm, p.id);

    const r = await ok(farm.post('/api/produit/bloquerNumeroEcom', { id_commande: ofSpam[1].id }));
    expect(r).toEqual({ telephone: e164(spam), annulees: 3 });
    list = await ok<any[]>(farm.get('/api/produit/onlineCommande'));
    const etat = (id: number) => list.find((c) => c.id === id)!.etat;
    expect(ofSpam.map((c) => etat(c.id))).toEqual(['PAYED', 'CANCELED', 'CANCELED', 'CANCELED']);
    expect(list.filter((c) => JSON.parse(c.info_client).telephone === e164(buyer)).map((c) => c.etat)).toEqual(['PENDING']);
    expect(await stockOf(farm, p.id)).toBe(stock);
    expect(await ok(farm.get('/api/produit/numerosBloquesEcom'))).toEqual([{ telephone: e164(spam), bloque_le: expect.any(String) }]);

    // The blocked number is refused by this seller, from any address, and nothing is written…
    const before = await stateOf(farm.acc.tenantId);
    const refused = await order(farm, e.id, spam, testIp());
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ECOM_MSG.numeroBloqueVitrine);
    expect(await stateOf(farm.acc.tenantId)).toBe(before);
    // …but still orders from another seller; the other buyer still orders here.
    const other = await newShop();
    const o = await publish(other);
    expect((await order(other, o.e.id, spam, testIp())).status).toBe(200);
    expect((await order(farm, e.id, buyer, testIp())).status).toBe(200);

    // Blocking again cancels nothing more; unblocking lets the number order again.
    expect(await ok(farm.post('/api/produit/bloquerNumeroEcom', { id_commande: ofSpam[1].id }))).toEqual({ telephone: e164(spam), annulees: 0 });
    expect(await ok(farm.post('/api/produit/debloquerNumeroEcom', { telephone: spam }))).toEqual({ telephone: e164(spam) });
    expect(await ok(farm.get('/api/produit/numerosBloquesEcom'))).toEqual([]);
    expect((await order(farm, e.id, spam, testIp())).status).toBe(200);
    const again = await farm.post('/api/produit/debloquerNumeroEcom', { telephone: spam });
    expect([again.status, again.body.message]).toEqual([404, ECOM_MSG.numeroPasBloque]);
  });

  it("another business's order is a 404 and writes nothing; a bad number is a French 400", async () => {
    const farm = await newShop();
    const { e } = await publish(farm);
    await ok(order(farm, e.id, phone(), testIp()));
    const [c] = await ok<any[]>(farm.get('/api/produit/onlineCommande'));
    const stranger = await newShop();
    const before = [await stateOf(farm.acc.tenantId), await stateOf(stranger.acc.tenantId)];
    const r = await stranger.post('/api/produit/bloquerNumeroEcom', { id_commande: c.id });
    expect([r.status, r.body.message]).toEqual([404, ECOM_MSG.commandeNotFound]);
    const bad = await farm.post('/api/produit/debloquerNumeroEcom', { telephone: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/numéro|téléphone/i);
    expect([await stateOf(farm.acc.tenantId), await stateOf(stranger.acc.tenantId)]).toEqual(before);
  });
});

describe('requests to the table per storefront order', () => {
  let createCommandeVitrine: typeof import('../../functions/ecommerce/vitrine-commande').createCommandeVitrine;
  let ddbCallCount: typeof import('../../functions/lib/ddb').ddbCallCount;
  beforeAll(async () => {
    // The route runs in this process against the stack's table, as a Lambda would.
    Object.assign(process.env, {
      TABLE_NAME: inject('tableName'),
      DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      JWT_SECRET: 'x'.repeat(32),
      MAIL_OUTBOX_DIR: inject('outboxDir'),
    });
    ({ createCommandeVitrine } = await import('../../functions/ecommerce/vitrine-commande'));
    ({ ddbCallCount } = await import('../../functions/lib/ddb'));
  });

  it('a buyer first order costs 10, a later one 13, a refused flood hit 1', async () => {
    const farm = await newShop();
    const { e } = await publish(farm, 100);
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    const tel = phone();
    const run = async () => {
      const n0 = ddbCallCount();
      try {
        await createCommandeVitrine({
          body: { id_entreprise: farm.acc.tenantId, id_produit: e.id, prenom: 'Awa', nom: 'Ndiaye', telephone: tel, adresse: 'Thiès', quantite: 1 },
          sourceIp: ip,
        } as never);
        return ['ok', ddbCallCount() - n0];
      } catch (err) {
        return [(err as { status?: number }).status, ddbCallCount() - n0];
      }
    };
    expect(await run()).toEqual(['ok', 10]);
    expect(await run()).toEqual(['ok', 13]);
    for (let i = 0; i < 3; i++) await run();
    expect(await run()).toEqual([429, 1]);
  });
});
