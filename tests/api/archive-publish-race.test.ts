// Archiving a product and publishing one of its online products at the same moment: one state,
// checked in one place (the product item's publication revision, functions/produits/repository.ts):
// either the product is archived and nothing of it is on the storefront, or it is published and
// not archived; never an archived product live on the storefront (5 rounds in 12 before).
import { describe, expect, it } from 'vitest';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { smallPng, uploadImage } from '../helpers/images';
import { newShop, ok, produit } from './shop-fixtures';

describe('archive and publish sent together (POST api/produit/archiver, publierEcom, addToEcom with publier)', () => {
  it('never leave an archived product live on the storefront (12 rounds)', async () => {
    const s = await newShop();
    const p = await produit(s, 10, 3000, 'Poulet fermier');
    const img = await uploadImage(s.acc.token, await smallPng(), 'p.png', 'image/png');
    expect(img.status, JSON.stringify(img.body)).toBe(200);
    const body = {
      id: 0,
      id_produit: p.id,
      produit: 'Poulet fermier',
      prix_unitaire: 3500,
      type_produit: 'poulet',
      currency: 'XOF',
      images: [img.body.img],
      pays: 'Senegal',
      code_pays: 'sn',
      ville: 'Thiès',
      adresse: 'Quartier Escale',
      description: 'Poulet de chair, 2 kg',
    };
    const e = await ok<any>(s.post('/api/produit/addToEcom', body));
    let archivedRounds = 0;
    let publishedRounds = 0;
    for (let round = 0; round < 12; round++) {
      // Half the rounds publish with publierEcom, half with the form's « enregistrer et publier ».
      const publish = round % 2 ? s.post('/api/produit/addToEcom', { ...body, id: e.id, publier: true }) : s.post('/api/produit/publierEcom', { id: e.id });
      const [archive, pub] = await Promise.all([s.post('/api/produit/archiver', { id: p.id, archive: true }), publish]);
      const produits = await ok<any[]>(s.get('/api/produit?archives=1'));
      const archived = !!produits.find((x) => x.id === p.id)?.archive;
      const live = (await ok<any[]>(s.get('/api/produit/getEcomProductByEntreprise'))).find((x) => x.id === e.id)?.etat === 'ACTIVE';
      const where = `round ${round}: archive ${archive.status} ${JSON.stringify(archive.body)}, publish ${pub.status} ${JSON.stringify(pub.body)}`;
      expect(archived && live, where).toBe(false);
      // Exactly one of them lands, and the other says why in French.
      expect([archive.status, pub.status].filter((x) => x === 200).length, where).toBe(1);
      if (archived) {
        archivedRounds++;
        expect(pub.status, where).toBe(400);
        expect(pub.body.message, where).toBe(ARCHIVE_MSG.produitArchive);
        await ok(s.post('/api/produit/archiver', { id: p.id, archive: false }));
      } else {
        publishedRounds++;
        expect(live, where).toBe(true);
        expect(archive.status, where).toBe(400);
        expect(archive.body.message, where).toBe(ARCHIVE_MSG.produitEnLigne);
        await ok(s.post('/api/produit/depublierEcom', { id: e.id }));
      }
    }
    console.log(`archive and publish together: ${archivedRounds} rounds archived, ${publishedRounds} published, 12 of 12 consistent`);
  });

  it('an online product already published cannot be moved onto an archived product', async () => {
    const s = await newShop();
    const live = await produit(s, 10, 3000, 'Poulet vendu');
    const old = await produit(s, 0, 3000, 'Poulet archivé');
    await ok(s.post('/api/produit/archiver', { id: old.id, archive: true }));
    const img = await uploadImage(s.acc.token, await smallPng(), 'p.png', 'image/png');
    const body = {
      id: 0,
      id_produit: live.id,
      produit: 'Poulet fermier',
      prix_unitaire: 3500,
      type_produit: 'poulet',
      currency: 'XOF',
      images: [img.body.img],
      pays: 'Senegal',
      code_pays: 'sn',
      ville: 'Thiès',
      adresse: 'Quartier Escale',
      description: 'Poulet de chair, 2 kg',
    };
    const e = await ok<any>(s.post('/api/produit/addToEcom', { ...body, publier: true }));
    expect(e.etat).toBe('ACTIVE');
    const r = await s.post('/api/produit/addToEcom', { ...body, id: e.id, id_produit: old.id });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.message).toBe(ARCHIVE_MSG.produitArchive);
    expect((await ok<any[]>(s.get('/api/produit/getEcomProductByEntreprise'))).find((x) => x.id === e.id)).toMatchObject({
      id_produit: live.id,
      etat: 'ACTIVE',
    });
  });
});
