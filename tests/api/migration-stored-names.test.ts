// The migration 2026-12-stored-names through the real local stack (docs/decisions/0187-stored-names.md):
// a business with batches, sales, debts, orders, users, a paid subscription, an operator's audit
// entry… has its items put back, by raw DynamoDB puts, in the shape written before it (`type` for
// the kind, a sale's type as type_vente, camelCase names). The API answers the same figures from
// that old shape (the fallback reads), the migration rewrites every item to `entity` and snake_case,
// a second run changes nothing, and the API still answers the same figures.
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { get, newBusiness, operatorAccount, post, rawDdb, sha256, tableName, uniqueEmail, type Account } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';
import {
  KINDS,
  migrateBusinessStoredNames,
  migrateOperatorStoredNames,
  migrateStoredNames,
  renameItem,
  STORED_RENAMES,
  storedNamesUpdate,
} from '../../infra/data/migrations/2026-12-stored-names';
import { sandbox, startWave, waitFinal } from './payment-fixtures';

type Item = Record<string, any>;

const CAMEL: Record<string, string> = Object.fromEntries(Object.entries(STORED_RENAMES).map(([camel, snake]) => [snake, camel]));
/** Per kind, the attributes that were camelCase before the migration (a business record's created_at always was created_at). */
const WAS_CAMEL: Record<string, string[] | 'all'> = {
  USER: ['tenant_id', 'password_hash', 'id_boutique', 'token_version', 'kept_jti', 'created_at'],
  EMAIL_LOCK: ['tenant_id', 'user_id'],
  OTP: ['code_hash'],
  SUBSCRIPTION: ['tenant_id', 'valid_until', 'last_seen_at'],
  ENTREPRISE: ['created_at'],
  PRODUIT_ECOM: ['tenant_id'],
  CLIENT_TEL: ['client_id'],
  BANDE_REF: ['id_bande'],
  PAIEMENT: 'all',
  RECU: 'all',
  JOURNAL: ['tenant_id'],
};

const camelMap = (m: Item) => Object.fromEntries(Object.entries(m).map(([k, v]) => [CAMEL[k] ?? k, v]));

/** An item as the code before the migration wrote it. */
function oldShape(item: Item): Item {
  const kind = String(item.entity);
  const out: Item = { ...item };
  const was = WAS_CAMEL[kind] ?? [];
  for (const a of was === 'all' ? Object.keys(out) : was) {
    if (a in out && CAMEL[a]) {
      out[CAMEL[a]] = out[a];
      delete out[a];
    }
  }
  if (KINDS.has(kind)) {
    delete out.entity;
    if (kind === 'VENTE') out.type_vente = item.type;
    out.type = kind;
  }
  if (kind === 'JOURNAL') for (const f of ['avant', 'apres']) out[f] = camelMap(out[f]);
  return out;
}

const db = () => rawDdb();
const partition = async (pk: string): Promise<Item[]> =>
  (
    await db().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }),
    )
  ).Items ?? [];

async function ok<T = any>(p: Promise<{ status: number; body: T }>, what = ''): Promise<T> {
  const r = await p;
  expect(r.status, `${what} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('migration 2026-12-stored-names', () => {
  let acc: Account;
  let op: { token: string };
  let bandeId: number;
  let staff: { email: string; password: string };
  let paymentId: number;

  /** Everything the business reads back: batches, sales, debts, orders, stock, users, subscription, payments. */
  async function answers() {
    const t = acc.token;
    const journal = await ok(get('/api/operateur/journal', op.token), 'journal');
    return {
      bandes: await ok(get('/api/bande', t), 'bandes'),
      bande: await ok(get(`/api/bande/${bandeId}`, t), 'bande'),
      abattages: await ok(get('/api/bande/abatage/list', t), 'abattages'),
      ventes: await ok(post('/api/vente/boutique', { debut: today(), fin: today() }, t), 'ventes'),
      clients: await ok(get('/api/clients', t), 'clients'),
      versements: await ok(get('/api/versement', t), 'versements'),
      commandes: await ok(get('/api/commande', t), 'commandes'),
      produits: await ok(get('/api/produit', t), 'produits'),
      reappros: await ok(get('/api/produit/reappro/get', t), 'reappros'),
      boutiques: await ok(get('/api/boutique', t), 'boutiques'),
      ecom: await ok(get('/api/produit/getEcomProductByEntreprise', t), 'ecom'),
      users: await ok(get('/api/user', t), 'users'),
      entreprise: await ok(get('/api/entreprise', t), 'entreprise'),
      checkplan: await ok(get('/api/checkplan', t), 'checkplan'),
      paiements: await ok(get('/api/paiement', t), 'paiements'),
      paiement: await ok(get(`/api/paiement/${paymentId}`, t), 'paiement'),
      journal: journal.entrees.filter((e: Item) => e.id_entreprise === acc.tenantId),
      // The staff member still signs in with the stored hash; a phone number is still its client's.
      login: (await post('/api/login', { username: staff.email, password: sha256(staff.password) })).status,
      samePhone: (await post('/api/addOrUpdateClient', { id: 0, prenom: 'Autre', nom: 'Client', telephone: '77 555 44 33' }, t)).status,
    };
  }

  /** Every item of the business: its partition, its batch's, its users' e-mail partitions, its audit entries. */
  async function itemsOf(): Promise<Item[]> {
    const own = await partition(`ENT#${acc.tenantId}`);
    const emails = own.filter((i) => String(i.SK).startsWith('USER#')).map((i) => String(i.email));
    const mails = (await Promise.all(emails.map((e) => partition(`EMAIL#${e}`)))).flat();
    const journal = (await partition('OPS#JOURNAL')).filter((i) => (i.tenant_id ?? i.tenantId) === acc.tenantId);
    return [...own, ...(await partition(`ENT#${acc.tenantId}#BANDE#${bandeId}`)), ...mails, ...journal];
  }

  beforeAll(async () => {
    acc = await newBusiness({ entreprise: 'Ferme Ndiaye' });
    op = await operatorAccount();
    const t = acc.token;
    // A paid month first: the Professionnel plan allows what follows (users, orders).
    const w = await startWave(t, { code_plan: 'pro', nb_mois: 1 });
    await sandbox('wave', 'POST', `/__sandbox/sessions/${w.sessionId}/pay`, {});
    expect((await waitFinal(t, w.id)).status).toBe('SUCCESS');
    paymentId = w.id;
    await ok(
      post('/api/operateur/abonnement', { action: 'prolonger', id_entreprise: acc.tenantId, plan: 'pro', nb_jours: 5, motif: 'Geste' }, op.token),
      'operator',
    );

    const b = await ok(post('/api/bande/create', { id_bande: -1, nom: 'Lot A', type: 'chair', nb_sujet: 200, date_demarage: pastDay('10-01') }, t), 'bande');
    bandeId = (b.id ?? b.bande?.id) as number;
    await ok(post('/api/bande/perte', { nombre: 4, id_bande: bandeId }, t), 'perte');
    await ok(
      post('/api/bande/depense', { depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: 1000, quantite: 3 }, id_bande: bandeId }, t),
      'depense',
    );
    await ok(post('/api/bande/vente', { prix_unitaire: 2500, quantite: 10, id_bande: bandeId, id_vente: -1 }, t), 'vente bande');
    const cat = (quantite: number, poids_min: number, poids_max: number) => ({ id: -1, quantite, poids_min, poids_max });
    await ok(
      post('/api/bande/abatage', { id: -1, quantite: 20, id_bande: bandeId, date: today(), category: [cat(20, 1.2, 1.5)], deleted_categories_id: [] }, t),
      'abattage',
    );

    const produit = await ok(post('/api/produit', { id: 0, nom: 'Poulet', quantite: 50, prix_cession: 1500, prix_vente: 3000 }, t), 'produit');
    const idProduit = (produit.id ?? produit.produit?.id) as number;
    await ok(post('/api/produit/reappro/new', { id_produit: idProduit, quantite: 10 }, t), 'reappro');
    const client = await ok(post('/api/addOrUpdateClient', { id: 0, prenom: 'Fatou', nom: 'Sow', telephone: '77 555 44 33' }, t), 'client');
    await ok(post('/api/vente', { produits: [{ id_produit: idProduit, quantite: 4 }], type: 'EMPRUNT', id_client: client.id }, t), 'emprunt');
    await ok(post('/api/vente', { produits: [{ id_produit: idProduit, quantite: 2 }], type: 'DIRECT', id_bande: bandeId }, t), 'direct');
    await ok(post('/api/vente', { produits: [{ id_produit: idProduit, quantite: 1 }], type: 'DON' }, t), 'don');
    await ok(post('/api/versement', { id_client: client.id, montant: 5_000 }, t), 'versement');
    const livraison = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await ok(
      post(
        '/api/commande/addCommande',
        { id: 0, id_client: client.id, produits: [{ id_produit: idProduit, quantite: 2 }], accompte: 1_000, date_livraison: livraison },
        t,
      ),
      'commande',
    );

    staff = { email: uniqueEmail('staff'), password: 'vente1234' };
    await ok(
      post(
        '/api/user/create',
        {
          prenom: 'Awa',
          nom: 'Diop',
          telephone: '771234567',
          email: staff.email,
          role: 'vendeur',
          password: sha256(staff.password),
          droit: [{ code_fonct: 'ventav', droit: 'r' }],
          id_boutique: 1,
        },
        t,
      ),
      'user',
    );
    // An online product as the old code stored it (raw put: publishing needs photos).
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          PK: `ENT#${acc.tenantId}`,
          SK: 'ECOMP#0000000001',
          type: 'PRODUIT_ECOM',
          tenantId: acc.tenantId,
          id: 1,
          id_produit: idProduit,
          code_produit: 'P1',
          type_produit: 'poulet',
          nom_produit: 'Poulet fermier',
          prix_unitaire: 3000,
          description: 'Élevé au grain',
          ville: 'Thiès',
          adresse: 'Route de Mbour',
          images: [],
          etat: 'INACTIVE',
          currency: 'XOF',
          pays: 'Senegal',
          code_pays: 'sn',
          created_at: new Date().toISOString(),
        },
      }),
    );
  });

  it('reads the old shape alike, rewrites every kind to entity and snake_case, changes nothing the second time', async () => {
    const before = await answers();
    expect(before.ventes.ventes.map((v: Item) => v.type).sort()).toEqual(['DIRECT', 'DON', 'EMPRUNT']);
    expect(before.login).toBe(200);
    expect(before.samePhone).toBe(402);
    expect(before.journal.length).toBe(1);

    // Back to the shape written before the migration, by raw puts.
    const current = await itemsOf();
    const kinds = new Set(current.map((i) => i.entity));
    for (const k of ['USER', 'EMAIL_LOCK', 'SUBSCRIPTION', 'ENTREPRISE', 'CLIENT', 'CLIENT_TEL', 'BOUTIQUE', 'BOUTIQUE_COUNT', 'PRODUIT', 'REAPPRO', 'VENTE'])
      expect(kinds, k).toContain(k);
    for (const k of ['VERSEMENT', 'COMMANDE', 'ABATAGE', 'PAIEMENT', 'RECU', 'JOURNAL', 'BANDE_REF']) expect(kinds, k).toContain(k);
    const old = current.map(oldShape);
    for (const item of old) await db().send(new PutCommand({ TableName: tableName(), Item: item }));
    const aged = await itemsOf();
    expect(aged.some((i) => i.type === 'USER' && typeof i.passwordHash === 'string' && i.tenantId === acc.tenantId && !('entity' in i))).toBe(true);
    expect(aged.some((i) => i.type === 'VENTE' && i.type_vente === 'EMPRUNT')).toBe(true);
    expect(aged.some((i) => i.type === 'SUBSCRIPTION' && typeof i.validUntil === 'string')).toBe(true);
    expect(aged.some((i) => i.type === 'PAIEMENT' && typeof i.taskToken === 'undefined' && typeof i.nbMois === 'number')).toBe(true);
    expect(aged.some((i) => i.type === 'JOURNAL' && typeof i.avant.validUntil === 'string')).toBe(true);
    expect(aged.some((i) => i.entity === 'BANDE_REF' && typeof i.bandeId === 'number')).toBe(true);

    // The code reads the old names as a fallback: the same figures.
    expect(await answers()).toEqual(before);

    const r = await migrateStoredNames(db(), tableName(), [acc.tenantId]);
    // Each item of the business in the old shape once (the audit entry is in the operator's partition).
    expect(r.changed).toBe(old.filter((i) => storedNamesUpdate(i) && i.PK !== 'OPS#JOURNAL').length);
    expect(r.changed).toBeGreaterThanOrEqual(20);
    await migrateOperatorStoredNames(db(), tableName());

    const after = await itemsOf();
    const hadKind = new Map(old.filter((i) => KINDS.has(String(i.type))).map((i) => [`${i.PK} / ${i.SK}`, i.type]));
    const camel = Object.keys(STORED_RENAMES);
    for (const item of after) {
      const where = `${item.PK} / ${item.SK}`;
      expect(
        Object.keys(item).filter((k) => camel.includes(k)),
        where,
      ).toEqual([]);
      // Items that carried a kind carry it as entity (counters carry none, before and after).
      if (hadKind.has(where)) expect(item.entity, where).toBe(hadKind.get(where));
      expect(KINDS.has(String(item.type)), where).toBe(false);
      expect(item, where).not.toHaveProperty('type_vente');
      if (item.entity === 'JOURNAL')
        for (const f of ['avant', 'apres'])
          expect(
            Object.keys(item[f]).filter((k) => camel.includes(k)),
            where,
          ).toEqual([]);
    }
    expect(
      after
        .filter((i) => i.entity === 'VENTE')
        .map((i) => i.type)
        .sort(),
    ).toEqual(['DIRECT', 'DON', 'EMPRUNT']);
    expect(after.find((i) => i.entity === 'SUBSCRIPTION')).toMatchObject({ tenant_id: acc.tenantId, valid_until: expect.any(String) });
    expect(after.find((i) => i.entity === 'PAIEMENT')).toMatchObject({ tenant_id: acc.tenantId, nb_mois: 1, created_at: expect.any(String) });
    expect(await answers()).toEqual(before);

    // Done: a second run (or a run cut short and started again) changes nothing.
    const settled = await itemsOf();
    expect(await migrateBusinessStoredNames(db(), tableName(), acc.tenantId)).toBe(0);
    expect((await migrateStoredNames(db(), tableName(), [acc.tenantId])).changed).toBe(0);
    expect(await itemsOf()).toEqual(settled);
  });

  it('never loses a value the application wrote meanwhile: a stale read re-reads and keeps the new name', async () => {
    const key = { PK: `ENT#${acc.tenantId}`, SK: 'USER#1' };
    const read = async () => (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item!;
    const user = await read();
    // An old user item whose sessions are at version 3.
    const old = oldShape({ ...user, token_version: 3 });
    await db().send(new PutCommand({ TableName: tableName(), Item: old }));
    // The application changes the password meanwhile, through a session issued at version 3 (read
    // from the old name): version 4 under the new name, the old name gone.
    const session = await ok(post('/api/login', { username: acc.email, password: sha256(acc.password) }), 'login');
    await ok(post('/api/updatePassword', { old_password: sha256(acc.password), new_password: sha256('secret456') }, session.token), 'password');
    const written = await read();
    expect(written).not.toHaveProperty('tokenVersion');
    expect(written.token_version).toBe(4);
    // The migration acts on its stale read (tokenVersion 3): its condition fails, it reads again, leaves 4.
    await renameItem(db(), tableName(), old);
    const after = await read();
    expect(after.token_version).toBe(4);
    expect(after).not.toHaveProperty('tokenVersion');
    expect(after.entity).toBe('USER');
    expect(after).not.toHaveProperty('type');
  });
});
