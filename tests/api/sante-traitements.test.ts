// Treatments and their withdrawal periods (decision 0227), through the real stack: a
// treatment's windows (debut .. fin + days, both ends included; 0 days: none) land on its batch with
// its cost as the batch's « Vaccins et médicaments » expense, in one transaction; while a window runs
// the batch sale, slaughter and shop sale routes refuse (409, the end date) every write dated
// inside it and accept the day after; egg collections inside an egg window are flagged; a refusal
// writes nothing; a sale checked before a treatment landed never commits after it.
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { get, newBusiness, post, rawDdb, tableName, type Account } from '../helpers/api';
import { addDays, todayFor } from '@shared/dates';
import { BANDE_MSG } from '@shared/messages/bandes';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { SANTE_MSG } from '@shared/messages/sante';
import { guardParts, withSante } from '../../functions/bandes/repository/guard';
import { boutique, as, ok, produit, stateOf } from './shop-fixtures';

const day = (n: number) => addDays(todayFor(), n);

async function bande(a: Account, over: Record<string, unknown> = {}) {
  const r = await post('/api/bande/create', { nom: 'Bande santé', nb_sujet: 400, date_demarage: day(-40), type: 'chair', id_bande: -1, ...over }, a.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: number };
}
const detail = (a: Account, id: number) => ok(get(`/api/bande/${id}`, a.token));

const traitement = (a: Account, id_bande: number, over: Record<string, unknown> = {}) =>
  post(
    '/api/sante/traitement',
    {
      id_bande,
      produit: 'Oxytétracycline 20 %',
      molecule: 'Oxytétracycline',
      motif: 'Maladie respiratoire',
      debut: day(-10),
      fin: day(-8),
      attente_viande_jours: 3,
      attente_oeufs_jours: 0,
      ...over,
    },
    a.token,
  );
const annuler = (a: Account, id_traitement: number) => post('/api/sante/traitement/annuler', { id_traitement }, a.token);
const vente = (a: Account, id_bande: number, date: string, over: Record<string, unknown> = {}) =>
  post('/api/bande/vente', { prix_unitaire: 2500, quantite: 2, id_bande, id_vente: -1, date, ...over }, a.token);
const abattage = (a: Account, id_bande: number, date: string) =>
  post('/api/bande/abatage', { id: -1, quantite: 3, id_bande, date, category: [], deleted_categories_id: [] }, a.token);
const collecte = (a: Account, id_bande: number, n: number, date_collecte: string) =>
  post('/api/bande/collect', { id_bande, id: -1, collecte: n, calibres: JSON.stringify({ s: n, m: 0, l: 0, xl: 0 }), date_collecte }, a.token);

/** A refusal with its status and French message that writes nothing (id counters aside). */
async function refused(a: Account, send: () => Promise<{ status: number; body: any }>, status: number, message: string) {
  const before = await stateOf(a.tenantId);
  const r = await send();
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.message).toBe(message);
  // A business 409 says it is final (the outbox stops sending it again, decision 0230); no other refusal does.
  expect(r.body.definitif === true, JSON.stringify(r.body)).toBe(status === 409);
  expect(await stateOf(a.tenantId)).toBe(before);
}

async function bandeItem(a: Account, id: number): Promise<Record<string, any>> {
  const out = await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK: `ENT#${a.tenantId}#BANDE#${id}`, SK: 'BANDE' } }));
  return out.Item!;
}

describe('POST api/sante/traitement', () => {
  it('records the treatment with its windows, on the batch, and its cost as the batch expense; cancel reverses all of it', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    const tr = await ok(traitement(a, b.id, { attente_oeufs_jours: 0, attente_viande_jours: 7, fin: day(2), cout: 12_500 }));
    // fin + 7 days, inclusive; 0 days of egg withdrawal: no egg window at all.
    expect(tr).toMatchObject({ id_bande: b.id, debut: day(-10), fin: day(2), viande_jusqu_au: day(9), cout: 12_500, etat: 'ACTIVE' });
    expect(tr.oeufs_jusqu_au).toBeUndefined();
    expect(tr.id_depense).toBeGreaterThan(0);
    let d = await detail(a, b.id);
    expect(d.depense).toBe(12_500);
    expect(d.depenses).toEqual([expect.objectContaining({ id: tr.id_depense, id_type_depense: 3, prix_total: 12_500, date: day(-10), id_traitement: tr.id })]);
    expect(d.attente).toEqual({ viande_jusqu_au: day(9) });
    const item = await bandeItem(a, b.id);
    expect(item.attentes).toEqual({ [String(tr.id)]: { debut: day(-10), viande_jusqu_au: day(9) } });
    expect(item.sante_rev).toBe(1);
    // The withdrawal index carries its last day (GET api/sante/a-faire reads it from today on).
    const trt = await rawDdb().send(
      new GetCommand({ TableName: tableName(), Key: { PK: `ENT#${a.tenantId}#BANDE#${b.id}`, SK: `TRT#${String(tr.id).padStart(10, '0')}` } }),
    );
    expect(trt.Item).toMatchObject({ GSI2PK: `ENT#${a.tenantId}#SANTE_ATTENTES`, GSI2SK: `${day(9)}#${String(tr.id).padStart(10, '0')}` });

    // The batch's health record and the day's to-do show it while its withdrawal runs.
    const sb = await ok(get(`/api/sante/bande/${b.id}`, a.token));
    expect(sb.traitements).toEqual([expect.objectContaining({ id: tr.id, viande_jusqu_au: day(9), cout: 12_500, id_depense: tr.id_depense, etat: 'ACTIVE' })]);
    expect(sb.attente).toEqual({ viande_jusqu_au: day(9) });
    const af = await ok(get('/api/sante/a-faire', a.token));
    expect(af.attentes).toEqual([expect.objectContaining({ id_bande: b.id, id_traitement: tr.id, produit: 'Oxytétracycline 20 %', viande_jusqu_au: day(9) })]);

    // A sale of birds inside the window is refused; cancelled, the treatment lets it through.
    await refused(a, () => vente(a, b.id, day(0)), 409, SANTE_MSG.attenteViande(day(9)));
    const c = await ok(annuler(a, tr.id));
    expect(c).toMatchObject({ id: tr.id, etat: 'DELETED' });
    d = await detail(a, b.id);
    expect(d.depense).toBe(0);
    expect(d.depenses).toEqual([]);
    expect(d.attente).toBeUndefined();
    expect((await bandeItem(a, b.id)).attentes).toEqual({});
    const gone = await rawDdb().send(
      new GetCommand({ TableName: tableName(), Key: { PK: `ENT#${a.tenantId}#BANDE#${b.id}`, SK: `TRT#${String(tr.id).padStart(10, '0')}` } }),
    );
    expect(gone.Item?.GSI2PK).toBeUndefined();
    expect(gone.Item?.etat).toBe('DELETED');
    await ok(vente(a, b.id, day(0)));
    expect((await ok(get('/api/sante/a-faire', a.token))).attentes).toEqual([]);
    expect((await ok(get(`/api/sante/bande/${b.id}`, a.token))).traitements).toEqual([expect.objectContaining({ id: tr.id, etat: 'DELETED' })]);
    // Cancelled twice: 409, nothing written.
    await refused(a, () => annuler(a, tr.id), 409, SANTE_MSG.traitementDejaAnnule);
  });

  it("a batch's start may not move after the first day of a treatment not cancelled", async () => {
    const a = await newBusiness();
    const b = await bande(a);
    const tr = await ok(traitement(a, b.id, { debut: day(-30), fin: day(-29), attente_viande_jours: 0 }));
    const edit = (start: string) =>
      post('/api/bande/create', { nom: 'Bande santé', nb_sujet: 400, date_demarage: start, type: 'chair', id_bande: b.id }, a.token);
    await refused(a, () => edit(day(-29)), 400, BANDE_MSG.startAfterEntries(day(-30)));
    await ok(edit(day(-30)));
    await ok(annuler(a, tr.id));
    await ok(edit(day(-20)));
  });

  it('a treatment without withdrawal nor cost writes no window and no expense', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    const tr = await ok(traitement(a, b.id, { attente_viande_jours: 0, attente_oeufs_jours: 0 }));
    expect(tr.viande_jusqu_au).toBeUndefined();
    expect(tr.id_depense).toBeUndefined();
    expect((await bandeItem(a, b.id)).attentes).toEqual({});
    expect((await detail(a, b.id)).depense).toBe(0);
    await ok(vente(a, b.id, day(-9)));
  });

  it('refuses, with its French message and nothing written: unknown or foreign batch, closed, archived, before the start, in the future, end before start', async () => {
    const a = await newBusiness();
    const other = await newBusiness();
    const b = await bande(a);
    // Ids are the business's own: the other business's second batch is an id this one has not.
    await bande(other, { nb_sujet: 100 });
    const theirs = await bande(other, { nb_sujet: 100 });
    await refused(a, () => traitement(a, 999_999), 404, BANDE_MSG.bandeNotFound);
    await refused(a, () => traitement(a, theirs.id), 404, BANDE_MSG.bandeNotFound);
    await refused(a, () => traitement(a, b.id, { debut: day(-41) }), 400, SANTE_MSG.avantDemarrage(day(-40)));
    await refused(a, () => traitement(a, b.id, { debut: day(1), fin: day(3) }), 400, SANTE_MSG.dateFuture);
    await refused(a, () => traitement(a, b.id, { fin: day(-11) }), 400, 'La fin du traitement ne peut pas précéder son début');
    // It may end in the future.
    await ok(traitement(a, b.id, { debut: day(0), fin: day(5), cout: 1000 }));
    await ok(post('/api/bande/archiver', { id: b.id, archive: true }, a.token));
    await refused(a, () => traitement(a, b.id), 400, ARCHIVE_MSG.bandeArchivee);
    await ok(post('/api/bande/archiver', { id: b.id, archive: false }, a.token));
    await ok(post('/api/bande/cloturer', { id_bande: b.id }, a.token));
    await refused(a, () => traitement(a, b.id), 400, BANDE_MSG.closed);
  });

  it("cancel: unknown or another business's treatment 404, a closed batch's 400, nothing written", async () => {
    const a = await newBusiness();
    const other = await newBusiness();
    const ob = await bande(other);
    await ok(traitement(other, ob.id));
    // The other business's second treatment: an id this one has not.
    const theirs = await ok(traitement(other, ob.id, { cout: 5000 }));
    await refused(a, () => annuler(a, 999_999), 404, SANTE_MSG.traitementNotFound);
    await refused(a, () => annuler(a, theirs.id), 404, SANTE_MSG.traitementNotFound);
    const b = await bande(a);
    const tr = await ok(traitement(a, b.id, { cout: 5000 }));
    await ok(post('/api/bande/cloturer', { id_bande: b.id }, a.token));
    await refused(a, () => annuler(a, tr.id), 400, BANDE_MSG.closed);
  });
});

describe('a withdrawal refuses the sales and slaughters dated inside it', () => {
  // Treatment day(-10) .. day(-8), meat 3 days: the window is day(-10) .. day(-5), both included.
  it('broiler batch: batch sale, its edit, slaughter and shop sale → 409 inside, accepted the day after the end', async () => {
    const a = await newBusiness();
    const s = as(a);
    await boutique(s);
    const p = await produit(s, 50, 3000, 'Poulet vif');
    const b = await bande(a);
    const avant = await ok(vente(a, b.id, day(-12)));
    await ok(traitement(a, b.id));
    const msg = SANTE_MSG.attenteViande(day(-5));
    for (const jour of [day(-10), day(-7), day(-5)]) {
      await refused(a, () => vente(a, b.id, jour), 409, msg);
      await refused(a, () => abattage(a, b.id, jour), 409, msg);
    }
    // An edit moving a sale into the window is refused too.
    await refused(a, () => vente(a, b.id, day(-6), { id_vente: avant.id }), 409, msg);
    const shop = (jour: string) => s.post('/api/vente', { id_bande: b.id, produits: [{ id_produit: p.id, quantite: 2 }], saisi_le: `${jour}T10:00:00.000Z` });
    await refused(a, () => shop(day(-5)), 409, msg);
    // Before the window and from the day after its end: accepted.
    await ok(vente(a, b.id, day(-11)));
    await ok(vente(a, b.id, day(-4)));
    await ok(abattage(a, b.id, day(-4)));
    await ok(shop(day(-4)));
    const d = await detail(a, b.id);
    expect(d.nb_vendu).toBe(8);
    expect(d.nb_abattu).toBe(3);
  });

  it('layer batch: eggs under an egg window, réforme hens and slaughters under a meat window, each food its own', async () => {
    const a = await newBusiness();
    const s = as(a);
    await boutique(s);
    const p = await produit(s, 500, 100, 'Œufs');
    const b = await bande(a, { type: 'pondeuse', nb_sujet: 300 });
    // Eggs collected before the window (a batch sells only eggs it collected, outside a withdrawal).
    await ok(collecte(a, b.id, 200, day(-11)));
    // Eggs: day(-10) .. day(-8)+4 = day(-4); meat: day(-10) .. day(-8)+1 = day(-7).
    await ok(traitement(a, b.id, { attente_oeufs_jours: 4, attente_viande_jours: 1 }));
    const oeufs = SANTE_MSG.attenteOeufs(day(-4));
    const viande = SANTE_MSG.attenteViande(day(-7));
    await refused(a, () => vente(a, b.id, day(-4), { unite: 'oeuf', quantite: 30, prix_unitaire: 100 }), 409, oeufs);
    await refused(a, () => vente(a, b.id, day(-9), { unite: 'plateau', quantite: 1 }), 409, oeufs);
    await refused(a, () => vente(a, b.id, day(-7), { unite: 'sujet', quantite: 2 }), 409, viande);
    await refused(a, () => abattage(a, b.id, day(-7)), 409, viande);
    const shop = (jour: string) => s.post('/api/vente', { id_bande: b.id, produits: [{ id_produit: p.id, quantite: 30 }], saisi_le: `${jour}T10:00:00.000Z` });
    await refused(a, () => shop(day(-6)), 409, oeufs);
    // Hens after the meat window while the eggs' still runs; eggs after theirs.
    await ok(vente(a, b.id, day(-6), { unite: 'sujet', quantite: 2 }));
    await ok(abattage(a, b.id, day(-6)));
    await ok(vente(a, b.id, day(-3), { unite: 'oeuf', quantite: 30, prix_unitaire: 100 }));
    await ok(shop(day(-3)));
  });

  it('egg collections inside an egg window are flagged « non commercialisables », on the list and the batch detail', async () => {
    const a = await newBusiness();
    const b = await bande(a, { type: 'pondeuse', nb_sujet: 300 });
    await ok(collecte(a, b.id, 200, day(-11)));
    await ok(collecte(a, b.id, 210, day(-10)));
    await ok(collecte(a, b.id, 190, day(-4)));
    await ok(collecte(a, b.id, 205, day(-3)));
    expect((await detail(a, b.id)).oeufs_non_commercialisables).toBeUndefined();
    const tr = await ok(traitement(a, b.id, { attente_oeufs_jours: 4, attente_viande_jours: 0 }));
    const list = await ok(get(`/api/bande/collect/get/${b.id}`, a.token));
    const flagged = Object.fromEntries(list.map((c: any) => [c.date, c.non_commercialisable ?? false]));
    expect(flagged).toEqual({ [day(-11)]: false, [day(-10)]: true, [day(-4)]: true, [day(-3)]: false });
    expect((await detail(a, b.id)).oeufs_non_commercialisables).toBe(400);
    await ok(annuler(a, tr.id));
    expect((await detail(a, b.id)).oeufs_non_commercialisables).toBeUndefined();
  });

  it('a treatment recorded after sales already inside its window is accepted (a fact); later ones are refused', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    await ok(vente(a, b.id, day(-9)));
    await ok(traitement(a, b.id));
    const d = await detail(a, b.id);
    expect(d.ventes.filter((v: any) => v.etat !== 'DELETED')).toHaveLength(1);
    await refused(a, () => vente(a, b.id, day(-9)), 409, SANTE_MSG.attenteViande(day(-5)));
  });
});

describe('concurrency: a sale checked before a treatment landed never commits after it', { timeout: 180_000 }, () => {
  it("the guard's sante_rev condition fails once a treatment moved it (deterministic)", async () => {
    const a = await newBusiness();
    const b = await bande(a, { type: 'pondeuse', nb_sujet: 300 });
    // An egg sale's guard as read before any treatment: start day and type, sante_rev absent.
    const read = withSante({ start: day(0), type: 'pondeuse' }, { santeRev: 0 });
    const write = (g: typeof read) => {
      const p = guardParts(g);
      return rawDdb().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: { PK: `ENT#${a.tenantId}#BANDE#${b.id}`, SK: 'BANDE' },
                UpdateExpression: 'ADD rev :one',
                ConditionExpression: p.cond.join(' AND '),
                ExpressionAttributeValues: { ':one': 1, ...p.values },
                ...(p.names ? { ExpressionAttributeNames: p.names } : {}),
              },
            },
          ],
        }),
      );
    };
    await ok(traitement(a, b.id, { attente_oeufs_jours: 4, fin: day(0) }));
    await expect(write(read)).rejects.toThrow(/ConditionalCheckFailed|conditional/i);
    // Read again after the treatment, the same write passes (and without the sante part it would
    // have passed all along: the start and type are unchanged).
    await write(withSante({ start: day(0), type: 'pondeuse' }, { santeRev: 1 }));
    await write({ start: day(0), type: 'pondeuse' });
  });

  it('treatment and egg sales sent at once, many rounds: every sale accepted committed before the treatment', async () => {
    const a = await newBusiness();
    const b = await bande(a, { type: 'pondeuse', nb_sujet: 300 });
    // Yesterday's eggs, outside every round's window, for the sales (only eggs collected are sold).
    await ok(collecte(a, b.id, 300, day(-1)));
    const ROUNDS = 8;
    const SALES = 6;
    let accepted = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const rev0 = Number((await bandeItem(a, b.id)).rev ?? 0);
      // Each round's treatment covers today for eggs; each sale is a day of eggs today.
      const sales = Array.from({ length: SALES }, () => vente(a, b.id, day(0), { unite: 'oeuf', quantite: 1, prix_unitaire: 100 }));
      const [tr, ...rs] = await Promise.all([traitement(a, b.id, { debut: day(0), fin: day(0), attente_oeufs_jours: 1, attente_viande_jours: 0 }), ...sales]);
      expect(tr.status, JSON.stringify(tr.body)).toBe(200);
      for (const x of rs) {
        expect([200, 409], JSON.stringify(x.body)).toContain(x.status);
        if (x.status === 409) expect(x.body.message).toBe(SANTE_MSG.attenteOeufs(day(1)));
      }
      const ok200 = rs.filter((x) => x.status === 200).length;
      // The treatment was written at the batch's revision rev_bande: exactly the sales before it.
      const trt = await rawDdb().send(
        new GetCommand({ TableName: tableName(), Key: { PK: `ENT#${a.tenantId}#BANDE#${b.id}`, SK: `TRT#${String(tr.body.id).padStart(10, '0')}` } }),
      );
      expect(ok200).toBe(Number(trt.Item!.rev_bande) - rev0);
      accepted += ok200;
      // Cancelled for the next round (a cancel moves sante_rev, not the revision).
      await ok(annuler(a, tr.body.id));
    }
    expect((await detail(a, b.id)).nb_vendu).toBe(accepted);
  });
});
