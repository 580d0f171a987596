// Batches through the real stack: every row of spec part 1 §7 for batches and the dashboard,
// accepted and refused (400 French message and nothing written, 404 for another business,
// 403 without bandav/dashboardav), the bird quota (422, also under concurrency), closing,
// cancelled sales leaving every total, and the running totals matching the shared formulas.
import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { get, post, newBusiness, rawDdb, tableName, sha256, tenantSnapshot, uniqueEmail, type Account } from '../helpers/api';
import { hashPassword } from '../../functions/lib/password';
import { batchFigures, dashboardFigures, lineTotal } from '@shared/formulas';
import { pastDay } from '../helpers/test-dates';

const QUOTA_MSG = 'Vous avez atteint le nombre de sujets autorisés';

async function newBande(a: Account, over: Record<string, unknown> = {}) {
  const r = await post('/api/bande/create', { nom: 'Bande A', nb_sujet: 100, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1, ...over }, a.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { id: number; nb_sujet: number };
}

/** Every item of a batch's collection, straight from the table. */
async function collectionItems(a: Account, id: number) {
  const out = await rawDdb().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `ENT#${a.tenantId}#BANDE#${id}` } }),
  );
  return out.Items ?? [];
}

/** A user of the business without any right, written directly in the table, then logged in. */
async function userWithoutRights(a: Account, droits: Record<string, string> = {}) {
  const email = uniqueEmail('norights');
  const id = 900 + Math.floor(Math.random() * 1000);
  const user = {
    id,
    tenantId: a.tenantId,
    prenom: 'sans',
    nom: 'droit',
    email,
    role: 'production',
    droits,
    passwordHash: await hashPassword(sha256('secret123')),
    entreprise: 'Ferme Test',
    idBoutique: null,
    actif: true,
    createdAt: new Date().toISOString(),
  };
  const db = rawDdb();
  await db.send(new PutCommand({ TableName: tableName(), Item: { PK: `ENT#${a.tenantId}`, SK: `USER#${id}`, type: 'USER', ...user } }));
  await db.send(new PutCommand({ TableName: tableName(), Item: { PK: `EMAIL#${email}`, SK: 'EMAIL', type: 'EMAIL_LOCK', tenantId: a.tenantId, userId: id } }));
  const l = await post('/api/login', { username: email, password: sha256('secret123') });
  expect(l.status).toBe(200);
  return l.body.token as string;
}

let A: Account;
let B: Account;
beforeAll(async () => {
  [A, B] = await Promise.all([newBusiness(), newBusiness()]);
});

describe('POST api/bande/create', () => {
  it('creates a batch (id_bande -1) and edits it (id_bande = id)', async () => {
    const b = await newBande(A, { nom: 'Poulets de mars', nb_sujet: 50 });
    expect(b).toMatchObject({ nom: 'Poulets de mars', nb_sujet: 50, type: 'chair', statut: 'ACTIVE', nb_perte: 0, chiffre_affaire: 0, depense: 0 });
    expect(Number.isInteger(b.id)).toBe(true);
    const e = await post(
      '/api/bande/create',
      { nom: 'Poulets renommés', nb_sujet: 60, date_demarage: pastDay('03-02'), type: 'pondeuse', id_bande: b.id },
      A.token,
    );
    expect(e.status).toBe(200);
    const d = await get(`/api/bande/${b.id}`, A.token);
    expect(d.body).toMatchObject({ id: b.id, nom: 'Poulets renommés', nb_sujet: 60, type: 'pondeuse', date_demarage: pastDay('03-02') });
  });

  it.each([
    [{ nom: '', nb_sujet: 10, date_demarage: pastDay('01-01'), type: 'chair', id_bande: -1 }, 'Nom requis'],
    [{ nom: 'X', nb_sujet: 0, date_demarage: pastDay('01-01'), type: 'chair', id_bande: -1 }, 'au moins 1'],
    [{ nom: 'X', nb_sujet: 2.5, date_demarage: pastDay('01-01'), type: 'chair', id_bande: -1 }, 'entier'],
    [{ nom: 'X', nb_sujet: 10, date_demarage: 'hier', type: 'chair', id_bande: -1 }, 'Date invalide'],
    [{ nom: 'X', nb_sujet: 10, date_demarage: pastDay('01-01'), type: 'canard', id_bande: -1 }, 'Type invalide'],
  ])('refuses %j with a French 400 and writes nothing', async (body, msg) => {
    const before = (await get('/api/bande', A.token)).body.length;
    const r = await post('/api/bande/create', body, A.token);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(msg);
    expect((await get('/api/bande', A.token)).body.length).toBe(before);
  });

  it("answers 404 when editing another business's batch, and leaves it untouched", async () => {
    const b = await newBande(A, { nom: 'À moi' });
    const r = await post('/api/bande/create', { nom: 'Volée', nb_sujet: 10, date_demarage: pastDay('01-01'), type: 'chair', id_bande: b.id }, B.token);
    expect(r.status).toBe(404);
    expect((await get(`/api/bande/${b.id}`, A.token)).body.nom).toBe('À moi');
  });
});

describe('listing and reading', () => {
  it('answers the list at api/bande and api/bande/, only with this business’s batches', async () => {
    const a = await newBusiness();
    const b1 = await newBande(a, { nom: 'L1', date_demarage: pastDay('01-05') });
    const b2 = await newBande(a, { nom: 'L2', date_demarage: pastDay('02-05') });
    await newBande(B, { nom: 'autre' });
    for (const path of ['/api/bande', '/api/bande/']) {
      const r = await get(path, a.token);
      expect(r.status).toBe(200);
      expect(r.body.map((x: { id: number }) => x.id)).toEqual([b2.id, b1.id]);
    }
  });

  it("answers 404 for another business's batch, 404 for an unknown one, 400 for a bad id", async () => {
    const b = await newBande(A);
    expect((await get(`/api/bande/${b.id}`, B.token)).status).toBe(404);
    expect((await get('/api/bande/999999', A.token)).status).toBe(404);
    const bad = await get('/api/bande/abc', A.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Identifiant invalide');
    expect((await get(`/api/bande/depense/${b.id}`, B.token)).status).toBe(404);
    expect((await get(`/api/bande/collect/get/${b.id}`, B.token)).status).toBe(404);
  });

  it('lists the expense types a farmer recognises', async () => {
    const r = await get('/api/typedepense', A.token);
    expect(r.status).toBe(200);
    expect(r.body.map((t: { nom: string }) => t.nom)).toEqual([
      'Aliment',
      'Poussins',
      'Vaccins et médicaments',
      "Main-d'œuvre",
      'Litière',
      'Eau et électricité',
      'Transport',
      'Autre',
    ]);
  });
});

describe('entries and totals', () => {
  it('records losses, expenses, sales, weighings; cancels; totals follow the shared formulas', async () => {
    const b = await newBande(A, { nb_sujet: 200 });
    const id = b.id;
    expect((await post('/api/bande/perte', { nombre: 3, id_bande: id }, A.token)).body).toMatchObject({ nombre: 3, type: 'perte' });
    const p2 = await post('/api/bande/perte', { nombre: 2, id_bande: id }, A.token);
    const d1 = await post(
      '/api/bande/depense',
      { depense: { id_type_depense: 1, designation: 'Aliment démarrage', prix_unitaire: 15500, quantite: 2.5 }, id_bande: id },
      A.token,
    );
    expect(d1.status).toBe(200);
    expect(d1.body.prix_total).toBe(lineTotal(15500, 2.5));
    const d2 = await post(
      '/api/bande/depense',
      { depense: { id_type_depense: 2, designation: 'Poussins', prix_unitaire: 333, quantite: 0.3 }, id_bande: id },
      A.token,
    );
    expect(d2.body.prix_total).toBe(100); // 99.9 rounded once
    const v1 = await post('/api/bande/vente', { prix_unitaire: 3000, quantite: 20, id_bande: id, id_vente: -1 }, A.token);
    const v2 = await post('/api/bande/vente', { prix_unitaire: 2500, quantite: 10, id_bande: id, id_vente: 0 }, A.token);
    expect(v1.status).toBe(200);
    expect(v2.body).toMatchObject({ etat: 'ACTIVE', prix_total: 25000 });
    const pes = await post(
      '/api/bande/pesage',
      { pesage: { poids_moyen: 1.85, unite: 'kg', echantillon: 20, date_prise: pastDay('03-20') }, id_bande: id },
      A.token,
    );
    expect(pes.body).toMatchObject({ poids_moyen: 1.85, unite: 'kg', echantillon: 20 });

    // edit an expense and a sale
    const d1e = await post(
      '/api/bande/depense',
      { depense: { id: d1.body.id, id_type_depense: 1, designation: 'Aliment croissance', prix_unitaire: 16000, quantite: 2 }, id_bande: id },
      A.token,
    );
    expect(d1e.body).toMatchObject({ id: d1.body.id, prix_total: 32000 });
    const v1e = await post('/api/bande/vente', { prix_unitaire: 3100, quantite: 20, id_bande: id, id_vente: v1.body.id }, A.token);
    expect(v1e.body).toMatchObject({ id: v1.body.id, prix_total: 62000 });

    // cancel a sale, an expense, a loss
    expect((await get(`/api/bande/vente/delete/${v2.body.id}`, A.token)).status).toBe(200);
    expect((await get(`/api/bande/depense/delete/${d2.body.id}`, A.token)).status).toBe(200);
    expect((await get(`/api/bande/perte/delete/${p2.body.id}`, A.token)).status).toBe(200);
    const again = await get(`/api/bande/vente/delete/${v2.body.id}`, A.token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Cet enregistrement est déjà annulé.');
    const editCancelled = await post('/api/bande/vente', { prix_unitaire: 1, quantite: 1, id_bande: id, id_vente: v2.body.id }, A.token);
    expect(editCancelled.status).toBe(400);

    const d = (await get(`/api/bande/${id}`, A.token)).body;
    expect(d.ventes).toHaveLength(2);
    expect(d.ventes.find((v: { id: number }) => v.id === v2.body.id).etat).toBe('DELETED');
    expect(d.depenses.map((x: { id: number }) => x.id)).toEqual([d1.body.id]);
    expect(d.pertes).toHaveLength(1);
    expect(d.pesages).toHaveLength(1);
    expect(d.nb_perte).toBe(3);
    const f = batchFigures(d);
    expect(f).toMatchObject({
      chiffreAffaire: 62000,
      depenses: 32000,
      pertes: 3,
      benefice: 30000,
      tauxMortalite: 1.5,
      coutProduction: 160,
      tauxRentabilite: 93.75,
    });
    // the running totals kept on the batch agree with the lists
    expect(d).toMatchObject({ chiffre_affaire: f.chiffreAffaire, depense: f.depenses, nb_perte: f.pertes, nb_vendu: 20 });
    const list = (await get(`/api/bande/depense/${id}`, A.token)).body;
    expect(list.map((x: { designation: string }) => x.designation)).toEqual(['Aliment croissance']);
  });

  it('refuses bad entries with a French 400 and writes nothing', async () => {
    const b = await newBande(A, { nb_sujet: 10 });
    const before = (await collectionItems(A, b.id)).length;
    const cases: [string, unknown, string][] = [
      ['/api/bande/perte', { nombre: 0, id_bande: b.id }, 'au moins 1'],
      ['/api/bande/perte', { nombre: 11, id_bande: b.id }, 'Il ne reste que 10 sujets vivants dans cette bande.'],
      ['/api/bande/depense', { depense: { id_type_depense: 1, designation: 'x', prix_unitaire: 100, quantite: 0.05 }, id_bande: b.id }, 'au moins 0,1'],
      [
        '/api/bande/depense',
        { depense: { id_type_depense: 99, designation: 'x', prix_unitaire: 100, quantite: 1 }, id_bande: b.id },
        'Type de dépense inconnu',
      ],
      ['/api/bande/depense', { depense: { id_type_depense: 1, designation: '', prix_unitaire: 100, quantite: 1 }, id_bande: b.id }, 'Désignation requis'],
      ['/api/bande/depense', { depense: { id_type_depense: 1, designation: 'x', prix_unitaire: 10.5, quantite: 1 }, id_bande: b.id }, 'montant entier'],
      ['/api/bande/depense', { id_bande: b.id }, 'Dépense requise'],
      ['/api/bande/vente', { prix_unitaire: 100, id_bande: b.id, id_vente: -1 }, 'Quantité requise'],
      ['/api/bande/vente', { prix_unitaire: -5, quantite: 1, id_bande: b.id, id_vente: -1 }, 'supérieur à 0'],
      ['/api/bande/pesage', { pesage: { poids_moyen: 0, unite: 'kg', echantillon: 5, date_prise: pastDay('01-01') }, id_bande: b.id }, 'supérieur à 0'],
      ['/api/bande/pesage', { pesage: { poids_moyen: 2, unite: 'kg', echantillon: 5 }, id_bande: b.id }, 'Date requise'],
      ['/api/bande/collect', { id_bande: b.id, id: -1, collecte: 10, calibres: '{"s":1,"m":2,"l":3,"xl":3}' }, 'somme des calibres'],
      ['/api/bande/collect', { id_bande: b.id, id: -1, collecte: 10, calibres: 'pas du json' }, 'Calibres invalides'],
      ['/api/bande/collect', { id_bande: b.id, id: -1, collecte: 0, calibres: '{"s":0,"m":0,"l":0,"xl":0}' }, 'au moins 1'],
      // a chair batch has no egg collections
      ['/api/bande/collect', { id_bande: b.id, id: -1, collecte: 4, calibres: '{"s":1,"m":1,"l":1,"xl":1}' }, 'pondeuses'],
    ];
    for (const [path, body, msg] of cases) {
      const r = await post(path, body, A.token);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.message, path).toContain(msg);
    }
    const bad = await post('/api/bande/perte', undefined, A.token, { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect((await collectionItems(A, b.id)).length).toBe(before);
    expect((await get(`/api/bande/${b.id}`, A.token)).body).toMatchObject({ nb_perte: 0, depense: 0, chiffre_affaire: 0 });
  });

  it("answers 404 for entries on another business's batch or entry ids", async () => {
    const b = await newBande(A);
    const v = await post('/api/bande/vente', { prix_unitaire: 1000, quantite: 1, id_bande: b.id, id_vente: -1 }, A.token);
    const d = await post('/api/bande/depense', { depense: { id_type_depense: 1, designation: 'x', prix_unitaire: 100, quantite: 1 }, id_bande: b.id }, A.token);
    const p = await post('/api/bande/perte', { nombre: 1, id_bande: b.id }, A.token);
    const writes: [string, unknown][] = [
      ['/api/bande/perte', { nombre: 1, id_bande: b.id }],
      ['/api/bande/depense', { depense: { id_type_depense: 1, designation: 'x', prix_unitaire: 100, quantite: 1 }, id_bande: b.id }],
      ['/api/bande/vente', { prix_unitaire: 100, quantite: 1, id_bande: b.id, id_vente: -1 }],
      ['/api/bande/pesage', { pesage: { poids_moyen: 2, unite: 'kg', echantillon: 5, date_prise: pastDay('01-01') }, id_bande: b.id }],
      ['/api/bande/collect', { id_bande: b.id, id: -1, collecte: 4, calibres: '{"s":1,"m":1,"l":1,"xl":1}' }],
      ['/api/bande/cloturer', { id_bande: b.id }],
    ];
    for (const [path, body] of writes) expect((await post(path, body, B.token)).status, path).toBe(404);
    expect((await get(`/api/bande/vente/delete/${v.body.id}`, B.token)).status).toBe(404);
    expect((await get(`/api/bande/depense/delete/${d.body.id}`, B.token)).status).toBe(404);
    expect((await get(`/api/bande/perte/delete/${p.body.id}`, B.token)).status).toBe(404);
    const after = (await get(`/api/bande/${b.id}`, A.token)).body;
    expect(after).toMatchObject({ statut: 'ACTIVE', nb_perte: 1, chiffre_affaire: 1000, depense: 100 });
    expect(after.ventes[0].etat).toBe('ACTIVE');
  });

  it('a loss never takes more birds than are alive: placed − dead − slaughtered − broilers sold', async () => {
    const C = await newBusiness();
    const b = await newBande(C, { nb_sujet: 100 });
    expect((await post('/api/bande/vente', { prix_unitaire: 2500, quantite: 60, id_bande: b.id, id_vente: -1 }, C.token)).status).toBe(200);
    expect((await post('/api/bande/abatage', { quantite: 20, id_bande: b.id }, C.token)).status).toBe(200);
    const before = await tenantSnapshot(C.tenantId);
    const over = await post('/api/bande/perte', { nombre: 21, id_bande: b.id }, C.token);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Il ne reste que 20 sujets vivants dans cette bande.');
    expect(await tenantSnapshot(C.tenantId)).toBe(before);
    expect((await post('/api/bande/perte', { nombre: 20, id_bande: b.id }, C.token)).status).toBe(200);
    expect((await post('/api/bande/perte', { nombre: 1, id_bande: b.id }, C.token)).body.message).toBe('Il ne reste que 0 sujet vivant dans cette bande.');
    // a cancelled sale gives its birds back
    const v = (await get(`/api/bande/${b.id}`, C.token)).body.ventes[0];
    expect((await get(`/api/bande/vente/delete/${v.id}`, C.token)).status).toBe(200);
    expect((await post('/api/bande/perte', { nombre: 60, id_bande: b.id }, C.token)).status).toBe(200);
    expect((await get(`/api/bande/${b.id}`, C.token)).body).toMatchObject({ nb_perte: 80, nb_abattu: 20, nb_vendu: 0 });
  });

  it("a layer batch's sales are eggs: they take no hen away from losses or slaughter", async () => {
    const C = await newBusiness();
    const b = await newBande(C, { type: 'pondeuse', nb_sujet: 100 });
    // 300 eggs collected on three days (a batch sells only eggs it collected), then sold: more than the hens.
    for (const d of ['03-02', '03-03', '03-04']) {
      const c = { id_bande: b.id, id: -1, collecte: 100, calibres: '{"s":100,"m":0,"l":0,"xl":0}', date_collecte: pastDay(d) };
      expect((await post('/api/bande/collect', c, C.token)).status).toBe(200);
    }
    expect((await post('/api/bande/vente', { prix_unitaire: 100, quantite: 300, id_bande: b.id, id_vente: -1 }, C.token)).status).toBe(200);
    // spent hens slaughtered after the eggs were sold
    expect((await post('/api/bande/abatage', { quantite: 90, id_bande: b.id }, C.token)).status).toBe(200);
    expect((await post('/api/bande/perte', { nombre: 11, id_bande: b.id }, C.token)).body.message).toBe('Il ne reste que 10 sujets vivants dans cette bande.');
    expect((await post('/api/bande/perte', { nombre: 10, id_bande: b.id }, C.token)).status).toBe(200);
  });

  it('a batch edit keeps room for the birds that left (dead, slaughtered, broilers sold)', async () => {
    const C = await newBusiness();
    const b = await newBande(C, { nb_sujet: 100 });
    expect((await post('/api/bande/perte', { nombre: 10, id_bande: b.id }, C.token)).status).toBe(200);
    expect((await post('/api/bande/abatage', { quantite: 20, id_bande: b.id }, C.token)).status).toBe(200);
    expect((await post('/api/bande/vente', { prix_unitaire: 2500, quantite: 30, id_bande: b.id, id_vente: -1 }, C.token)).status).toBe(200);
    const edit = (nb_sujet: number, type = 'chair') =>
      post('/api/bande/create', { id_bande: b.id, nom: 'Bande A', type, nb_sujet, date_demarage: pastDay('03-01') }, C.token);
    const before = await tenantSnapshot(C.tenantId);
    const r = await edit(59);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Le nombre de sujets ne peut pas être inférieur aux 60 sujets déjà sortis de la bande (morts, abattus ou vendus).');
    expect(await tenantSnapshot(C.tenantId)).toBe(before);
    expect((await edit(60)).status).toBe(200);
    expect((await post('/api/bande/perte', { nombre: 1, id_bande: b.id }, C.token)).status).toBe(400);
  });

  it('concurrent losses and slaughters never take more birds than are alive', { timeout: 120_000 }, async () => {
    const C = await newBusiness();
    const b = await newBande(C, { nb_sujet: 100 });
    expect((await post('/api/bande/vente', { prix_unitaire: 2500, quantite: 10, id_bande: b.id, id_vente: -1 }, C.token)).status).toBe(200);
    const rs = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 ? post('/api/bande/perte', { nombre: 15, id_bande: b.id }, C.token) : post('/api/bande/abatage', { quantite: 15, id_bande: b.id }, C.token),
      ),
    );
    // 90 birds alive: exactly 6 of 15 fit; the others are refused (400), never asked to try again
    // (a write that lost a race to another is read, checked and written again)
    const ok = rs.filter((r) => r.status === 200).length;
    expect(
      rs.every((r) => [200, 400].includes(r.status)),
      JSON.stringify(rs.map((r) => r.status)),
    ).toBe(true);
    expect(ok).toBe(6);
    const d = (await get(`/api/bande/${b.id}`, C.token)).body;
    expect(d.nb_perte + d.nb_abattu).toBe(ok * 15);
    expect(d.pertes).toHaveLength(rs.filter((r, i) => i % 2 && r.status === 200).length);
  });

  it('never lets concurrent losses exceed the birds', async () => {
    const b = await newBande(A, { nb_sujet: 10 });
    const rs = await Promise.all(Array.from({ length: 6 }, () => post('/api/bande/perte', { nombre: 3, id_bande: b.id }, A.token)));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(3);
    expect(rs.filter((r) => r.status === 400)).toHaveLength(3);
    expect((await get(`/api/bande/${b.id}`, A.token)).body.nb_perte).toBe(9);
  });
});

describe('egg collections', () => {
  it('records, edits and lists a laying batch’s collections (date optional)', async () => {
    const b = await newBande(A, { type: 'pondeuse', nb_sujet: 300 });
    const c1 = await post(
      '/api/bande/collect',
      { id_bande: b.id, id: -1, collecte: 250, calibres: '{"s":20,"m":100,"l":100,"xl":30}', date_collecte: pastDay('03-10') },
      A.token,
    );
    expect(c1.status).toBe(200);
    const c2 = await post('/api/bande/collect', { id_bande: b.id, id: -1, collecte: 4, calibres: JSON.stringify({ s: 1, m: 1, l: 1, xl: 1 }) }, A.token);
    expect(c2.body.date_collecte).toBe(new Date().toISOString().slice(0, 10));
    const e = await post(
      '/api/bande/collect',
      { id_bande: b.id, id: c1.body.id, collecte: 240, calibres: '{"s":20,"m":100,"l":100,"xl":20}', date_collecte: pastDay('03-10') },
      A.token,
    );
    expect(e.body).toMatchObject({ id: c1.body.id, collecte: 240 });
    const list = (await get(`/api/bande/collect/get/${b.id}`, A.token)).body;
    expect(list.map((c: { id: number; collecte: number }) => [c.id, c.collecte])).toEqual([
      [c2.body.id, 4],
      [c1.body.id, 240],
    ]);
  });
});

describe('GET api/bande/dashboard/{start or empty}/{end or empty}', () => {
  it('selects batches by start date, with open bounds, and carries the totals', async () => {
    const a = await newBusiness();
    const jan = await newBande(a, { nom: 'jan', date_demarage: pastDay('01-10'), nb_sujet: 100 });
    const feb = await newBande(a, { nom: 'feb', date_demarage: `${pastDay('02-10')}T08:30:00`, nb_sujet: 200 });
    const mar = await newBande(a, { nom: 'mar', date_demarage: pastDay('03-31'), nb_sujet: 300 });
    await post('/api/bande/vente', { prix_unitaire: 2000, quantite: 10, id_bande: feb.id, id_vente: -1 }, a.token);
    await post('/api/bande/depense', { depense: { id_type_depense: 1, designation: 'x', prix_unitaire: 5000, quantite: 3 }, id_bande: feb.id }, a.token);
    await post('/api/bande/perte', { nombre: 4, id_bande: feb.id }, a.token);
    const ids = async (path: string) => {
      const r = await get(path, a.token);
      expect(r.status, path).toBe(200);
      return r.body.map((b: { id: number }) => b.id).sort((x: number, y: number) => x - y);
    };
    expect(await ids(`/api/bande/dashboard/${pastDay('02-01')}/${pastDay('03-31')}`)).toEqual([feb.id, mar.id]);
    expect(await ids(`/api/bande/dashboard/${pastDay('02-10')}/${pastDay('02-10')}`)).toEqual([feb.id]);
    expect(await ids(`/api/bande/dashboard//${pastDay('02-28')}`)).toEqual([jan.id, feb.id]);
    expect(await ids(`/api/bande/dashboard/${pastDay('02-11')}/`)).toEqual([mar.id]);
    expect(await ids('/api/bande/dashboard//')).toEqual([jan.id, feb.id, mar.id]);
    expect(await ids('/api/bande/dashboard/')).toEqual([jan.id, feb.id, mar.id]);
    const r = await get(`/api/bande/dashboard/${pastDay('02-01')}/${pastDay('02-28')}`, a.token);
    expect(dashboardFigures(r.body)).toMatchObject({
      bandes: 1,
      sujets: 200,
      chiffreAffaire: 20000,
      depenses: 15000,
      pertes: 4,
      benefice: 5000,
      tauxMortalite: 2,
      coutProduction: 75,
      tauxRentabilite: 33.33,
    });
    expect((await get(`/api/bande/dashboard/${pastDay('02-01')}/${pastDay('02-28')}`, B.token)).body).toEqual([]);
  });

  it.each([
    '/api/bande/dashboard/2026-13-01/',
    '/api/bande/dashboard/hier/demain',
    `/api/bande/dashboard/${pastDay('03-01')}/${pastDay('02-01')}`,
    '/api/bande/dashboard/a/b/c',
  ])('refuses %s with a French 400', async (path) => {
    const r = await get(path, A.token);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('Période invalide');
  });
});

describe('bird quota and closing', () => {
  it('answers 422 beyond the plan’s birds in active batches, frees them on close', async () => {
    const a = await newBusiness(); // trial = Démarrage: 1000 birds
    const b1 = await newBande(a, { nb_sujet: 600 });
    const over = await post('/api/bande/create', { nom: 'Trop', nb_sujet: 401, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }, a.token);
    expect(over.status).toBe(422);
    // The refusal says what the plan allows, how many birds are left in it, and what the next plan allows.
    expect(over.body).toEqual({
      code: 422,
      message: `${QUOTA_MSG} : votre formule Démarrage permet 1 000 sujets en cours ; il en reste 400. La formule Professionnel en permet 5 000.`,
    });
    const b2 = await newBande(a, { nb_sujet: 400 });
    // enlarging beyond the quota is refused too, shrinking is fine
    const grow = await post('/api/bande/create', { nom: 'B2', nb_sujet: 401, date_demarage: pastDay('03-01'), type: 'chair', id_bande: b2.id }, a.token);
    expect(grow.status).toBe(422);
    expect(grow.body.message).toContain('Démarrage permet 1 000 sujets en cours ; il en reste 0. La formule Professionnel en permet 5 000.');
    expect((await get(`/api/bande/${b2.id}`, a.token)).body.nb_sujet).toBe(400);
    expect(
      (await post('/api/bande/create', { nom: 'B2', nb_sujet: 300, date_demarage: pastDay('03-01'), type: 'chair', id_bande: b2.id }, a.token)).status,
    ).toBe(200);
    expect((await post('/api/bande/create', { nom: 'B3', nb_sujet: 101, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }, a.token)).status).toBe(
      422,
    );

    const c = await post('/api/bande/cloturer', { id_bande: b1.id }, a.token);
    expect(c.status).toBe(200);
    expect(c.body.statut).toBe('CLOTUREE');
    // closed: still readable, no longer writable, its birds freed
    const closed = await get(`/api/bande/${b1.id}`, a.token);
    expect(closed.body).toMatchObject({ id: b1.id, statut: 'CLOTUREE' });
    const late = await post('/api/bande/perte', { nombre: 1, id_bande: b1.id }, a.token);
    expect(late.status).toBe(400);
    expect(late.body.message).toContain('clôturée');
    expect((await post('/api/bande/cloturer', { id_bande: b1.id }, a.token)).status).toBe(200); // idempotent
    await newBande(a, { nb_sujet: 700 });
  });

  it('holds under concurrency: 5 simultaneous batches of 300 birds, exactly 3 fit', async () => {
    const a = await newBusiness();
    const rs = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post('/api/bande/create', { nom: `C${i}`, nb_sujet: 300, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }, a.token),
      ),
    );
    expect(rs.map((r) => r.status).sort()).toEqual([200, 200, 200, 422, 422]);
    const list = (await get('/api/bande', a.token)).body;
    expect(list).toHaveLength(3);
  });
});

describe('rights', () => {
  it('answers 403 without bandav on every batch row, and without dashboardav on the dashboard', async () => {
    const b = await newBande(A);
    const token = await userWithoutRights(A);
    const gets = [
      '/api/bande',
      '/api/bande/',
      `/api/bande/${b.id}`,
      '/api/typedepense',
      `/api/bande/depense/${b.id}`,
      `/api/bande/collect/get/${b.id}`,
      '/api/bande/vente/delete/1',
      '/api/bande/depense/delete/1',
      '/api/bande/perte/delete/1',
      '/api/bande/dashboard//',
    ];
    for (const p of gets) expect((await get(p, token)).status, p).toBe(403);
    for (const p of [
      '/api/bande/create',
      '/api/bande/cloturer',
      '/api/bande/perte',
      '/api/bande/depense',
      '/api/bande/vente',
      '/api/bande/pesage',
      '/api/bande/collect',
    ]) {
      expect((await post(p, {}, token)).status, p).toBe(403);
    }
    // dashboardav alone opens the dashboard, not the batches
    const dash = await userWithoutRights(A, { dashboardav: 'r' });
    expect((await get('/api/bande/dashboard//', dash)).status).toBe(200);
    expect((await get('/api/bande', dash)).status).toBe(403);
    expect((await get('/api/bande')).status).toBe(401);
  });
});

describe('a refused batch creation writes nothing', () => {
  // Found by the fuzz harness: the breed check ran after the batch id was taken, so a 400 still
  // moved the business's counter.
  it('a breed of the other type → 400, and the next batch still gets the first id', async () => {
    const a = await newBusiness();
    const r = await post(
      '/api/bande/create',
      { nom: 'Pondeuses', nb_sujet: 100, date_demarage: pastDay('03-01'), type: 'pondeuse', race: 'ross308', id_bande: -1 },
      a.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Cette souche ne correspond pas au type de la bande.');
    const ok = await post('/api/bande/create', { nom: 'Chair', nb_sujet: 100, date_demarage: pastDay('03-01'), type: 'chair', id_bande: -1 }, a.token);
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(1);
  });
});
