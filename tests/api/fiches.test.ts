// A batch's daily sheet (docs/aliment.md « La fiche journalière »), through the real
// stack: one sheet per batch and day, replaced whole when saved again; its days listed with the
// birds alive, water per bird and the water/feed ratio; every refusal (future day, before the
// start, after the closing day, an archived batch, min above max, water above the documented
// maximum for the birds alive, water with no bird alive) answers its French 400 and writes nothing;
// another business's batch is a 404; a sheet holds the batch's start and counts as a record for
// delete; the water alert of « À faire » fires on a drop of more than 20 % and not otherwise, or
// more than the business's own share once it sets one (decision 0242).
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { get, newBusiness, post, rawDdb, tableName, type Account } from '../helpers/api';
import { addDays, todayFor } from '@shared/dates';
import { FICHE_MSG } from '@shared/messages/aliment';
import { EAU_BAISSE_ALERTE_PCT } from '@shared/aliment/references';
import { SEUIL_JOURS_DEFAUT } from '@shared/schemas/aliment';
import { BANDE_MSG } from '@shared/messages/bandes';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { ok, stateOf } from './shop-fixtures';

const day = (n: number) => addDays(todayFor(), n);

async function bande(a: Account, over: Record<string, unknown> = {}) {
  return ok<{ id: number }>(
    post('/api/bande/create', { nom: 'Bande fiches', nb_sujet: 200, date_demarage: day(-20), type: 'chair', id_bande: -1, ...over }, a.token),
  );
}
const fiche = (a: Account, id_bande: number, over: Record<string, unknown> = {}) => post('/api/bande/fiche', { id_bande, date: day(0), ...over }, a.token);
const fiches = (a: Account, id: number) => ok<any[]>(get(`/api/bande/fiche/${id}`, a.token));

/** A refusal with its status and French message that writes nothing (id counters aside). */
async function refused(a: Account, send: () => Promise<{ status: number; body: any }>, status: number, message: string) {
  const before = await stateOf(a.tenantId);
  const r = await send();
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.message).toBe(message);
  expect(await stateOf(a.tenantId)).toBe(before);
}

describe('POST api/bande/fiche', () => {
  it('saves the day, replaces it whole when saved again, and lists the days with water per bird', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    const first = await ok(fiche(a, b.id, { date: day(-1), eau_litres: 60, temp_min: 24, temp_max: 33.5, humidite: 70, note: 'Abreuvoirs nettoyés' }));
    expect(first).toMatchObject({ id_bande: b.id, date: day(-1), eau_litres: 60, temp_min: 24, temp_max: 33.5, humidite: 70, note: 'Abreuvoirs nettoyés' });
    await ok(post('/api/bande/perte', { nombre: 8, id_bande: b.id, date: day(0) }, a.token));
    await ok(fiche(a, b.id, { date: day(0), eau_litres: 48 }));
    // Saved again: the fields left empty are gone (a PUT of the whole day), not merged.
    const again = await ok(fiche(a, b.id, { date: day(-1), temp_max: 31 }));
    expect(again).toEqual({ id_bande: b.id, date: day(-1), temp_max: 31, updated_at: expect.any(String) });
    const rows = await fiches(a, b.id);
    expect(rows).toEqual([
      { date: day(-1), temp_max: 31, vivants: 200, updated_at: expect.any(String) },
      // 48 l for 192 birds alive at the day's end.
      { date: day(0), eau_litres: 48, vivants: 192, eau_par_sujet: 0.25, updated_at: expect.any(String) },
    ]);
  });

  it('lists the days with a store consumption too (same Query), with the water/feed ratio; a cancelled one is gone', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    await ok(post('/api/aliment/achat', { date: day(-5), designation: 'Aliment croissance', quantite: 2, unite: 'sac50', prix_total: 33_000 }, a.token));
    await ok(post('/api/aliment/consommation', { id_bande: b.id, date: day(-2), quantite: 12.5, unite: 'kg' }, a.token));
    const annulee = await ok(post('/api/aliment/consommation', { id_bande: b.id, date: day(-3), quantite: 5, unite: 'kg' }, a.token));
    await ok(get(`/api/aliment/consommation/delete/${annulee.id}`, a.token));
    await ok(fiche(a, b.id, { date: day(-2), eau_litres: 22.5 }));
    await ok(fiche(a, b.id, { date: day(-1), temp_min: 23 }));
    expect(await fiches(a, b.id)).toEqual([
      { date: day(-2), eau_litres: 22.5, vivants: 200, aliment_kg: 12.5, eau_par_sujet: 0.113, ratio_eau_aliment: 1.8, updated_at: expect.any(String) },
      { date: day(-1), temp_min: 23, vivants: 200, updated_at: expect.any(String) },
    ]);
  });

  it('refuses a future day, a day before the start, an archived batch, and writes nothing', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    await refused(a, () => fiche(a, b.id, { date: day(1), eau_litres: 10 }), 400, FICHE_MSG.dateFuture);
    await refused(a, () => fiche(a, b.id, { date: day(-21), eau_litres: 10 }), 400, FICHE_MSG.avantDemarrage(day(-20)));
    await ok(post('/api/bande/archiver', { id: b.id, archive: true }, a.token));
    await refused(a, () => fiche(a, b.id, { eau_litres: 10 }), 400, ARCHIVE_MSG.bandeArchivee);
  });

  it('a closed batch takes the sheets up to its closing day, not after', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    await ok(post('/api/bande/cloturer', { id_bande: b.id }, a.token));
    // Closed today; moved to 3 days ago so that a day after it can be typed.
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `ENT#${a.tenantId}#BANDE#${b.id}`, SK: 'BANDE' },
        UpdateExpression: 'SET closed_at = :c',
        ExpressionAttributeValues: { ':c': `${day(-3)}T10:00:00.000Z` },
      }),
    );
    await refused(a, () => fiche(a, b.id, { date: day(-2), temp_max: 30 }), 400, FICHE_MSG.apresCloture(day(-3)));
    expect(await ok(fiche(a, b.id, { date: day(-3), temp_max: 30 }))).toMatchObject({ date: day(-3), temp_max: 30 });
  });

  it('refuses min above max, a temperature or humidity out of bounds, an empty sheet (schema), and writes nothing', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    await refused(a, () => fiche(a, b.id, { temp_min: 30, temp_max: 25 }), 400, 'La température minimale ne peut pas dépasser la maximale');
    await refused(a, () => fiche(a, b.id, { temp_max: 61 }), 400, 'La température maximale doit être entre -5 et 60 °C');
    await refused(a, () => fiche(a, b.id, { humidite: 101 }), 400, "L'humidité doit être entre 0 et 100 %");
    await refused(a, () => fiche(a, b.id, { eau_litres: -1 }), 400, "L'eau bue ne peut pas être négative");
    await refused(a, () => fiche(a, b.id, {}), 400, 'Saisissez au moins une valeur');
  });

  it('bounds the water by the birds alive that day (1 litre a bird), and refuses water with no bird alive', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 100 });
    await ok(post('/api/bande/perte', { nombre: 40, id_bande: b.id, date: day(-5) }, a.token));
    // 60 alive from day −5: 60 l passes, 60.5 does not; before the losses, 100 l passed.
    expect(await ok(fiche(a, b.id, { date: day(-5), eau_litres: 60 }))).toMatchObject({ eau_litres: 60 });
    await refused(a, () => fiche(a, b.id, { date: day(-4), eau_litres: 60.5 }), 400, FICHE_MSG.eauTropGrande(60, 60));
    expect(await ok(fiche(a, b.id, { date: day(-6), eau_litres: 100 }))).toMatchObject({ eau_litres: 100 });
    await ok(post('/api/bande/perte', { nombre: 60, id_bande: b.id, date: day(-1) }, a.token));
    await refused(a, () => fiche(a, b.id, { date: day(0), eau_litres: 1 }), 400, FICHE_MSG.eauSansSujets);
    // No water and no bird: the day's temperatures are still a record.
    expect(await ok(fiche(a, b.id, { date: day(0), temp_max: 29 }))).toMatchObject({ temp_max: 29 });
  });

  it("answers 404 for another business's batch or an unknown one, on save and on list, and writes nothing", async () => {
    const a = await newBusiness();
    const other = await newBusiness();
    const b = await bande(a);
    await refused(other, () => fiche(other, b.id, { eau_litres: 10 }), 404, BANDE_MSG.bandeNotFound);
    await refused(a, () => fiche(a, 999_999, { eau_litres: 10 }), 404, BANDE_MSG.bandeNotFound);
    const r = await get(`/api/bande/fiche/${b.id}`, other.token);
    expect(r.status).toBe(404);
    expect(await fiches(a, b.id)).toEqual([]);
  });

  it('a sheet holds the start (an edit may not move it after the sheet) and counts as a record for delete', async () => {
    const a = await newBusiness();
    const b = await bande(a);
    await ok(fiche(a, b.id, { date: day(-15), temp_min: 22 }));
    const edit = (date_demarage: string) =>
      post('/api/bande/create', { nom: 'Bande fiches', nb_sujet: 200, date_demarage, type: 'chair', id_bande: b.id }, a.token);
    await refused(a, () => edit(day(-14)), 400, BANDE_MSG.startAfterEntries(day(-15)));
    await ok(edit(day(-15)));
    const del = await post('/api/bande/supprimer', { id_bande: b.id }, a.token);
    expect(del.status).toBe(400);
    expect(del.body.message).toContain('1 fiche journalière');
    const item = await rawDdb().send(new GetCommand({ TableName: tableName(), Key: { PK: `ENT#${a.tenantId}#BANDE#${b.id}`, SK: 'BANDE' } }));
    expect(item.Item).toBeDefined();
    expect((await ok(get(`/api/bande/${b.id}`, a.token))).nb_saisies).toBe(1);
  });
});

describe('a sheet racing an edit of its batch', () => {
  it('a sheet and a start moved after its day, sent at once: one of them is refused, the start never passes a sheet', async () => {
    const a = await newBusiness();
    for (let round = 0; round < 4; round++) {
      const b = await bande(a, { nom: `Lot ${round}` });
      const [f, e] = await Promise.all([
        fiche(a, b.id, { date: day(-15), eau_litres: 20 }),
        post('/api/bande/create', { nom: `Lot ${round}`, nb_sujet: 200, date_demarage: day(-12), type: 'chair', id_bande: b.id }, a.token),
      ]);
      const d = await ok(get(`/api/bande/${b.id}`, a.token));
      const rows = await fiches(a, b.id);
      if (f.status === 200) {
        // The sheet came first: the edit was checked against it.
        expect(e.status, JSON.stringify(e.body)).toBe(400);
        expect(e.body.message).toBe(BANDE_MSG.startAfterEntries(day(-15)));
        expect(d.date_demarage.slice(0, 10)).toBe(day(-20));
        expect(rows.map((r) => r.date)).toEqual([day(-15)]);
      } else {
        expect(e.status, JSON.stringify(e.body)).toBe(200);
        expect(f.status).toBe(400);
        expect(f.body.message).toBe(FICHE_MSG.avantDemarrage(day(-12)));
        expect(rows).toEqual([]);
      }
    }
  });
});

describe('the water alert of GET api/sante/a-faire', () => {
  const aFaire = (a: Account) => ok<any>(get('/api/sante/a-faire', a.token));

  it('fires when today’s water is more than 20 % under the average of the days before, and not otherwise', async () => {
    const a = await newBusiness();
    const malade = await bande(a, { nom: 'Poulailler 1' });
    const saine = await bande(a, { nom: 'Poulailler 2' });
    const jeune = await bande(a, { nom: 'Poulailler 3' });
    for (const n of [3, 2, 1]) {
      await ok(fiche(a, malade.id, { date: day(-n), eau_litres: 100 + n }));
      await ok(fiche(a, saine.id, { date: day(-n), eau_litres: 100 }));
    }
    await ok(fiche(a, jeune.id, { date: day(-1), eau_litres: 100 }));
    await ok(fiche(a, jeune.id, { date: day(-2), eau_litres: 100 }));
    // Average 102: 70 is 31 % under; 80 is exactly 20 % under 100 (not more); the young batch has 2 days.
    await ok(fiche(a, malade.id, { eau_litres: 70 }));
    await ok(fiche(a, saine.id, { eau_litres: 80 }));
    await ok(fiche(a, jeune.id, { eau_litres: 10 }));
    const r = await aFaire(a);
    expect(r.eau).toEqual([{ id_bande: malade.id, nom_bande: 'Poulailler 1', date: day(0), eau_litres: 70, moyenne_precedente: 102, baisse_pct: 31 }]);
  });

  it('reads water per bird alive: a flock half sold drinks half the litres without an alert', async () => {
    const a = await newBusiness();
    const b = await bande(a, { nb_sujet: 100 });
    for (const n of [4, 3, 2]) await ok(fiche(a, b.id, { date: day(-n), eau_litres: 30 }));
    await ok(post('/api/bande/vente', { prix_unitaire: 3000, quantite: 50, id_bande: b.id, id_vente: -1, date: day(-1) }, a.token));
    await ok(fiche(a, b.id, { date: day(-1), eau_litres: 15 }));
    expect((await aFaire(a)).eau).toEqual([]);
    // 10 l for the 50 left: 15 l expected at 0.3 l a bird, 33 % under.
    await ok(fiche(a, b.id, { date: day(0), eau_litres: 10 }));
    expect((await aFaire(a)).eau).toEqual([expect.objectContaining({ id_bande: b.id, date: day(0), eau_litres: 10, moyenne_precedente: 15, baisse_pct: 33 })]);
  });

  it("reads yesterday's sheet while today's is not typed, and leaves archived batches out", async () => {
    const a = await newBusiness();
    const b = await bande(a);
    for (const n of [4, 3, 2]) await ok(fiche(a, b.id, { date: day(-n), eau_litres: 50 }));
    await ok(fiche(a, b.id, { date: day(-1), eau_litres: 20 }));
    expect((await aFaire(a)).eau).toEqual([expect.objectContaining({ id_bande: b.id, date: day(-1), baisse_pct: 60 })]);
    // Today's sheet back to normal: today is read, no alert.
    await ok(fiche(a, b.id, { date: day(0), eau_litres: 50 }));
    expect((await aFaire(a)).eau).toEqual([]);
    await ok(fiche(a, b.id, { date: day(0), eau_litres: 5 }));
    expect((await aFaire(a)).eau).toHaveLength(1);
    await ok(post('/api/bande/archiver', { id: b.id, archive: true }, a.token));
    expect((await aFaire(a)).eau).toEqual([]);
  });
  it("fires past the business's own share once it sets one; the days of feed and another business untouched", async () => {
    // Two businesses with the same batch: 100 l a day for 3 days, 75 l today (25 % under).
    const [a, autre] = [await newBusiness(), await newBusiness()];
    const ids: number[] = [];
    for (const acc of [a, autre]) {
      const b = await bande(acc);
      ids.push(b.id);
      for (const n of [3, 2, 1]) await ok(fiche(acc, b.id, { date: day(-n), eau_litres: 100 }));
      await ok(fiche(acc, b.id, { eau_litres: 75 }));
    }
    expect(EAU_BAISSE_ALERTE_PCT).toBe(20);
    expect((await ok<any>(get('/api/aliment/stock', a.token))).baisse_eau_pct).toBe(EAU_BAISSE_ALERTE_PCT);
    expect((await aFaire(a)).eau).toEqual([expect.objectContaining({ id_bande: ids[0], baisse_pct: 25 })]);
    // 30 %: the 25 % drop no longer alerts; the days of feed keep their default (only what is sent is set).
    const s = await ok<any>(post('/api/aliment/seuil', { baisse_eau_pct: 30 }, a.token));
    expect(s).toMatchObject({ baisse_eau_pct: 30, seuil_jours: SEUIL_JOURS_DEFAUT });
    expect((await aFaire(a)).eau).toEqual([]);
    // The days set alone keep the share.
    expect(await ok<any>(post('/api/aliment/seuil', { seuil_jours: 5 }, a.token))).toMatchObject({ baisse_eau_pct: 30, seuil_jours: 5 });
    expect((await aFaire(a)).eau).toEqual([]);
    // A drop past the farm's share alerts again: 65 l is 35 % under.
    await ok(fiche(a, ids[0], { eau_litres: 65 }));
    expect((await aFaire(a)).eau).toEqual([expect.objectContaining({ id_bande: ids[0], baisse_pct: 35 })]);
    // The other business still reads the default.
    expect((await aFaire(autre)).eau).toEqual([expect.objectContaining({ id_bande: ids[1], baisse_pct: 25 })]);
    expect(await ok<any>(get('/api/aliment/stock', autre.token))).toMatchObject({ baisse_eau_pct: EAU_BAISSE_ALERTE_PCT, seuil_jours: SEUIL_JOURS_DEFAUT });
  });

  it('refuses a share outside 5…90 %, not whole, or a body with neither setting: French 400, nothing written', async () => {
    const a = await newBusiness();
    await ok(post('/api/aliment/seuil', { baisse_eau_pct: 25 }, a.token));
    const seuil = (body: Record<string, unknown>) => () => post('/api/aliment/seuil', body, a.token);
    await refused(a, seuil({ baisse_eau_pct: 0 }), 400, "La baisse d'eau doit être d'au moins 5 %");
    await refused(a, seuil({ baisse_eau_pct: 95 }), 400, "La baisse d'eau ne doit pas dépasser 90 %");
    await refused(a, seuil({ baisse_eau_pct: 12.5 }), 400, "Baisse d'eau : un pourcentage entier");
    await refused(a, seuil({}), 400, "Saisissez le seuil en jours ou la baisse d'eau");
    // A good share with a bad number of days: the whole body is refused, the share not written.
    await refused(a, seuil({ baisse_eau_pct: 40, seuil_jours: 0 }), 400, 'Le seuil doit être au moins 1 jour');
    expect(await ok<any>(get('/api/aliment/stock', a.token))).toMatchObject({ baisse_eau_pct: 25, seuil_jours: SEUIL_JOURS_DEFAUT });
  });
});
