// The marketplace's town indexes (docs/decisions/0405-marketplace-town-index.md) through the real
// stack: a page is cut from the town's index item, so every write that changes what a buyer sees
// must change the index in its own transaction — publishing, unpublishing, moving an offer to
// another town, a payment, the operator's suspension, reactivation and extension — while a lapse by date,
// which writes nothing, is read from the end date the index holds. Concurrent writes in one town
// lose nothing; a lost index comes back with the documented rebuild.
// Its cases publish in towns no other suite uses (the api files and journeys share one stack): a
// seller entering or leaving a town while another file walks that town's pages changes the rounds
// under the walk, and abuse.test.ts walks Kédougou's.
import { describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { get, rawDdb, tableName } from '../helpers/api';
import { rebuildIndexes } from '../../functions/ecommerce/repository/vitrine-index';
import { smallPng, uploadImage } from '../helpers/images';
import { newShop, ok, produit, type Shop } from './shop-fixtures';
import { cards, indexItem, operatorOn, type Card } from './vitrine-fixtures';
import { patchSubscription, sandbox, startWave, waitFinal } from './payment-fixtures';

const body = (p: { id: number; nom: string }, ville: string, img: string, id = 0) => ({
  id,
  id_produit: p.id,
  produit: `${p.nom} fermier`,
  prix_unitaire: 3500,
  type_produit: 'poulet',
  currency: 'XOF',
  images: [img],
  pays: 'Senegal',
  code_pays: 'sn',
  ville,
  adresse: 'Quartier Escale',
  description: 'Poulet de chair, 2 kg',
});

async function image(s: Shop): Promise<string> {
  return (await uploadImage(s.acc.token, await smallPng(), 'p.png', 'image/png')).body.img;
}

/** A published offer of `s` in `ville` (one step: saved and published), with its product. */
async function publish(s: Shop, ville: string, stock = 40) {
  const p = await produit(s, stock, 3000, `Poulet${Math.floor(Math.random() * 1e6)}`);
  const e = await ok(s.post('/api/produit/addToEcom', { ...body(p, ville, await image(s)), publier: true }));
  return { p, e };
}

/** The seller's offers on every page of the search (« Voir plus » followed). */
async function allCards(s: Shop, ville?: string): Promise<number[]> {
  const ids: number[] = [];
  let last: Card | undefined;
  for (let n = 0; n < 100; n++) {
    const qs = [ville ? `ville=${encodeURIComponent(ville)}` : '', last ? `apres=${last.id_entreprise}.${last.id}` : ''].filter(Boolean).join('&');
    const page = await ok<Card[]>(get(`/api/vitrine/produits${qs ? `?${qs}` : ''}`));
    ids.push(...page.filter((c) => c.id_entreprise === s.acc.tenantId).map((c) => c.id));
    last = page[page.length - 1];
    if (!last?.suite) break;
  }
  return ids.sort((a, b) => a - b);
}

/** An offer's entry in a town index (`<type>.<id_produit>`), from its seller's string `<id>.<type>.<id_produit>,…`. */
const entry = (item: Record<string, any> | undefined, t: number, id: number): string | undefined =>
  String(item?.offres?.[String(t)] ?? '')
    .split(',')
    .find((e) => e.startsWith(`${id}.`))
    ?.slice(`${id}.`.length);

describe('the town index follows the offers', () => {
  it('an offer published appears on the next page; moved to another town it leaves the first; unpublished it leaves', async () => {
    const s = await newShop();
    const { p, e } = await publish(s, 'Bignona');
    expect((await cards(s, 'Bignona')).map((c) => c.id)).toEqual([e.id]);
    expect((await cards(s)).map((c) => c.id)).toEqual([e.id]);
    expect(entry(await indexItem('Bignona'), s.acc.tenantId, e.id)).toBe(`poulet.${p.id}`);

    // Edited while published: it moves to Salémata (and its type changes: the type filter follows).
    const img = await image(s);
    await ok(s.post('/api/produit/addToEcom', { ...body(p, 'Salémata', img, e.id), type_produit: 'materiel' }));
    expect(await cards(s, 'Bignona')).toEqual([]);
    expect(entry(await indexItem('Bignona'), s.acc.tenantId, e.id)).toBeUndefined();
    // Its seller has no offer left there: its entry leaves the town too.
    expect((await indexItem('Bignona'))!.vendeurs[String(s.acc.tenantId)]).toBeUndefined();
    expect(entry(await indexItem('Salémata'), s.acc.tenantId, e.id)).toBe(`materiel.${p.id}`);
    expect((await cards(s, 'Salémata')).map((c) => [c.id, c.ville])).toEqual([[e.id, 'Salémata']]);
    expect(
      (await ok<Card[]>(get(`/api/vitrine/produits?ville=${encodeURIComponent('Salémata')}&type=poulet`))).some((c) => c.id_entreprise === s.acc.tenantId),
    ).toBe(false);
    expect(
      (await ok<Card[]>(get(`/api/vitrine/produits?ville=${encodeURIComponent('Salémata')}&type=materiel`))).some((c) => c.id_entreprise === s.acc.tenantId),
    ).toBe(true);

    await ok(s.post('/api/produit/depublierEcom', { id: e.id }));
    expect(await cards(s, 'Salémata')).toEqual([]);
    expect(await cards(s)).toEqual([]);
    expect(entry(await indexItem('Salémata'), s.acc.tenantId, e.id)).toBeUndefined();
    // Edited while unpublished, it stays off every index; published again (the separate step), it is back.
    await ok(s.post('/api/produit/addToEcom', body(p, 'Bignona', img, e.id)));
    expect(await cards(s, 'Bignona')).toEqual([]);
    await ok(s.post('/api/produit/publierEcom', { id: e.id }));
    expect((await cards(s, 'Bignona')).map((c) => c.id)).toEqual([e.id]);
    // The card's stock is the linked product's, read with the page.
    expect((await cards(s, 'Bignona'))[0].disponible).toBe(40);
  });

  it('twelve publications at once in one town, the town index created by one of them: none lost', async () => {
    const sellers = [await newShop(), await newShop(), await newShop(), await newShop()];
    // A town no other test publishes in, and whose index does not exist yet.
    const ville = 'Kanel';
    const prepared = await Promise.all(
      sellers.flatMap((s) =>
        [0, 1, 2].map(async () => ({ s, p: await produit(s, 10, 3000, `Poulet${Math.floor(Math.random() * 1e6)}`), img: await image(s) })),
      ),
    );
    const published = await Promise.all(
      prepared.map(async ({ s, p, img }) => ({ s, e: await ok(s.post('/api/produit/addToEcom', { ...body(p, ville, img), publier: true })) })),
    );
    const item = await indexItem(ville);
    for (const { s, e } of published) expect(entry(item, s.acc.tenantId, e.id)).toBe('poulet.' + e.id_produit);
    for (const s of sellers) {
      expect(await allCards(s, ville)).toEqual(
        published
          .filter((x) => x.s === s)
          .map((x) => x.e.id)
          .sort((a, b) => a - b),
      );
    }
  });
});

describe('the town index follows the sellers in force', () => {
  it('a seller whose end date passes leaves every page at that instant, with no write; a payment brings it back', async () => {
    const s = await newShop();
    // The period ends in a few seconds: the publications copy this end date into the indexes.
    const end = Date.now() + 8000;
    await patchSubscription(s.acc.tenantId, { valid_until: new Date(end).toISOString() });
    const a = (await publish(s, 'Bakel')).e;
    const b = (await publish(s, 'Saraya')).e;
    expect((await cards(s, 'Bakel')).map((c) => c.id)).toEqual([a.id]);
    expect((await cards(s)).map((c) => c.id)).toEqual([a.id, b.id]);
    const before = [await indexItem('Bakel'), await indexItem('Saraya')];
    const sub = async () =>
      (await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK: `ENT#${s.acc.tenantId}`, SK: 'SUBSCRIPTION' }, ConsistentRead: true }))).Item;
    const subBefore = await sub();
    await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now() + 200)));
    expect(await cards(s, 'Bakel')).toEqual([]);
    expect(await cards(s, 'Saraya')).toEqual([]);
    expect(await cards(s)).toEqual([]);
    // Nothing was written for it: neither the indexes' seller entry nor the subscription.
    const after = [await indexItem('Bakel'), await indexItem('Saraya')];
    expect(after.map((i) => i!.vendeurs[String(s.acc.tenantId)])).toEqual(before.map((i) => i!.vendeurs[String(s.acc.tenantId)]));
    expect(await sub()).toEqual(subBefore);

    // It pays (Wave's sandbox, the payment flow's activation): back in both towns on the next request.
    const w = await startWave(s.acc.token, { code_plan: 'pro', nb_mois: 1 });
    await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, {});
    expect((await waitFinal(s.acc.token, w.id)).status).toBe('SUCCESS');
    expect((await cards(s, 'Bakel')).map((c) => c.id)).toEqual([a.id]);
    expect((await cards(s)).map((c) => c.id)).toEqual([a.id, b.id]);
  });

  it('extended by the operator, a lapsed seller is back', async () => {
    const s = await newShop();
    const end = Date.now() + 5000;
    await patchSubscription(s.acc.tenantId, { valid_until: new Date(end).toISOString() });
    const a = (await publish(s, 'Koumpentoum')).e;
    expect((await cards(s, 'Koumpentoum')).map((c) => c.id)).toEqual([a.id]);
    await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now() + 200)));
    expect(await cards(s, 'Koumpentoum')).toEqual([]);
    await operatorOn(s, 'prolonger', { plan: 'pro', nb_jours: 30 });
    expect((await cards(s, 'Koumpentoum')).map((c) => c.id)).toEqual([a.id]);
  });

  it('suspended by the operator it leaves at once, in every town; reactivated it is back', async () => {
    const s = await newShop();
    const a = (await publish(s, 'Linguère')).e;
    const b = (await publish(s, 'Ranérou')).e;
    expect((await cards(s)).map((c) => c.id)).toEqual([a.id, b.id]);
    await operatorOn(s, 'suspendre');
    expect(await cards(s, 'Linguère')).toEqual([]);
    expect(await cards(s, 'Ranérou')).toEqual([]);
    expect(await cards(s)).toEqual([]);
    await operatorOn(s, 'reactiver');
    expect((await cards(s, 'Linguère')).map((c) => c.id)).toEqual([a.id]);
    expect((await cards(s)).map((c) => c.id)).toEqual([a.id, b.id]);
  });

  it('a suspension landing while the seller publishes in new towns reaches every one of them', async () => {
    const s = await newShop();
    await patchSubscription(s.acc.tenantId, { plan: 'ent' });
    const towns = ['Dagana', 'Goudiry', 'Koungheul', 'Médina Yoro Foulah'];
    const prepared = await Promise.all(
      towns.map(async (ville) => ({ ville, p: await produit(s, 10, 3000, `Poulet${Math.floor(Math.random() * 1e6)}`), img: await image(s) })),
    );
    // A publication sent after the suspension is refused (424: a suspended business writes
    // nothing); one that read the subscription before it lands after it, reads again and writes the
    // suspended state; the suspension, for its part, writes every town published before it.
    const [results] = await Promise.all([
      Promise.all(prepared.map(({ ville, p, img }) => s.post('/api/produit/addToEcom', { ...body(p, ville, img), publier: true }))),
      operatorOn(s, 'suspendre'),
    ]);
    for (const r of results) expect([200, 424], JSON.stringify(r.body)).toContain(r.status);
    const listed = towns.filter((_, i) => results[i].status === 200);
    for (const ville of towns) expect(await cards(s, ville), ville).toEqual([]);
    await operatorOn(s, 'reactiver');
    for (const ville of towns) expect((await cards(s, ville)).length, ville).toBe(listed.includes(ville) ? 1 : 0);
  });
});

describe('the rebuild', () => {
  it('a lost town index comes back from the published offers and their sellers, and a second rebuild changes nothing', async () => {
    const s = await newShop();
    const { e } = await publish(s, 'Kaffrine');
    const kept = await indexItem('Kaffrine');
    await rawDdb().send(new DeleteCommand({ TableName: tableName(), Key: { PK: 'VITRINE#kaffrine', SK: 'INDEX' } }));
    expect(await cards(s, 'Kaffrine')).toEqual([]);
    expect(await rebuildIndexes(['kaffrine'], { doc: rawDdb(), table: tableName() })).toBe(1);
    expect((await cards(s, 'Kaffrine')).map((c) => c.id)).toEqual([e.id]);
    const rebuilt = await indexItem('Kaffrine');
    expect(rebuilt!.offres[String(s.acc.tenantId)]).toBe(kept!.offres[String(s.acc.tenantId)]);
    expect(rebuilt!.vendeurs[String(s.acc.tenantId)]).toEqual(kept!.vendeurs[String(s.acc.tenantId)]);
    await rebuildIndexes(['kaffrine'], { doc: rawDdb(), table: tableName() });
    const again = await indexItem('Kaffrine');
    expect(again!.offres[String(s.acc.tenantId)]).toBe(rebuilt!.offres[String(s.acc.tenantId)]);
    expect(again!.vendeurs[String(s.acc.tenantId)]).toEqual(rebuilt!.vendeurs[String(s.acc.tenantId)]);
    // The rebuild does not lose a write landing meanwhile: it is written only if no write touched the index since read.
    expect(again!.rev).toBeGreaterThan(rebuilt!.rev);
  });
});
