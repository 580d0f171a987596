// Helpers shared by the shop API tests (tests/api/shop-*.test.ts): authenticated calls for one
// business, quick creation of a shop, clients, products and stock, a vendeur user written
// directly in the table, and a tenant snapshot that ignores id counters.
import { expect } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { call, newBusiness, post, rawDdb, sha256, tableName, tenantSnapshot, uniqueEmail, type Account, type Res } from '../helpers/api';
import { hashPassword } from '../../functions/lib/password';

export interface Shop {
  acc: Account;
  get<T = any>(path: string): Promise<Res<T>>;
  post<T = any>(path: string, body: unknown): Promise<Res<T>>;
}

export function as(acc: Account, token = acc.token): Shop {
  return {
    acc,
    get: (path) => call('GET', path, undefined, { token }),
    post: (path, body) => call('POST', path, body, { token }),
  };
}

export async function newShop(): Promise<Shop> {
  return as(await newBusiness());
}

export async function ok<T = any>(p: Promise<Res<T>>): Promise<T> {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** Businesses whose sign-up shop a test has already taken as its first shop. */
const claimed = new Set<number>();

/**
 * A shop for the test: the first call of a business renames the shop sign-up created (shop 1:
 * Démarrage allows one), later calls create more.
 */
export async function boutique(s: Shop, nom = 'Boutique Centre') {
  if (!claimed.has(s.acc.tenantId)) {
    claimed.add(s.acc.tenantId);
    const first = (await ok<any[]>(s.get('/api/boutique')))[0];
    if (first) return ok(s.post('/api/boutique/update', { id_boutique: first.id, nom, adresse: 'Keur Massar' }));
  }
  return ok(s.post('/api/boutique', { nom, adresse: 'Keur Massar' }));
}

/** Removes the shop sign-up created, as for a business created before shops came with sign-up. */
export async function withoutShops(s: Shop): Promise<Shop> {
  const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
  for (const SK of ['BOUTIQUE#1', 'BOUTIQUE_COUNT', 'COUNTER#BOUTIQUE']) {
    await rawDdb().send(new DeleteCommand({ TableName: tableName(), Key: { PK: `ENT#${s.acc.tenantId}`, SK } }));
  }
  claimed.add(s.acc.tenantId);
  return s;
}

export async function client(s: Shop, fields: Record<string, unknown> = {}) {
  return ok(s.post('/api/addOrUpdateClient', { id: 0, prenom: 'Fatou', nom: 'Sow', ...fields }));
}

export async function produit(s: Shop, quantite: number, prix_vente = 1000, nom = 'Poulet') {
  return ok(s.post('/api/produit', { id: 0, nom, description: 'frais', quantite, prix_cession: Math.round(prix_vente / 2), prix_vente }));
}

export async function stockOf(s: Shop, id: number): Promise<number> {
  const list = await ok<any[]>(s.get('/api/produit'));
  return list.find((p) => p.id === id)!.quantite;
}

export async function creanceOf(s: Shop, id: number): Promise<number> {
  const list = await ok<any[]>(s.get('/api/clients'));
  return list.find((c) => c.id === id)!.creance;
}

/** The tenant's writes, id counters included: a refused request takes no id (ids are claimed in the write's transaction). */
export async function stateOf(tenantId: number): Promise<string> {
  return tenantSnapshot(tenantId);
}

/** A user written directly in the table (user item + e-mail lock), then logged in. */
export async function userWith(
  acc: Account,
  opts: { userId: number; role: string; droits?: Record<string, string>; idBoutique?: number | null },
): Promise<Shop> {
  const email = uniqueEmail('shopuser');
  const password = sha256('secret123');
  await rawDdb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: `ENT#${acc.tenantId}`,
        SK: `USER#${opts.userId}`,
        type: 'USER',
        id: opts.userId,
        tenantId: acc.tenantId,
        prenom: 'Modou',
        nom: 'Fall',
        email,
        role: opts.role,
        droits: opts.droits ?? {},
        passwordHash: await hashPassword(password),
        entreprise: 'x',
        idBoutique: opts.idBoutique ?? null,
        actif: true,
        createdAt: new Date().toISOString(),
      },
    }),
  );
  await rawDdb().send(
    new PutCommand({ TableName: tableName(), Item: { PK: `EMAIL#${email}`, SK: 'EMAIL', type: 'EMAIL_LOCK', tenantId: acc.tenantId, userId: opts.userId } }),
  );
  const l = await post('/api/login', { username: email, password });
  if (l.status !== 200) throw new Error(`login failed: ${l.status} ${JSON.stringify(l.body)}`);
  return as(acc, l.body.token);
}

export const FORBIDDEN = { code: 403, message: "Vous n'avez pas le droit d'effectuer cette opération." };
