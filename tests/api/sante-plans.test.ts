// Flock health, through the real local stack: health plans (the two
// built-in ones read-only, the business's own created and edited), a batch's calendar (given with
// the batch or later, re-applied), steps done / skipped / taken back with their cost moving the
// batch's expenses and profit exactly in the same transaction, every refusal with its status and
// French message and nothing written, an idempotent replay, another business's ids (404), the
// batch's deletion with its calendar, and the day's to-do (steps due or late, death alert).
// Decision 0225.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, todayFor } from '@shared/dates';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { BANDE_MSG } from '@shared/messages/bandes';
import { SANTE_MSG } from '@shared/messages/sante';
import { PLAN_ID_MIN, PLANS_DEFAUT } from '@shared/sante/plans-defaut';
import { call, rawDdb, tableName } from '../helpers/api';
import { FORBIDDEN, newShop, ok, stateOf, userWith, type Shop } from './shop-fixtures';

const today = () => todayFor();
const daysAgo = (n: number) => addDays(today(), -n);

async function bande(s: Shop, fields: Record<string, unknown> = {}) {
  return ok(s.post('/api/bande/create', { id_bande: -1, nom: 'Chair A', nb_sujet: 100, date_demarage: daysAgo(7), type: 'chair', ...fields }));
}
const sante = (s: Shop, id: number) => ok(s.get(`/api/sante/bande/${id}`));
const detail = (s: Shop, id: number) => ok(s.get(`/api/bande/${id}`));
const fait = (s: Shop, id_etape: number, fields: Record<string, unknown> = {}) =>
  s.post('/api/sante/etape/fait', { id_etape, date: daysAgo(1), produit: 'Hipraviar', lot: 'L-2231', expiration: addDays(today(), 200), ...fields });
const etapeDe = async (s: Shop, idBande: number, age: number) => (await sante(s, idBande)).etapes.find((e: any) => e.age === age);

/** A refusal: its status and message, and nothing written in the business. */
async function refusedWithNothingWritten(s: Shop, send: () => Promise<{ status: number; body: any }>, status: number, message: string) {
  const before = await stateOf(s.acc.tenantId);
  const r = await send();
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.message).toBe(message);
  expect(await stateOf(s.acc.tenantId)).toBe(before);
}

const chairPlan = {
  nom: 'Mon plan chair',
  type: 'chair',
  etapes: [
    { age: 14, intitule: 'Gumboro', voie: 'eau_de_boisson' },
    { age: 3, intitule: 'Vitamines', voie: 'eau_de_boisson', note: 'Trois jours' },
    { age: 14, intitule: 'Anticoccidien', voie: 'aliment' },
    { age: 7, intitule: 'Newcastle HB1', voie: 'goutte_oculaire' },
  ],
};

describe('GET api/sante/plans, POST api/sante/plan', () => {
  it('lists the built-in plans first, then the business’s own; creates (id from PLAN_ID_MIN, steps by age, stable) and edits its own', async () => {
    const s = await newShop();
    expect(await ok(s.get('/api/sante/plans'))).toEqual(PLANS_DEFAUT);
    const p = await ok(s.post('/api/sante/plan', { id_plan: -1, ...chairPlan }));
    expect(p.id).toBe(PLAN_ID_MIN + 1);
    expect(p.defaut).toBe(false);
    // Ordered by age; the two steps of age 14 keep the order they were sent in.
    expect(p.etapes.map((e: any) => [e.age, e.intitule])).toEqual([
      [3, 'Vitamines'],
      [7, 'Newcastle HB1'],
      [14, 'Gumboro'],
      [14, 'Anticoccidien'],
    ]);
    expect(p.etapes[0].note).toBe('Trois jours');
    const p2 = await ok(s.post('/api/sante/plan', { ...chairPlan, nom: 'Pondeuses maison', type: 'pondeuse' }));
    expect(p2.id).toBe(PLAN_ID_MIN + 2);
    const edited = await ok(
      s.post('/api/sante/plan', { id_plan: p.id, nom: 'Plan chair v2', type: 'chair', etapes: [{ age: 10, intitule: 'Gumboro', voie: 'eau_de_boisson' }] }),
    );
    expect(edited).toEqual({
      id: p.id,
      nom: 'Plan chair v2',
      type: 'chair',
      defaut: false,
      etapes: [{ age: 10, intitule: 'Gumboro', voie: 'eau_de_boisson' }],
    });
    const list = await ok<any[]>(s.get('/api/sante/plans'));
    expect(list.map((x) => [x.id, x.nom])).toEqual([
      [1, PLANS_DEFAUT[0].nom],
      [2, PLANS_DEFAUT[1].nom],
      [p.id, 'Plan chair v2'],
      [p2.id, 'Pondeuses maison'],
    ]);
  });

  it('refuses to edit a built-in plan (400), an id the business does not hold (404, another business’s too) and a bad body (400), writing nothing', async () => {
    const s = await newShop();
    const other = await newShop();
    const theirs = await ok(other.post('/api/sante/plan', chairPlan));
    await refusedWithNothingWritten(s, () => s.post('/api/sante/plan', { ...chairPlan, id_plan: 1 }), 400, SANTE_MSG.planDefautLectureSeule);
    await refusedWithNothingWritten(s, () => s.post('/api/sante/plan', { ...chairPlan, id_plan: theirs.id }), 404, SANTE_MSG.planNotFound);
    await refusedWithNothingWritten(s, () => s.post('/api/sante/plan', { ...chairPlan, id_plan: 50 }), 404, SANTE_MSG.planNotFound);
    await refusedWithNothingWritten(s, () => s.post('/api/sante/plan', { ...chairPlan, etapes: [] }), 400, 'Un plan a au moins une étape');
    // The other business's plan is untouched and never listed here.
    expect((await ok<any[]>(s.get('/api/sante/plans'))).map((x) => x.id)).toEqual([1, 2]);
    expect((await ok<any[]>(other.get('/api/sante/plans')))[2]).toMatchObject({ id: theirs.id, nom: chairPlan.nom });
    // Without the batches' right: 403.
    const seller = await userWith(s.acc, { userId: 60, role: 'vendeur', droits: { ventav: 'r' } });
    expect((await seller.get('/api/sante/plans')).body).toEqual(FORBIDDEN);
  });
});

describe('a batch’s calendar', () => {
  it('a batch created with a plan has its dated steps at once, from its placement age, each with its status; the batch detail is unchanged', async () => {
    const s = await newShop();
    const b = await bande(s, { id_plan: 1 });
    const c = await sante(s, b.id);
    expect(c.id_plan).toBe(1);
    expect(c.nom_plan).toBe(PLANS_DEFAUT[0].nom);
    // Started 7 days ago with day-old chicks: age J is due on start + J.
    expect(c.etapes.map((e: any) => [e.age, e.date_prevue, e.statut])).toEqual([
      [1, daysAgo(6), 'en_retard'],
      [7, today(), 'aujourdhui'],
      [14, addDays(today(), 7), 'a_venir'],
      [21, addDays(today(), 14), 'a_venir'],
      [28, addDays(today(), 21), 'a_venir'],
    ]);
    expect(c.etapes[1]).toMatchObject({ id_bande: b.id, id_plan: 1, intitule: PLANS_DEFAUT[0].etapes[1].intitule, voie: 'goutte_oculaire' });
    expect(c.traitements).toEqual([]);
    expect(c.attente).toEqual({});
    // The calendar is no entry: the batch detail shows none.
    const d = await detail(s, b.id);
    expect([d.nb_saisies, d.depense, d.depenses]).toEqual([0, 0, []]);

    // Pullets placed at 10 days: the steps before are not created; age 14 falls 4 days after the start.
    const p = await bande(s, { nom: 'Démarrés', age_demarrage: 10, date_demarage: daysAgo(2), id_plan: 1 });
    expect((await sante(s, p.id)).etapes.map((e: any) => [e.age, e.date_prevue])).toEqual([
      [14, addDays(today(), 2)],
      [21, addDays(today(), 9)],
      [28, addDays(today(), 16)],
    ]);
    // A batch without a plan has an empty calendar.
    const none = await bande(s, { nom: 'Sans plan' });
    expect(await sante(s, none.id)).toEqual({ id_plan: null, nom_plan: null, etapes: [], traitements: [], attente: {} });
  });

  it('refuses a plan of the other type or unknown, at creation and later, writing nothing (no batch, no id)', async () => {
    const s = await newShop();
    await refusedWithNothingWritten(
      s,
      () => s.post('/api/bande/create', { id_bande: -1, nom: 'P', nb_sujet: 100, date_demarage: daysAgo(3), type: 'pondeuse', id_plan: 1 }),
      400,
      SANTE_MSG.planTypeBande('chair', 'pondeuse'),
    );
    await refusedWithNothingWritten(
      s,
      () => s.post('/api/bande/create', { id_bande: -1, nom: 'P', nb_sujet: 100, date_demarage: daysAgo(3), type: 'chair', id_plan: 999 }),
      404,
      SANTE_MSG.planNotFound,
    );
    expect(await ok(s.get('/api/bande'))).toEqual([]);
    const b = await bande(s);
    await refusedWithNothingWritten(
      s,
      () => s.post('/api/sante/bande/plan', { id_bande: b.id, id_plan: 2 }),
      400,
      SANTE_MSG.planTypeBande('pondeuse', 'chair'),
    );
    await refusedWithNothingWritten(s, () => s.post('/api/sante/bande/plan', { id_bande: b.id + 100, id_plan: 1 }), 404, BANDE_MSG.bandeNotFound);
  });

  it('giving a plan again replaces the steps neither done nor skipped and keeps the others; editing the plan rewrites nothing', async () => {
    const s = await newShop();
    const own = await ok(s.post('/api/sante/plan', chairPlan));
    const b = await bande(s, { date_demarage: daysAgo(10) });
    await ok(s.post('/api/sante/bande/plan', { id_bande: b.id, id_plan: 1 }));
    const first = (await sante(s, b.id)).etapes;
    const [a1, a7] = first;
    await ok(fait(s, a1.id, { date: daysAgo(9) }));
    await ok(s.post('/api/sante/etape/sauter', { id_etape: a7.id, motif: 'Vaccin en rupture' }));

    const c = await ok(s.post('/api/sante/bande/plan', { id_bande: b.id, id_plan: own.id }));
    expect(c.id_plan).toBe(own.id);
    expect(c.nom_plan).toBe('Mon plan chair');
    expect(c.etapes.map((e: any) => [e.age, e.intitule, e.statut])).toEqual([
      [1, a1.intitule, 'fait'],
      [3, 'Vitamines', 'en_retard'],
      [7, a7.intitule, 'saute'],
      [7, 'Newcastle HB1', 'en_retard'],
      [14, 'Gumboro', 'a_venir'],
      [14, 'Anticoccidien', 'a_venir'],
    ]);
    expect(c.etapes[2].motif).toBe('Vaccin en rupture');
    // The replaced steps are gone: their ids answer 404.
    const replaced = first.filter((e: any) => e.age > 7);
    for (const e of replaced) expect((await fait(s, e.id)).status).toBe(404);

    // The same plan again: the steps it already answered (done or skipped) are not made twice.
    const again = await ok(s.post('/api/sante/bande/plan', { id_bande: b.id, id_plan: 1 }));
    expect(again.etapes.map((e: any) => [e.age, e.statut])).toEqual([
      [1, 'fait'],
      [7, 'saute'],
      [14, 'a_venir'],
      [21, 'a_venir'],
      [28, 'a_venir'],
    ]);
    // Editing the business's plan leaves the batch's steps as they are (the calendar is a copy).
    const before = await sante(s, b.id);
    await ok(s.post('/api/sante/plan', { ...chairPlan, id_plan: own.id, etapes: [{ age: 2, intitule: 'Autre', voie: 'injection' }] }));
    expect(await sante(s, b.id)).toEqual(before);
  });
});

describe('a batch edited', () => {
  it('a new start or placement age re-dates the pending steps (those before the new age leave), done ones stay; a new type leaves no plan', async () => {
    const s = await newShop();
    const b = await bande(s, { id_plan: 1 });
    const e1 = await etapeDe(s, b.id, 1);
    await ok(fait(s, e1.id, { date: daysAgo(6) }));
    const edit = (fields: Record<string, unknown>) =>
      ok(s.post('/api/bande/create', { id_bande: b.id, nom: 'Chair A', nb_sujet: 100, date_demarage: daysAgo(7), type: 'chair', ...fields }));
    // The start cannot move after the day a step was done.
    await refusedWithNothingWritten(
      s,
      () => s.post('/api/bande/create', { id_bande: b.id, nom: 'Chair A', nb_sujet: 100, date_demarage: daysAgo(5), type: 'chair' }),
      400,
      BANDE_MSG.startAfterEntries(daysAgo(6)),
    );
    await edit({ date_demarage: daysAgo(9) });
    expect((await sante(s, b.id)).etapes.map((e: any) => [e.age, e.date_prevue, e.statut])).toEqual([
      [1, daysAgo(6), 'fait'],
      [7, daysAgo(2), 'en_retard'],
      [14, addDays(today(), 5), 'a_venir'],
      [21, addDays(today(), 12), 'a_venir'],
      [28, addDays(today(), 19), 'a_venir'],
    ]);
    // The to-do follows: age 7 is late now.
    expect((await ok(s.get('/api/sante/a-faire'))).etapes.map((e: any) => [e.age, e.statut])).toEqual([[7, 'en_retard']]);
    await edit({ date_demarage: daysAgo(9), age_demarrage: 10 });
    expect((await sante(s, b.id)).etapes.map((e: any) => [e.age, e.date_prevue])).toEqual([
      [1, daysAgo(6)],
      [14, daysAgo(5)],
      [21, addDays(today(), 2)],
      [28, addDays(today(), 9)],
    ]);

    const p = await bande(s, { nom: 'Erreur de type', id_plan: 1 });
    await ok(s.post('/api/bande/create', { id_bande: p.id, nom: 'Erreur de type', nb_sujet: 100, date_demarage: daysAgo(7), type: 'pondeuse' }));
    expect(await sante(s, p.id)).toEqual({ id_plan: null, nom_plan: null, etapes: [], traitements: [], attente: {} });
    expect((await ok(s.post('/api/sante/bande/plan', { id_bande: p.id, id_plan: 2 }))).etapes).toHaveLength(PLANS_DEFAUT[1].etapes.length);
  });
});

describe('a step done, skipped, taken back', () => {
  it('a cost becomes the batch’s « Vaccins et médicaments » expense with the step, and leaves with it: expenses and profit move exactly', async () => {
    const s = await newShop();
    const b = await bande(s, { id_plan: 1 });
    await ok(s.post('/api/bande/vente', { prix_unitaire: 3000, quantite: 10, id_bande: b.id, id_vente: -1, date: daysAgo(1) }));
    await ok(
      s.post('/api/bande/depense', {
        depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: 7000, quantite: 1 },
        id_bande: b.id,
        date: daysAgo(2),
      }),
    );
    const e = await etapeDe(s, b.id, 1);
    const done = await ok(fait(s, e.id, { date: daysAgo(6), cout: 12_500, expiration: addDays(today(), 30) }));
    expect(done).toMatchObject({
      id: e.id,
      statut: 'fait',
      date: daysAgo(6),
      produit: 'Hipraviar',
      lot: 'L-2231',
      expiration: addDays(today(), 30),
      cout: 12_500,
    });
    const d = await detail(s, b.id);
    expect(d.depense).toBe(7000 + 12_500);
    expect(d.chiffre_affaire - d.depense).toBe(30_000 - 19_500);
    const dep = d.depenses.find((x: any) => x.id === done.id_depense);
    expect(dep).toMatchObject({ id_type_depense: 3, prix_total: 12_500, quantite: 1, date: daysAgo(6), id_etape: e.id });
    expect(dep.designation).toBe(`${e.intitule} : Hipraviar (lot L-2231)`);
    // The period's dashboard counts it in its expenses and profit.
    const period = await ok(s.get(`/api/dashboard/periode/${daysAgo(7)}/${today()}`));
    expect([period.depense, period.chiffre_affaire - period.depense]).toEqual([19_500, 10_500]);
    expect((await sante(s, b.id)).etapes[0]).toEqual(done);

    // The expense moves only with its step: neither deleted nor edited on its own.
    await refusedWithNothingWritten(s, () => s.get(`/api/bande/depense/delete/${dep.id}`), 400, SANTE_MSG.depenseSante);
    await refusedWithNothingWritten(
      s,
      () => s.post('/api/bande/depense', { depense: { id: dep.id, id_type_depense: 3, designation: 'x', prix_unitaire: 1, quantite: 1 }, id_bande: b.id }),
      400,
      SANTE_MSG.depenseSante,
    );
    // Done again: 409, nothing written.
    await refusedWithNothingWritten(s, () => fait(s, e.id), 409, SANTE_MSG.etapeDejaFaite);
    await refusedWithNothingWritten(s, () => s.post('/api/sante/etape/sauter', { id_etape: e.id, motif: 'x' }), 409, SANTE_MSG.etapeDejaFaite);

    // Taken back: pending again, its expense cancelled in the same write.
    const back = await ok(s.post('/api/sante/etape/annuler', { id_etape: e.id }));
    expect(back).toEqual({ ...e, statut: 'en_retard' });
    const d2 = await detail(s, b.id);
    expect(d2.depense).toBe(7000);
    expect(d2.depenses.map((x: any) => x.id)).not.toContain(dep.id);
    const period2 = await ok(s.get(`/api/dashboard/periode/${daysAgo(7)}/${today()}`));
    expect([period2.depense, period2.chiffre_affaire - period2.depense]).toEqual([7000, 23_000]);
    await refusedWithNothingWritten(s, () => s.post('/api/sante/etape/annuler', { id_etape: e.id }), 409, SANTE_MSG.etapeNonFaite);

    // Done again without a cost: no expense.
    await ok(fait(s, e.id, { date: daysAgo(5) }));
    expect((await detail(s, b.id)).depense).toBe(7000);
  });

  it('sent at once from several phones: done once, one expense; the others are told it is done (409)', async () => {
    const s = await newShop();
    const b = await bande(s, { id_plan: 1 });
    const e = await etapeDe(s, b.id, 1);
    const all = await Promise.all(Array.from({ length: 8 }, (_, i) => fait(s, e.id, { cout: 1000 + i })));
    const won = all.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of all.filter((x) => x.status !== 200)) expect([r.status, r.body.message]).toEqual([409, SANTE_MSG.etapeDejaFaite]);
    const d = await detail(s, b.id);
    expect(d.depenses.map((x: any) => x.prix_total)).toEqual([won[0].body.cout]);
    expect(d.depense).toBe(won[0].body.cout);
  });

  it('a skipped step keeps its reason; done or skipped again: 409; taken back: pending', async () => {
    const s = await newShop();
    const b = await bande(s, { id_plan: 1 });
    const e = await etapeDe(s, b.id, 7);
    const sk = await ok(s.post('/api/sante/etape/sauter', { id_etape: e.id, motif: 'Poussins déjà vaccinés au couvoir' }));
    expect(sk).toMatchObject({ id: e.id, statut: 'saute', motif: 'Poussins déjà vaccinés au couvoir' });
    await refusedWithNothingWritten(s, () => fait(s, e.id), 409, SANTE_MSG.etapeDejaSautee);
    await refusedWithNothingWritten(s, () => s.post('/api/sante/etape/sauter', { id_etape: e.id, motif: 'encore' }), 409, SANTE_MSG.etapeDejaSautee);
    expect(await ok(s.post('/api/sante/etape/annuler', { id_etape: e.id }))).toEqual({ ...e, statut: 'aujourdhui' });
  });

  it('refuses a date before the start or in the future, an expiry before the date, a closed or archived batch, a bad body: the French 400, nothing written', async () => {
    const s = await newShop();
    const b = await bande(s, { id_plan: 1 });
    const e = await etapeDe(s, b.id, 1);
    await refusedWithNothingWritten(s, () => fait(s, e.id, { date: daysAgo(8), cout: 1000 }), 400, SANTE_MSG.avantDemarrage(daysAgo(7)));
    await refusedWithNothingWritten(s, () => fait(s, e.id, { date: addDays(today(), 1), cout: 1000 }), 400, SANTE_MSG.dateFuture);
    await refusedWithNothingWritten(s, () => fait(s, e.id, { date: daysAgo(2), expiration: daysAgo(3), cout: 1000 }), 400, SANTE_MSG.expirationAvantDate);
    await refusedWithNothingWritten(s, () => fait(s, e.id, { lot: '' }), 400, 'Numéro de lot requis');
    await refusedWithNothingWritten(s, () => fait(s, e.id, { cout: -5 }), 400, 'Le coût doit être supérieur à 0');
    // The expiry may be the day itself.
    await ok(fait(s, e.id, { date: daysAgo(2), expiration: daysAgo(2) }));

    const e7 = await etapeDe(s, b.id, 7);
    await ok(s.post('/api/bande/archiver', { id: b.id, archive: true }));
    await refusedWithNothingWritten(s, () => fait(s, e7.id, { cout: 1000 }), 400, ARCHIVE_MSG.bandeArchivee);
    await refusedWithNothingWritten(s, () => s.post('/api/sante/etape/annuler', { id_etape: e.id }), 400, ARCHIVE_MSG.bandeArchivee);
    await refusedWithNothingWritten(s, () => s.post('/api/sante/bande/plan', { id_bande: b.id, id_plan: 1 }), 400, ARCHIVE_MSG.bandeArchivee);
    await ok(s.post('/api/bande/archiver', { id: b.id, archive: false }));
    await ok(s.post('/api/bande/cloturer', { id_bande: b.id }));
    await refusedWithNothingWritten(s, () => fait(s, e7.id), 400, BANDE_MSG.closed);
    await refusedWithNothingWritten(s, () => s.post('/api/sante/etape/sauter', { id_etape: e7.id, motif: 'x' }), 400, BANDE_MSG.closed);
    await refusedWithNothingWritten(s, () => s.post('/api/sante/etape/annuler', { id_etape: e.id }), 400, BANDE_MSG.closed);
  });

  it('sent again with its Idempotency-Key (the outbox): one write, one expense, the first answer', async () => {
    const s = await newShop();
    const b = await bande(s, { id_plan: 1 });
    const e = await etapeDe(s, b.id, 1);
    const key = randomUUID();
    const body = {
      id_etape: e.id,
      date: daysAgo(1),
      produit: 'Vitaminol',
      lot: 'V1',
      expiration: addDays(today(), 90),
      cout: 4000,
      saisi_le: `${daysAgo(1)}T08:00:00.000Z`,
    };
    const send = () => call('POST', '/api/sante/etape/fait', body, { token: s.acc.token, headers: { 'idempotency-key': key } });
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    for (let i = 0; i < 3; i++) {
      const again = await send();
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    const d = await detail(s, b.id);
    expect(d.depense).toBe(4000);
    expect(d.depenses).toHaveLength(1);
    // The day it was typed offline is kept on the expense.
    expect(d.depenses[0].created_at).toBe(`${daysAgo(1)}T08:00:00.000Z`);
  });

  it('a plan given again with its Idempotency-Key (the outbox): the first answer, its steps and ids kept; without the key, a new calendar', async () => {
    const s = await newShop();
    const b = await bande(s);
    const key = randomUUID();
    const send = () => call('POST', '/api/sante/bande/plan', { id_bande: b.id, id_plan: 1 }, { token: s.acc.token, headers: { 'idempotency-key': key } });
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const ids = (await ok(s.get(`/api/sante/bande/${b.id}`))).etapes.map((e: { id: number }) => e.id);
    expect(ids.length).toBeGreaterThan(0);
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await ok(s.get(`/api/sante/bande/${b.id}`))).etapes.map((e: { id: number }) => e.id)).toEqual(ids);
    // Without the key it is a second write: the pending steps are replaced (new ids), so the replay above could fail.
    await ok(s.post('/api/sante/bande/plan', { id_bande: b.id, id_plan: 1 }));
    const fresh = (await ok(s.get(`/api/sante/bande/${b.id}`))).etapes.map((e: { id: number }) => e.id);
    expect(fresh).toHaveLength(ids.length);
    expect(fresh).not.toEqual(ids);
  });

  it('another business’s batch, steps and plans: 404, nothing written anywhere; without the batches’ right: 403', async () => {
    const s = await newShop();
    const b = await bande(s, { id_plan: 1 });
    const e = await etapeDe(s, b.id, 1);
    const own = await ok(s.post('/api/sante/plan', chairPlan));
    const other = await newShop();
    const snap = await stateOf(s.acc.tenantId);
    expect((await other.get(`/api/sante/bande/${b.id}`)).status).toBe(404);
    const ob = await bande(other);
    await refusedWithNothingWritten(other, () => fait(other, e.id, { cout: 1000 }), 404, SANTE_MSG.etapeNotFound);
    await refusedWithNothingWritten(other, () => other.post('/api/sante/etape/sauter', { id_etape: e.id, motif: 'x' }), 404, SANTE_MSG.etapeNotFound);
    await refusedWithNothingWritten(other, () => other.post('/api/sante/etape/annuler', { id_etape: e.id }), 404, SANTE_MSG.etapeNotFound);
    await refusedWithNothingWritten(other, () => other.post('/api/sante/bande/plan', { id_bande: ob.id, id_plan: own.id }), 404, SANTE_MSG.planNotFound);
    expect(await stateOf(s.acc.tenantId)).toBe(snap);
    const seller = await userWith(s.acc, { userId: 61, role: 'vendeur', droits: { ventav: 'r' } });
    for (const r of [await seller.get(`/api/sante/bande/${b.id}`), await fait(seller, e.id), await seller.get('/api/sante/a-faire')])
      expect(r.body).toEqual(FORBIDDEN);
  });
});

/** Every item of a batch's collection, straight from the table. */
async function collection(t: number, id: number): Promise<string[]> {
  const out = await rawDdb().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `ENT#${t}#BANDE#${id}` } }),
  );
  return (out.Items ?? []).map((i) => String(i.SK));
}

describe('deleting a batch with a calendar', () => {
  it('a calendar with only pending steps leaves with its batch; a done or skipped step counts as an entry', async () => {
    const s = await newShop();
    const b = await bande(s, { id_plan: 1 });
    expect(await collection(s.acc.tenantId, b.id)).toEqual(['BANDE', 'SANTE']);
    await ok(s.post('/api/bande/supprimer', { id_bande: b.id }));
    expect(await collection(s.acc.tenantId, b.id)).toEqual([]);
    expect((await s.get(`/api/sante/bande/${b.id}`)).status).toBe(404);

    const c = await bande(s, { id_plan: 1 });
    const e = await etapeDe(s, c.id, 7);
    await ok(s.post('/api/sante/etape/sauter', { id_etape: e.id, motif: 'x' }));
    await refusedWithNothingWritten(
      s,
      () => s.post('/api/bande/supprimer', { id_bande: c.id }),
      400,
      BANDE_MSG.hasEntries({ depenses: 0, ventes: 0, pertes: 0, pesages: 0, collectes: 0, abattages: 0, soins: 1, annulees: 0 }),
    );
    // Taken back, the step is pending again: the batch holds nothing and may go.
    await ok(s.post('/api/sante/etape/annuler', { id_etape: e.id }));
    await ok(s.post('/api/bande/supprimer', { id_bande: c.id }));
    expect(await collection(s.acc.tenantId, c.id)).toEqual([]);

    // A treatment, even cancelled, is a record too.
    const d = await bande(s, { id_plan: 1 });
    const tr = await ok(
      s.post('/api/sante/traitement', {
        id_bande: d.id,
        produit: 'Amprolium',
        molecule: 'amprolium',
        motif: 'Coccidiose',
        debut: daysAgo(1),
        fin: today(),
        attente_viande_jours: 0,
        attente_oeufs_jours: 0,
      }),
    );
    await ok(s.post('/api/sante/traitement/annuler', { id_traitement: tr.id }));
    await refusedWithNothingWritten(
      s,
      () => s.post('/api/bande/supprimer', { id_bande: d.id }),
      400,
      BANDE_MSG.hasEntries({ depenses: 0, ventes: 0, pertes: 0, pesages: 0, collectes: 0, abattages: 0, soins: 1, annulees: 1 }),
    );
  });
});

describe('GET api/sante/a-faire', () => {
  it('lists the steps due today or late of active batches, and raises a death alert on a jump of losses', async () => {
    const s = await newShop();
    const a = await bande(s, { nom: 'Chair A', id_plan: 1 });
    const late = await bande(s, { nom: 'Chair B', id_plan: 1, date_demarage: daysAgo(15) });
    const closed = await bande(s, { nom: 'Chair C', id_plan: 1, date_demarage: daysAgo(20) });
    await ok(s.post('/api/bande/cloturer', { id_bande: closed.id }));
    const lb = await sante(s, late.id);
    // Every step of batch B due so far but one is done or skipped.
    await ok(fait(s, lb.etapes[0].id, { date: daysAgo(14) }));
    await ok(s.post('/api/sante/etape/sauter', { id_etape: lb.etapes[2].id, motif: 'x' }));

    // Batch A: 1 loss a day for 6 days, then 5 today: 5 ≥ 3 and ≥ 3 × the average of the 7 days before (6/7).
    for (let d = 6; d >= 1; d--) await ok(s.post('/api/bande/perte', { nombre: 1, id_bande: a.id, date: daysAgo(d) }));
    await ok(s.post('/api/bande/perte', { nombre: 5, id_bande: a.id, date: today() }));
    // Batch B: 2 today, under the minimum of 3.
    await ok(s.post('/api/bande/perte', { nombre: 2, id_bande: late.id, date: today() }));
    // A treatment of batch B whose meat withdrawal runs 5 days past its end; one of batch A ended yesterday.
    const trt = { produit: 'Oxytétracycline 20 %', molecule: 'oxytétracycline', motif: 'Toux', attente_oeufs_jours: 0 };
    const tb = await ok(s.post('/api/sante/traitement', { ...trt, id_bande: late.id, debut: daysAgo(2), fin: today(), attente_viande_jours: 5 }));
    await ok(s.post('/api/sante/traitement', { ...trt, id_bande: a.id, debut: daysAgo(6), fin: daysAgo(4), attente_viande_jours: 3 }));
    const sb = await sante(s, late.id);
    expect(sb.traitements).toEqual([tb]);
    expect(sb.attente).toEqual({ viande_jusqu_au: addDays(today(), 5) });
    expect((await sante(s, a.id)).attente).toEqual({});

    const r = await ok(s.get('/api/sante/a-faire'));
    // Oldest due first, across batches.
    expect(r.etapes.map((e: any) => [e.nom_bande, e.age, e.date_prevue, e.statut])).toEqual([
      ['Chair B', 7, daysAgo(8), 'en_retard'],
      ['Chair A', 1, daysAgo(6), 'en_retard'],
      ['Chair A', 7, today(), 'aujourdhui'],
    ]);
    expect(r.etapes[1]).toMatchObject({ id_bande: a.id, id: (await etapeDe(s, a.id, 1)).id });
    expect(r.attentes).toEqual([{ id_bande: late.id, nom_bande: 'Chair B', id_traitement: tb.id, produit: trt.produit, viande_jusqu_au: addDays(today(), 5) }]);
    expect(r.alertes).toEqual([{ id_bande: a.id, nom_bande: 'Chair A', type: 'mortalite', date: today(), pertes: 5, moyenne_7j: 0.9 }]);

    // Done, the step leaves the to-do; a cancelled loss leaves the alert.
    await ok(fait(s, r.etapes[2].id, { date: today() }));
    const perte = (await detail(s, a.id)).pertes.find((p: any) => p.nombre === 5);
    await ok(s.get(`/api/bande/perte/delete/${perte.id}`));
    const r2 = await ok(s.get('/api/sante/a-faire'));
    expect(r2.etapes.map((e: any) => [e.nom_bande, e.age])).toEqual([
      ['Chair B', 7],
      ['Chair A', 1],
    ]);
    expect(r2.alertes).toEqual([]);
    // A cancelled treatment leaves the withdrawals; a closed batch leaves the to-do.
    await ok(s.post('/api/sante/traitement/annuler', { id_traitement: tb.id }));
    expect((await ok(s.get('/api/sante/a-faire'))).attentes).toEqual([]);
    await ok(s.post('/api/bande/cloturer', { id_bande: late.id }));
    expect((await ok(s.get('/api/sante/a-faire'))).etapes.map((e: any) => e.nom_bande)).toEqual(['Chair A']);
    // Another business sees none of it.
    expect(await ok((await newShop()).get('/api/sante/a-faire'))).toEqual({ etapes: [], attentes: [], alertes: [], eau: [] });
  });
});
