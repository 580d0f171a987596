// Rights of a staff member holding only some features: a vendeur with only `ventav` can read what
// the sale screen needs (products, clients, batches) but cannot change any of it.
import { beforeAll, describe, expect, it } from 'vitest';
import { get, newBusiness, post, rightlessUser, tenantSnapshot, type Account } from '../helpers/api';
import { pastDay } from '../helpers/test-dates';

let admin: Account;
let seller: { token: string };

beforeAll(async () => {
  admin = await newBusiness();
  seller = await rightlessUser(admin, 50, { ventav: 'r' }, 'vendeur');
});

describe('a vendeur holding only ventav', () => {
  it('reads the lists the sale screen needs', async () => {
    for (const path of ['/api/produit', '/api/clients', '/api/bande']) {
      const r = await get(path, seller.token);
      expect(r.status, path).toBe(200);
      expect(Array.isArray(r.body), path).toBe(true);
    }
  });

  it('cannot create or change products, clients or batches, and nothing is written', async () => {
    const before = await tenantSnapshot(admin.tenantId);
    const writes: [string, unknown][] = [
      ['/api/produit', { id: 0, nom: 'Poulet', quantite: 5, prix_cession: 1000, prix_vente: 2000 }],
      ['/api/addOrUpdateClient', { id: 0, prenom: 'Awa', nom: 'Ba', telephone: '770000000', email: '', indicatif: '+221' }],
      ['/api/bande/create', { id_bande: -1, nom: 'B1', type: 'chair', nb_sujet: 100, date_demarage: pastDay('11-01') }],
    ];
    for (const [path, body] of writes) {
      const r = await post(path, body, seller.token);
      expect(r.status, path).toBe(403);
    }
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });

  it('cannot correct or cancel a weighing or an egg collection (bandav), and nothing is written', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const b = await post('/api/bande/create', { id_bande: -1, nom: 'Pondeuses', type: 'pondeuse', nb_sujet: 100, date_demarage: today }, admin.token);
    const p = await post(
      '/api/bande/pesage',
      { pesage: { poids_moyen: 1.6, unite: 'kg', echantillon: 10, date_prise: today }, id_bande: b.body.id },
      admin.token,
    );
    const c = await post(
      '/api/bande/collect',
      { id_bande: b.body.id, id: -1, collecte: 4, calibres: '{"s":1,"m":1,"l":1,"xl":1}', date_collecte: today },
      admin.token,
    );
    expect([b.status, p.status, c.status]).toEqual([200, 200, 200]);
    const before = await tenantSnapshot(admin.tenantId);
    expect((await get(`/api/bande/pesage/delete/${p.body.id}`, seller.token)).status).toBe(403);
    expect((await get(`/api/bande/collect/delete/${c.body.id}`, seller.token)).status).toBe(403);
    expect(
      (
        await post(
          '/api/bande/pesage',
          { pesage: { id: p.body.id, poids_moyen: 1.7, unite: 'kg', echantillon: 10, date_prise: today }, id_bande: b.body.id },
          seller.token,
        )
      ).status,
    ).toBe(403);
    expect(
      (await post('/api/bande/collect', { id_bande: b.body.id, id: c.body.id, collecte: 1, calibres: '{"s":1,"m":0,"l":0,"xl":0}' }, seller.token)).status,
    ).toBe(403);
    expect(await tenantSnapshot(admin.tenantId)).toBe(before);
  });

  it('cannot read what the sale screen does not need', async () => {
    for (const path of ['/api/versement', '/api/commande', '/api/produit/reappro/get']) {
      expect((await get(path, seller.token)).status, path).toBe(403);
    }
  });
});
