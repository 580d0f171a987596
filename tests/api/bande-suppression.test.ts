// Deleting a batch, through the real stack: a batch made by mistake (no
// entry) is deleted (POST api/bande/supprimer), refused with what it holds when it has entries,
// 404 for another business, nothing written when refused, and never leaving an entry without its
// batch when an entry is written at the same moment; an archived batch never counts in the
// dashboards' batches, birds, mortality or cost per bird (its money stays in the period's money);
// a batch's type is fixed once it has entries, under concurrency too (race).
// Decisions 0215 and 0216.
import { describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, todayFor } from '@shared/dates';
import { results } from '@shared/formulas';
import { BANDE_MSG, TABLEAU_DE_BORD_MSG } from '@shared/messages/bandes';
import { rawDdb, tableName } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';
import { FORBIDDEN, newShop, ok, stateOf, userWith, type Shop } from './shop-fixtures';

const daysAgo = (n: number) => addDays(todayFor(), -n);

async function bande(s: Shop, nb: number, type: 'chair' | 'pondeuse' = 'chair', start = daysAgo(20), nom = `Bande ${nb}`) {
  return ok(s.post('/api/bande/create', { id_bande: -1, nom, nb_sujet: nb, date_demarage: start, type }));
}
const depense = (s: Shop, id_bande: number, prix: number, date = daysAgo(5)) =>
  s.post('/api/bande/depense', { depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: prix, quantite: 1 }, id_bande, date });
const vente = (s: Shop, id_bande: number, quantite: number, prix = 2500, date = daysAgo(3)) =>
  s.post('/api/bande/vente', { prix_unitaire: prix, quantite, id_bande, id_vente: -1, date });
const perte = (s: Shop, id_bande: number, nombre: number, date = daysAgo(4)) => s.post('/api/bande/perte', { nombre, id_bande, date });
const supprimer = (s: Shop, id_bande: number) => s.post('/api/bande/supprimer', { id_bande });

/** Every item of a batch's collection, read straight from the table (an orphan entry would show here). */
async function collection(t: number, id: number): Promise<string[]> {
  const out = await rawDdb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `ENT#${t}#BANDE#${id}` },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => String(i.SK));
}

describe('POST api/bande/supprimer', () => {
  it('deletes a batch with no entry: gone from the list and the dashboards, 404 after, its birds back in the plan, its id never given again', async () => {
    const s = await newShop();
    const keep = await bande(s, 200);
    // Démarrage allows 1 000 birds in active batches: 800 taken by mistake.
    const wrong = await bande(s, 800, 'chair', daysAgo(20), 'Erreur');
    expect((await s.post('/api/bande/create', { id_bande: -1, nom: 'X', nb_sujet: 1, date_demarage: daysAgo(1), type: 'chair' })).status).toBe(422);
    const detail = await ok(s.get(`/api/bande/${wrong.id}`));
    expect(detail.nb_saisies).toBe(0);
    expect((await ok(s.get(`/api/bande/${keep.id}`))).nb_saisies).toBe(0);

    expect(await ok(supprimer(s, wrong.id))).toEqual({ code: 200, id_bande: wrong.id, message: BANDE_MSG.deleted });
    expect((await s.get(`/api/bande/${wrong.id}`)).status).toBe(404);
    expect((await ok<any[]>(s.get('/api/bande?archives=1'))).map((b) => b.id)).toEqual([keep.id]);
    expect((await ok<any[]>(s.get('/api/bande/dashboard//'))).map((b) => b.id)).toEqual([keep.id]);
    expect(await collection(s.acc.tenantId, wrong.id)).toEqual([]);
    // Deleted again: 404, nothing written.
    const snap = await stateOf(s.acc.tenantId);
    expect((await supprimer(s, wrong.id)).status).toBe(404);
    expect(await stateOf(s.acc.tenantId)).toBe(snap);
    // Its 800 birds left the plan's count: 800 fit again, 801 do not.
    expect((await s.post('/api/bande/create', { id_bande: -1, nom: 'Y', nb_sujet: 801, date_demarage: daysAgo(1), type: 'chair' })).status).toBe(422);
    const next = await bande(s, 800, 'chair', daysAgo(1), 'Vraie');
    expect(next.id).toBeGreaterThan(wrong.id);
  });

  it('deletes an archived or a closed batch without touching the plan twice', async () => {
    const s = await newShop();
    const archived = await bande(s, 600);
    await ok(s.post('/api/bande/archiver', { id: archived.id, archive: true }));
    const closed = await bande(s, 300);
    await ok(s.post('/api/bande/cloturer', { id_bande: closed.id }));
    await ok(supprimer(s, archived.id));
    await ok(supprimer(s, closed.id));
    // Both had already left the count: the plan has exactly its 1 000 birds free.
    await bande(s, 1000, 'chair', daysAgo(1), 'Pleine');
    expect((await s.post('/api/bande/create', { id_bande: -1, nom: 'Z', nb_sujet: 1, date_demarage: daysAgo(1), type: 'chair' })).status).toBe(422);
  });

  it('refuses a batch with entries, saying what it holds (cancelled ones count), and writes nothing', async () => {
    const s = await newShop();
    const b = await bande(s, 100);
    await ok(vente(s, b.id, 2));
    const second = await ok(vente(s, b.id, 1));
    await ok(perte(s, b.id, 1));
    const snap = await stateOf(s.acc.tenantId);
    const r = await supprimer(s, b.id);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Cette bande a déjà 3 saisies (2 ventes, 1 perte) : elle ne peut pas être supprimée, archivez-la plutôt.');
    expect(await stateOf(s.acc.tenantId)).toBe(snap);

    // A cancelled sale stays in the history: it still counts.
    await ok(s.get(`/api/bande/vente/delete/${second.id}`));
    const c = await supprimer(s, b.id);
    expect(c.status).toBe(400);
    expect(c.body.message).toBe('Cette bande a déjà 3 saisies (2 ventes, 1 perte), dont 1 annulée : elle ne peut pas être supprimée, archivez-la plutôt.');
    expect((await ok(s.get(`/api/bande/${b.id}`))).nb_saisies).toBe(3);

    // A weighing alone, a collection alone: entries too.
    const w = await bande(s, 50);
    await ok(s.post('/api/bande/pesage', { id_bande: w.id, pesage: { poids_moyen: 500, unite: 'g', echantillon: 10, date_prise: daysAgo(2) } }));
    expect((await supprimer(s, w.id)).body.message).toBe('Cette bande a déjà 1 saisie (1 pesage) : elle ne peut pas être supprimée, archivez-la plutôt.');
    const l = await bande(s, 50, 'pondeuse');
    await ok(s.post('/api/bande/collect', { id_bande: l.id, id: -1, collecte: 20, calibres: '{"s":5,"m":5,"l":5,"xl":5}', date_collecte: daysAgo(2) }));
    expect((await supprimer(s, l.id)).body.message).toBe('Cette bande a déjà 1 saisie (1 collecte) : elle ne peut pas être supprimée, archivez-la plutôt.');
  });

  it('answers 404 for another business’s batch and 403 without bandav, writing nothing', async () => {
    const s = await newShop();
    const other = await newShop();
    const b = await bande(s, 100);
    const seller = await userWith(s.acc, { userId: 61, role: 'vendeur', droits: { ventav: 'r' } });
    const snap = await stateOf(s.acc.tenantId);
    const foreign = await supprimer(other, b.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(BANDE_MSG.bandeNotFound);
    expect((await supprimer(seller, b.id)).body).toEqual(FORBIDDEN);
    expect((await s.post('/api/bande/supprimer', { id_bande: 'un' })).status).toBe(400);
    expect(await stateOf(s.acc.tenantId)).toBe(snap);
    expect((await s.get(`/api/bande/${b.id}`)).status).toBe(200);
  });

  it('never leaves an entry without its batch when the entry and the delete are sent at once (20 rounds)', async () => {
    const s = await newShop();
    const outcomes = { deleted: 0, kept: 0 };
    for (let round = 0; round < 20; round++) {
      const b = await bande(s, 40, 'chair', daysAgo(20), `Course ${round}`);
      // A loss (checked on the batch's revision) or an expense (checked on its start only).
      const entry = round % 2 ? perte(s, b.id, 1) : depense(s, b.id, 1000);
      const [del, e] = await Promise.all([supprimer(s, b.id), entry]);
      const items = await collection(s.acc.tenantId, b.id);
      if (del.status === 200) {
        outcomes.deleted++;
        expect(e.status, JSON.stringify(e.body)).not.toBe(200);
        expect(items).toEqual([]);
      } else {
        outcomes.kept++;
        expect(del.status, JSON.stringify(del.body)).toBe(400);
        expect(e.status, JSON.stringify(e.body)).toBe(200);
        expect(items).toContain('BANDE');
        expect(items.length).toBe(2);
      }
    }
    expect(outcomes.deleted + outcomes.kept).toBe(20);
  });
});

describe('a batch’s type is fixed once it has entries (POST api/bande/create with an id)', () => {
  const edit = (s: Shop, b: any, type: 'chair' | 'pondeuse') =>
    s.post('/api/bande/create', { id_bande: b.id, nom: b.nom, nb_sujet: b.nb_sujet, date_demarage: b.date_demarage, type });

  it('changes while the batch has no entry, refuses once it has one (a cancelled one too), writing nothing', async () => {
    const s = await newShop();
    const b = await bande(s, 100, 'pondeuse');
    expect((await ok(edit(s, b, 'chair'))).type).toBe('chair');
    const back = await ok(edit(s, b, 'pondeuse'));
    const d = await ok(depense(s, b.id, 5000));
    const snap = await stateOf(s.acc.tenantId);
    const r = await edit(s, back, 'chair');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(BANDE_MSG.typeFixed);
    expect(await stateOf(s.acc.tenantId)).toBe(snap);
    await ok(s.get(`/api/bande/depense/delete/${d.id}`));
    expect((await edit(s, back, 'chair')).body.message).toBe(BANDE_MSG.typeFixed);
    // Everything else still changes.
    expect(
      (await ok(s.post('/api/bande/create', { id_bande: b.id, nom: 'Renommée', nb_sujet: 120, date_demarage: b.date_demarage, type: 'pondeuse' }))).nom,
    ).toBe('Renommée');
  });

  it('a sale of 300 eggs and an edit into broilers sent together never leave 300 birds sold from 100 (20 rounds)', async () => {
    const s = await newShop();
    for (let round = 0; round < 20; round++) {
      const b = await bande(s, 100, 'pondeuse', daysAgo(30), `Ponte ${round}`);
      const [sale, change] = await Promise.all([vente(s, b.id, 300, 100, daysAgo(1)), edit(s, b, 'chair')]);
      const after = await ok(s.get(`/api/bande/${b.id}`));
      // One of them wins; the batch is never a broiler batch with more birds sold than placed.
      expect([sale.status, change.status].filter((x) => x === 200).length, JSON.stringify([sale.body, change.body])).toBe(1);
      if (after.type === 'chair') {
        expect(after.nb_vendu).toBe(0);
        expect(sale.status).not.toBe(200);
      } else {
        expect(after.nb_vendu).toBe(300);
        expect(change.body.message).toBe(BANDE_MSG.typeFixed);
      }
      // Closed, its birds leave the plan's 1 000 for the next round.
      await ok(s.post('/api/bande/cloturer', { id_bande: b.id }));
    }
  });
});

describe('an archived batch never counts in the dashboards’ batches, birds, mortality or cost per bird', () => {
  it('the issue’s example: 2 batches, 800 birds, 4,13 %, 3 801,25 FCFA per bird, not 3, 900, 3,67 %, 3 378,89', async () => {
    const s = await newShop();
    const day = (md: string) => pastDay(md);
    const a = await bande(s, 500, 'chair', day('03-01'), 'Chair mars');
    const b = await bande(s, 300, 'chair', day('03-02'), 'Chair bis');
    const wrong = await bande(s, 100, 'chair', day('03-03'), 'Erreur');
    await ok(depense(s, a.id, 2_000_000, day('03-05')));
    await ok(depense(s, b.id, 1_041_000, day('03-06')));
    await ok(perte(s, a.id, 20, day('03-07')));
    await ok(perte(s, b.id, 13, day('03-08')));
    await ok(s.post('/api/bande/archiver', { id: wrong.id, archive: true }));

    const dash = (path: string) => ok<any>(s.get(path));
    const p = await dash(`/api/dashboard/periode/${day('03-01')}/${day('03-31')}`);
    expect(p).toMatchObject({ bandes: 2, sujets: 800, pertes: 33, depense: 3_041_000, depense_production: 3_041_000, bandes_archivees: 1 });
    const f = results({ sujets: p.sujets, chiffreAffaire: p.chiffre_affaire, depenses: p.depense_production, pertes: p.pertes });
    expect(f.tauxMortalite).toBe(4.13);
    expect(f.coutProduction).toBe(3801.25);
    const rows = await dash(`/api/bande/dashboard/${day('03-01')}/${day('03-31')}`);
    expect(rows.map((r: any) => r.id).sort()).toEqual([a.id, b.id].sort());

    // Restored, it counts again.
    await ok(s.post('/api/bande/archiver', { id: wrong.id, archive: false }));
    expect(await dash(`/api/dashboard/periode/${day('03-01')}/${day('03-31')}`)).toMatchObject({ bandes: 3, sujets: 900, bandes_archivees: 0 });
    // Deleted, it is gone for good.
    await ok(supprimer(s, wrong.id));
    expect(await dash(`/api/dashboard/periode/${day('03-01')}/${day('03-31')}`)).toMatchObject({ bandes: 2, sujets: 800 });
  });

  it('an archived batch with real money: its expenses and sales stay in the period’s money, its birds, losses, eggs and expenses leave the production figures', async () => {
    const s = await newShop();
    const day = (md: string) => pastDay(md);
    const live = await bande(s, 200, 'chair', day('04-01'), 'Vivante');
    const old = await bande(s, 100, 'pondeuse', day('04-01'), 'Ancienne');
    await ok(depense(s, live.id, 100_000, day('04-02')));
    await ok(perte(s, live.id, 4, day('04-03')));
    await ok(depense(s, old.id, 30_000, day('04-02')));
    // Its eggs collected before they are sold (a batch sells only eggs it collected).
    await ok(s.post('/api/bande/collect', { id_bande: old.id, id: -1, collecte: 60, calibres: '{"s":15,"m":15,"l":15,"xl":15}', date_collecte: day('04-03') }));
    await ok(vente(s, old.id, 60, 100, day('04-04')));
    await ok(perte(s, old.id, 5, day('04-03')));
    await ok(s.post('/api/bande/archiver', { id: old.id, archive: true }));

    const p = await ok<any>(s.get(`/api/dashboard/periode/${day('04-01')}/${day('04-30')}`));
    expect(p).toMatchObject({
      bandes: 1,
      sujets: 200,
      pertes: 4,
      oeufs: 0,
      depense: 130_000,
      chiffre_affaire: 6000,
      depense_production: 100_000,
      bandes_archivees: 1,
    });
    expect(TABLEAU_DE_BORD_MSG.archivees(p.bandes_archivees)).toBe(
      "1 bande archivée ne compte pas dans les bandes, les sujets, la mortalité ni le coût de production ; ses dépenses et ventes restent dans l'argent de la période.",
    );
    // The year's months are money: the archived batch's expenses and sales are in April.
    const april = (await ok<any>(s.get(`/api/dashboard/mois/${day('04-01').slice(0, 4)}`))).mois[3];
    expect(april).toMatchObject({ depense: 130_000, chiffre_affaire: 6000 });
  });
});
