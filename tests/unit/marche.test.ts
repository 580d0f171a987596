// The marketplace's fair pages (functions/ecommerce/marche.ts) and the towns list (shared/villes.ts).
import { describe, expect, it } from 'vitest';
import { dayNumber, marchePage, marchePageOf, marchePages } from '../../functions/ecommerce/marche';
import { NOMS_VILLES, villeDeLaListe, VILLES } from '@shared/villes';
import { addToEcomSchema, vitrineQuerySchema } from '@shared/schemas/ecommerce';
import { ECOM_MSG } from '@shared/messages/ecommerce';

const products = (tenantId: number, n: number) => Array.from({ length: n }, (_, i) => ({ tenantId, id: i + 1 }));
const sellersOf = (page: { tenantId: number }[]) => page.map((p) => p.tenantId);

describe('marketplace pages', () => {
  it('one seller with 35 products takes at most its share of each page, the others all stand on the first', () => {
    const all = [...products(7, 35), ...products(2, 1), ...products(3, 2), ...products(9, 1)];
    const pages = marchePages(all, { day: 0, limit: 10, perSeller: 4 });
    expect(pages[0].filter((p) => p.tenantId === 7)).toHaveLength(4);
    expect(new Set(sellersOf(pages[0]))).toEqual(new Set([2, 3, 7, 9]));
    for (const page of pages) expect(page.filter((p) => p.tenantId === 7).length).toBeLessThanOrEqual(4);
    // Every product once, none lost past the share.
    expect(pages.flat()).toHaveLength(all.length);
    expect(new Set(pages.flat().map((p) => `${p.tenantId}.${p.id}`)).size).toBe(all.length);
  });

  it('goes round the sellers: every first product before any second one, and the start turns each day', () => {
    const all = [...products(1, 3), ...products(2, 3), ...products(3, 3)];
    const [page] = marchePages(all, { day: 0, limit: 100, perSeller: 4 });
    expect(sellersOf(page)).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3]);
    const [tomorrow] = marchePages(all, { day: 1, limit: 100, perSeller: 4 });
    expect(sellersOf(tomorrow)).toEqual([2, 3, 1, 2, 3, 1, 2, 3, 1]);
    // A seller's products take turns at its first place.
    expect(page[0].id).toBe(1);
    expect(tomorrow[2]).toEqual({ tenantId: 1, id: 2 });
    // More sellers than a page: each comes to the first page in turn.
    const many = Array.from({ length: 30 }, (_, i) => products(i + 1, 1)).flat();
    const firsts = new Set<number>();
    for (let day = 0; day < 3; day++) for (const p of marchePages(many, { day: day * 10, limit: 10, perSeller: 4 })[0]) firsts.add(p.tenantId);
    expect(firsts.size).toBe(30);
    expect(dayNumber('1970-01-02')).toBe(1);
  });

  it('the next page follows the one holding the cursor; `suite` says whether one more follows', () => {
    const pages = marchePages(products(5, 10), { day: 0, limit: 100, perSeller: 4 });
    expect(pages.map((p) => p.length)).toEqual([4, 4, 2]);
    expect(marchePage(pages)).toEqual({ page: pages[0], suite: true });
    expect(marchePage(pages, { tenantId: 5, id: 4 })).toEqual({ page: pages[1], suite: true });
    expect(marchePage(pages, { tenantId: 5, id: 8 })).toEqual({ page: pages[2], suite: false });
    expect(marchePage(pages, { tenantId: 6, id: 1 })).toBeUndefined();
    expect(marchePage([], undefined)).toEqual({ page: [], suite: false });
  });

  it('a page cut alone (the storefront stops past the page asked) is the page cut with all the others, cursor and suite alike', () => {
    // Sellers of 1 to 7 products, pages of 1 to 12: every cursor of every page, and one on no page.
    const all = [3, 1, 7, 2, 5, 1, 4].flatMap((n, i) => products(10 + i * 3, n));
    for (const limit of [1, 3, 5, 12]) {
      for (const day of [0, 4]) {
        const opts = { day, limit, perSeller: 4 };
        const pages = marchePages(all, opts);
        expect(marchePageOf(all, opts)).toEqual(marchePage(pages));
        for (const p of pages.flat()) expect(marchePageOf(all, opts, p), `${limit} ${day} ${p.tenantId}.${p.id}`).toEqual(marchePage(pages, p));
        expect(marchePageOf(all, opts, { tenantId: 99, id: 1 })).toBeUndefined();
      }
    }
    expect(marchePageOf([], { day: 0, limit: 10, perSeller: 4 })).toEqual({ page: [], suite: false });
  });
});

describe('towns', () => {
  it('a fixed list: every region of both countries, any case or accents, nothing else', () => {
    expect(new Set(VILLES.filter((v) => v.pays === 'sn').map((v) => v.region)).size).toBe(14);
    // 31 regions and the two autonomous districts.
    expect(new Set(VILLES.filter((v) => v.pays === 'ci').map((v) => v.region)).size).toBe(33);
    expect(villeDeLaListe('  THIES ')).toBe('Thiès');
    expect(villeDeLaListe('st louis')).toBe('Saint-Louis');
    expect(villeDeLaListe('grand bassam')).toBe('Grand-Bassam');
    expect(villeDeLaListe('Kaolack123')).toBeNull();
    expect(NOMS_VILLES).toContain('Abidjan');
  });

  it('the product form and the search refuse a town off the list in French, and store the list’s spelling', () => {
    const body = { id_produit: 1, produit: 'Poulet', prix_unitaire: 3500, type_produit: 'poulet', adresse: 'x', description: 'y', ville: 'kebemer' };
    expect(addToEcomSchema.parse(body).ville).toBe('Kébémer');
    const bad = addToEcomSchema.safeParse({ ...body, ville: 'Promo City' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(ECOM_MSG.villeInconnue);
    expect(vitrineQuerySchema.parse({ ville: 'dakar' }).ville).toBe('Dakar');
    expect(vitrineQuerySchema.parse({ ville: '' }).ville).toBe('');
    expect(vitrineQuerySchema.safeParse({ ville: '0 Promo' }).success).toBe(false);
  });
});
