// A seller in more towns than one transaction holds (decision 0405): its subscription's change
// writes its first VILLES_PAR_TRANSACTION towns with the change and the others just after. Its
// offers stand in 96 of the list's towns, which every marketplace test also uses: this file runs
// in its own project once the API files and journeys are done (vitest.config.ts, api-last), so that
// no page another test counts ever holds its cards.
import { describe, expect, it } from 'vitest';
import { NOMS_VILLES } from '@shared/villes';
import { newShop, produit } from './shop-fixtures';
import { cards, indexItem, operatorOn, writeOffres } from './vitrine-fixtures';

describe('a seller in more towns than one transaction holds', () => {
  it('its suspension and reactivation reach all 96 of its towns', async () => {
    const s = await newShop();
    const t = s.acc.tenantId;
    const p = await produit(s, 10, 3000, 'Poulet partout');
    const towns = NOMS_VILLES.slice(0, 96);
    // Its 96 offers written straight into the table, then the towns' indexes rebuilt from them (fast set-up).
    await writeOffres(
      t,
      towns.map((ville, i) => ({ id: 500 + i, ville, id_produit: p.id, nom_produit: `Poulet ${i}`, prix_unitaire: 3000, description: 'Poulet de chair' })),
    );
    const entries = async () => Promise.all(towns.map(async (v) => (await indexItem(v))?.vendeurs?.[String(t)]));
    expect(new Set(await entries()).size).toBe(1);
    await operatorOn(s, 'suspendre');
    expect(await entries()).toEqual(towns.map(() => 'suspendu'));
    expect(await cards(s, towns[95])).toEqual([]);
    await operatorOn(s, 'reactiver');
    expect((await entries()).every((e) => typeof e === 'string' && Date.parse(e) > Date.now())).toBe(true);
    expect((await cards(s, towns[95])).map((c) => c.id)).toEqual([595]);
  });
});
