// HTTP hardening against the local stack: no URL can stop the server or answer 5xx,
// undecodable cookies are ignored, ids are canonical and dates real, every amount and quantity is
// bounded so that totals, stock and creance stay exact, security headers on every answer, and a
// body past 256 KB is refused (413) without being read to its end.
import { readFileSync } from 'node:fs';
import { cspHashOf } from '../../web/boot-inline';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { baseUrl, get, newBusiness, post, rawDdb, tableName, tenantSnapshot, type Account } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';
import { partialBody, rawRequest } from '../helpers/raw-http';
import { MAX_MONTANT, MAX_STOCK } from '@shared/schemas/common';

let acc: Account;
let bandeId: number;

beforeAll(async () => {
  acc = await newBusiness();
  const b = await post('/api/bande/create', { nom: 'Bande 1', nb_sujet: 100, date_demarage: pastDay('01-05'), type: 'chair', id_bande: -1 }, acc.token);
  expect(b.status).toBe(200);
  bandeId = b.body.id;
});

const isFrench400 = (r: { status: number; body: any }) =>
  r.status === 400 && typeof r.body?.message === 'string' && /invalide|trop|doit|requis|Requête|limite/i.test(r.body.message);

describe('4. a malformed URL never stops the server nor answers 5xx', () => {
  it('answers 400/404 to broken percent-escapes, on the SPA and on the API, and keeps serving', async () => {
    const paths = [
      '/%',
      '/%zz',
      '/%E0%A4%A',
      '/assets/%',
      '/a%00b',
      '/..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2fpackage.json',
      '/api/bande/%zz',
      '/api/bande/%E0%A4%A',
      '/api/commande/%',
      '/api/bande/dashboard/%zz/',
      '/api/%zz',
      '/admin/%',
    ];
    for (const path of paths) {
      const r = await rawRequest(baseUrl(), 'GET', path, { headers: { authorization: `Bearer ${acc.token}` } });
      expect([400, 404], `${path} → ${r.status} ${r.text.slice(0, 120)}`).toContain(r.status);
    }
    // A dot-segment is resolved by URL parsing itself: it stays inside the SPA.
    const dots = await rawRequest(baseUrl(), 'GET', '/%2e%2e/%2e%2e/package.json');
    expect(dots.text).toMatch(/^<!doctype html>/);
    // still alive, still answering
    expect((await get('/api/checkToken', acc.token)).status).toBe(200);
    expect((await rawRequest(baseUrl(), 'GET', '/')).status).toBe(200);
  });

  it('answers a malformed path parameter with a French 400', async () => {
    const r = await rawRequest(baseUrl(), 'GET', '/api/bande/%zz', { headers: { authorization: `Bearer ${acc.token}` } });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/Requête invalide/);
  });
});

describe('5. an undecodable cookie is ignored', () => {
  it('a protected route, a public route and the SPA answer as without it', async () => {
    const cookie = 'foo=%E0%A4%A; bar=%; XSRF-TOKEN=%ZZ';
    const check = await rawRequest(baseUrl(), 'GET', '/api/checkToken', { headers: { authorization: `Bearer ${acc.token}`, cookie } });
    expect(check.status).toBe(200);
    const login = await rawRequest(baseUrl(), 'POST', '/api/login', {
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody@test.ganaar.sn', password: 'a'.repeat(64) }),
    });
    expect(login.status).toBe(401);
    expect((await rawRequest(baseUrl(), 'GET', '/', { headers: { cookie } })).status).toBe(200);
  });
});

describe('6. amounts and quantities are bounded, totals stay exact', () => {
  it('refuses a price or a quantity beyond the safe range with a French 400, and writes nothing', async () => {
    const before = await tenantSnapshot(acc.tenantId);
    const huge = 9007199254740991;
    const cases: [string, unknown][] = [
      ['/api/produit', { id: 0, nom: 'Poulet', quantite: 1, prix_cession: 100, prix_vente: huge }],
      ['/api/produit', { id: 0, nom: 'Poulet', quantite: huge, prix_cession: 100, prix_vente: 100 }],
      ['/api/bande/depense', { depense: { id_type_depense: 1, designation: 'Aliment', prix_unitaire: 1e9, quantite: 1e7 }, id_bande: bandeId }],
      ['/api/bande/vente', { prix_unitaire: 1e9, quantite: 1e7, id_bande: bandeId, id_vente: -1 }],
      ['/api/bande/perte', { nombre: huge, id_bande: bandeId }],
      ['/api/produit/reappro/new', { id_produit: 1, quantite: huge }],
      [
        '/api/commande/addCommande',
        {
          id: 0,
          id_client: 1,
          produits: [{ id_produit: 1, quantite: huge }],
          accompte: 0,
          date_livraison: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        },
      ],
      ['/api/vente', { produits: [{ id_produit: 1, quantite: huge }], type: 'DIRECT' }],
      ['/api/vente', { produits: [{ id_produit: 1, quantite: 1, type_remise: 'MONTANT', valeur_remise: 1e308 }], type: 'DIRECT' }],
      ['/api/versement', { id_client: 1, montant: huge }],
      ['/api/bande/create', { nom: 'B', nb_sujet: huge, date_demarage: pastDay('01-05'), type: 'chair', id_bande: -1 }],
      ['/api/bande/collect', { id_bande: bandeId, id: -1, collecte: 2, calibres: `{"s":${huge},"m":0,"l":0,"xl":${2 - huge}}` }],
    ];
    for (const [path, body] of cases) {
      const r = await post(path, body, acc.token);
      expect(isFrench400(r), `${path} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`).toBe(true);
    }
    expect(await tenantSnapshot(acc.tenantId)).toBe(before);
    expect((await get(`/api/bande/${bandeId}`, acc.token)).status).toBe(200);
  });

  it('keeps the stock at or below its maximum, even when restocks add up', async () => {
    const p = await post('/api/produit', { id: 0, nom: 'Oeufs', quantite: 10, prix_cession: 50, prix_vente: 100 }, acc.token);
    expect(p.status).toBe(200);
    // Stock already at its maximum, as years of restocks would leave it.
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `ENT#${acc.tenantId}`, SK: `PRODUIT#${p.body.id}` },
        UpdateExpression: 'SET quantite = :q',
        ExpressionAttributeValues: { ':q': MAX_STOCK - 5 },
      }),
    );
    const r = await post('/api/produit/reappro/new', { id_produit: p.body.id, quantite: 10 }, acc.token);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/stock/i);
    expect((await post('/api/produit/reappro/new', { id_produit: p.body.id, quantite: 5 }, acc.token)).status).toBe(200);
    const list = await get('/api/produit', acc.token);
    expect(list.status).toBe(200);
    expect(list.body.find((x: any) => x.id === p.body.id).quantite).toBe(MAX_STOCK);
  });

  it('keeps a creance at or below its maximum: a credit sale that would pass it is refused', async () => {
    await post('/api/boutique', { nom: 'Boutique limite' }, acc.token);
    const c = await post('/api/addOrUpdateClient', { id: 0, prenom: 'Gros', nom: 'Client', telephone: '770009999' }, acc.token);
    const p = await post('/api/produit', { id: 0, nom: 'Boeuf', quantite: 100, prix_cession: 1000, prix_vente: 5000 }, acc.token);
    await rawDdb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `ENT#${acc.tenantId}`, SK: `CLIENT#${c.body.id}` },
        UpdateExpression: 'SET creance = :c',
        ExpressionAttributeValues: { ':c': MAX_MONTANT - 1000 },
      }),
    );
    const sale = await post('/api/vente', { produits: [{ id_produit: p.body.id, quantite: 1 }], type: 'EMPRUNT', id_client: c.body.id }, acc.token);
    expect(sale.status).toBe(400);
    expect(sale.body.message).toMatch(/créance/i);
    const clients = await get('/api/clients', acc.token);
    expect(clients.status).toBe(200);
    expect(clients.body.find((x: any) => x.id === c.body.id).creance).toBe(MAX_MONTANT - 1000);
  });

  it('refuses an order whose total would pass the maximum', async () => {
    const c = await post('/api/addOrUpdateClient', { id: 0, prenom: 'Com', nom: 'Mande', telephone: '770008888' }, acc.token);
    const p = await post('/api/produit', { id: 0, nom: 'Tracteur', quantite: 0, prix_cession: 0, prix_vente: 1_000_000_000 }, acc.token);
    const r = await post(
      '/api/commande/addCommande',
      {
        id: 0,
        id_client: c.body.id,
        produits: [{ id_produit: p.body.id, quantite: 9_000_000 }],
        accompte: 0,
        date_livraison: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
      acc.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/montant|total/i);
  });
});

describe('7. ids are canonical positive integers, dates real calendar dates', () => {
  it('reads batch 1 as /api/bande/1 only', async () => {
    expect((await get(`/api/bande/${bandeId}`, acc.token)).status).toBe(200);
    for (const loose of [
      ` ${bandeId}`,
      `%20${bandeId}`,
      `${bandeId}e0`,
      `+${bandeId}`,
      `0000${bandeId}`,
      `${bandeId}.0`,
      `0x${bandeId}`,
      `${bandeId} `,
      '0',
      '-1',
      '99999999999999999999',
    ]) {
      const r = await rawRequest(baseUrl(), 'GET', `/api/bande/${loose.replace(/ /g, '%20')}`, { headers: { authorization: `Bearer ${acc.token}` } });
      expect(r.status, loose).toBe(400);
      expect(r.json.message, loose).toMatch(/Identifiant invalide/);
    }
  });

  it('refuses order numbers that are not canonical', async () => {
    for (const loose of ['%201', '0001', '+1', '1e0', 'CMD-1%20', 'CMD-0000001']) {
      const r = await rawRequest(baseUrl(), 'GET', `/api/commande/${loose}`, { headers: { authorization: `Bearer ${acc.token}` } });
      expect(r.status, loose).toBe(400);
    }
  });

  it('refuses dates that do not exist, in bodies and in the dashboard path', async () => {
    // fixed date: impossible days and times, refused for their form whatever today is
    for (const date of ['2020-02-30', '2021-02-29', '2020-13-01', '2020-00-10', '2020-04-31', '2020-01-01T25:00:00', '2020-01-01T10:60:00', '0000-01-01']) {
      const r = await post('/api/bande/create', { nom: 'Date', nb_sujet: 1, date_demarage: date, type: 'chair', id_bande: -1 }, acc.token);
      expect(isFrench400(r), `${date} → ${r.status}`).toBe(true);
    }
    // fixed date: 2026 has no 29 February, whatever today is
    expect((await post('/api/vente/boutique', { debut: '2026-02-29', fin: '2026-03-01' }, acc.token)).status).toBe(400);
    // fixed date: 2020 has no 30 February, whatever today is
    expect((await get('/api/bande/dashboard/2020-02-30/2020-03-01', acc.token)).status).toBe(400);
    // a real leap day is fine
    // fixed date: a past leap day; a dashboard range is not judged against today
    expect((await get('/api/bande/dashboard/2024-02-29/2024-03-01', acc.token)).status).toBe(200);
  });
});

describe('8. headers and limits', () => {
  const hasSecurityHeaders = (h: Record<string, string | string[] | undefined>, where: string) => {
    expect(h['x-content-type-options'], where).toBe('nosniff');
    expect(h['x-frame-options'], where).toBe('DENY');
    expect(String(h['referrer-policy']), where).toMatch(/no-referrer|strict-origin/);
    expect(String(h['content-security-policy']), where).toMatch(/frame-ancestors 'none'/);
    expect(String(h['strict-transport-security']), where).toMatch(/max-age=\d{7,}/);
  };

  it('the SPA is served with a strict CSP (one inline script, allowed by its hash) and the security headers', async () => {
    const r = await rawRequest(baseUrl(), 'GET', '/');
    hasSecurityHeaders(r.headers, 'GET /');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(;|$)/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    // The page's only inline script is the boot script, and the CSP's hash is its own (decision 0400).
    const inline = [...r.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    expect(csp).toContain(cspHashOf(inline[0]));
    expect(r.text).not.toMatch(/\sstyle="/);
    const asset = /src="\.\/(assets\/[^"]+\.js)"/.exec(r.text)![1];
    hasSecurityHeaders((await rawRequest(baseUrl(), 'GET', `/${asset}`)).headers, asset);
  });

  it('a built file is sent gzip-compressed, the same bytes at every request, and decompresses to the file', async () => {
    const page = await rawRequest(baseUrl(), 'GET', '/');
    const asset = /src="\.\/(assets\/[^"]+\.js)"/.exec(page.text)![1];
    const fetchBytes = () =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const u = new URL(`/${asset}`, baseUrl());
        httpGet({ host: u.hostname, port: u.port, path: u.pathname, headers: { 'accept-encoding': 'gzip' }, agent: false }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
        }).on('error', reject);
      });
    const [a, b] = [await fetchBytes(), await fetchBytes()];
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(Number(a.headers['content-length'])).toBe(a.body.length);
    expect(b.body.equals(a.body)).toBe(true);
    expect(gunzipSync(a.body).equals(readFileSync(join('web/dist', asset)))).toBe(true);
  });

  it('API answers carry the same headers, errors included', async () => {
    hasSecurityHeaders(
      (await rawRequest(baseUrl(), 'GET', '/api/checkToken', { headers: { authorization: `Bearer ${acc.token}` } })).headers,
      'checkToken 200',
    );
    hasSecurityHeaders((await rawRequest(baseUrl(), 'GET', '/api/checkToken')).headers, 'checkToken 401');
    hasSecurityHeaders((await rawRequest(baseUrl(), 'GET', '/api/nexistepas')).headers, '404');
    const api = await rawRequest(baseUrl(), 'GET', '/api/checkToken');
    expect(String(api.headers['content-security-policy'])).toMatch(/default-src 'none'/);
  });

  it('stops reading a body past 256 KB and answers 413 (declared length and chunked)', async () => {
    const headers = { authorization: `Bearer ${acc.token}` };
    const declared = await partialBody(baseUrl(), '/api/bande/create', 10 * 1024 * 1024, 300 * 1024, headers);
    expect(declared.status).toBe(413);
    expect(declared.json.message).toBe('Envoi trop volumineux : 256 Ko au plus.');
    const chunked = await partialBody(baseUrl(), '/api/bande/create', 'chunked', 300 * 1024, headers);
    expect(chunked.status).toBe(413);
    expect((await get('/api/checkToken', acc.token)).status).toBe(200);
  });
});
