// Demo feed store and daily rounds for `npm start`. The demo farm moved to a farm feed
// store a month ago: sacks of starter, grower, finisher and layer feed bought from one supplier
// (./bandes.ts keeps only the starter bought with the five-week batch's chicks before that, as a
// batch expense, the way farms booked feed until now); every active batch eats from the store each
// day, its kg following its age (broilers: its breed's published curve, shared/formulas/aliment.ts
// `consommationStandard`) and its birds alive that day; each batch has its daily sheet (water,
// temperatures, humidity) for the last three weeks; the last days' rounds add a few losses. The
// young sick batch of ./sante.ts drinks less today: « À faire » shows the water alert.
// Everything through the public API, each record on its day; purchases are posted before any
// consumption, and the seeder checks that the store never goes below zero on any day (the API
// would refuse it with a 409 anyway).
import { consommationStandard, sujetsVivantsLe } from '@shared/formulas';
import { RACES } from '@shared/breeds';
import type { BandeDetail } from '@shared/schemas/bandes';
import type { DemoSession } from './session';

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

/**
 * Purchases, days from today: [designation, sacks of 50 kg, FCFA a sack, day]. The prices are demo
 * figures, the same as the batch expenses of ./bandes.ts (no price list was read); the supplier's
 * name is demo data too.
 */
const ACHATS: [designation: string, sacs: number, prixSac: number, offset: number][] = [
  ['Aliment démarrage chair', 6, 17_500, -31],
  ['Aliment croissance chair', 20, 16_500, -31],
  ['Aliment ponte', 12, 15_500, -31],
  ['Aliment croissance chair', 16, 16_500, -18],
  ['Aliment ponte', 10, 15_500, -18],
  ['Aliment démarrage chair', 4, 17_500, -11],
  ['Aliment finition chair', 10, 16_000, -8],
  ['Aliment ponte', 6, 15_500, -4],
];
const FOURNISSEUR = 'Provenderie du Cap-Vert (démo)';

/**
 * A laying hen's daily feed, g: a demo figure (no layer guide was readable, docs/aliment.md
 * « Sources »; shared/breeds.ts ships no layer intake curve), not a target.
 */
const PONDEUSE_G_JOUR = 115;

/** Water litres per kg of feed eaten: Pesti et al. 1985 measured 1.77 for broilers (shared/aliment/references.ts); layers demo. */
const EAU_PAR_KG = { chair: 1.8, pondeuse: 2 } as const;

/** A day of the batch: its age, its birds alive at the day's end, and what it eats, kg (0.1 kg). */
function ration(b: BandeDetail, offset: number): { vivants: number; kg: number } {
  const date = day(offset);
  const vivants = Math.max(0, sujetsVivantsLe({ type: b.type, nb_sujet: b.nb_sujet, pertes: b.pertes, ventes: b.ventes, abatages: b.abatages }, date));
  const age = (Date.parse(date) - Date.parse(b.date_demarage.slice(0, 10))) / 86400_000 + (b.age_demarrage ?? 0);
  const race = RACES.find((r) => r.code === b.race);
  const g = b.type === 'pondeuse' ? PONDEUSE_G_JOUR : race ? (consommationStandard(race, age) ?? 0) : 0;
  return { vivants, kg: Math.round((vivants * g) / 100) / 10 };
}

export async function seedAliment(s: DemoSession): Promise<void> {
  const list = await s.call<{ id: number; nom: string }[]>('GET', '/api/bande');
  const named = (nom: string) => {
    const b = list.find((x) => x.nom === nom);
    if (!b) throw new Error(`demo seed: the batch « ${nom} » of ./bandes.ts or ./sante.ts is missing`);
    return b.id;
  };
  const ids = [named('Chair — bâtiment A'), named('Pondeuses — bâtiment B'), named('Chair — bâtiment C')];

  // ── a few daily rounds' losses (the birds are there: the batches hold hundreds) ──
  const rounds: [bande: number, nombre: number, offset: number][] = [
    [ids[0]!, 1, -3],
    [ids[0]!, 2, -1],
    [ids[1]!, 1, -2],
    [ids[1]!, 1, 0],
  ];
  for (const [id_bande, nombre, offset] of rounds) await s.call('POST', '/api/bande/perte', { nombre, id_bande, date: day(offset) });

  // ── the store: purchases first ──
  const entrees = new Map<string, number>();
  for (const [designation, sacs, prixSac, offset] of ACHATS) {
    await s.call('POST', '/api/aliment/achat', {
      date: day(offset),
      designation,
      quantite: sacs,
      unite: 'sac50',
      prix_total: sacs * prixSac,
      fournisseur: FOURNISSEUR,
    });
    entrees.set(day(offset), (entrees.get(day(offset)) ?? 0) + sacs * 50);
  }

  // ── what each batch ate (the last 30 days of its life) and its sheets (the last 21) ──
  const bandes = await Promise.all(ids.map((id) => s.call<BandeDetail>('GET', `/api/bande/${id}`)));
  const sorties = new Map<string, number>();
  const jours: { b: BandeDetail; offset: number; vivants: number; kg: number }[] = [];
  for (const b of bandes)
    for (let offset = -30; offset <= 0; offset++) {
      if (day(offset) < b.date_demarage.slice(0, 10)) continue;
      const r = ration(b, offset);
      if (r.kg <= 0) continue;
      jours.push({ b, offset, ...r });
      sorties.set(day(offset), (sorties.get(day(offset)) ?? 0) + r.kg);
    }
  let stock = 0;
  for (let offset = -31; offset <= 0; offset++) {
    stock += (entrees.get(day(offset)) ?? 0) - (sorties.get(day(offset)) ?? 0);
    if (stock < 0) throw new Error(`demo seed: the store would be short on ${day(offset)} (${stock} kg): buy more in ACHATS`);
  }
  for (const j of jours) await s.call('POST', '/api/aliment/consommation', { id_bande: j.b.id, date: day(j.offset), quantite: j.kg, unite: 'kg' });

  // Sheets in day order, each batch's water following its feed (Pesti's ratio).
  const parBird = new Map<number, number[]>();
  for (const j of [...jours].sort((a, b) => a.offset - b.offset)) {
    if (j.offset < -20 || j.vivants === 0) continue;
    // The sick batch of ./sante.ts drinks 30 % less a bird today than its last week: the alert.
    const malade = j.b.nom === 'Chair — bâtiment C' && j.offset === 0;
    const passe = (parBird.get(j.b.id) ?? []).slice(-7);
    const eau =
      malade && passe.length
        ? Math.round((passe.reduce((x, y) => x + y, 0) / passe.length) * j.vivants * 0.7 * 10) / 10
        : Math.round(j.kg * EAU_PAR_KG[j.b.type] * 10) / 10;
    parBird.set(j.b.id, [...(parBird.get(j.b.id) ?? []), eau / j.vivants]);
    // Dakar's late dry season: cool nights, hot afternoons.
    const temp_min = 21 + (Math.abs(j.offset) % 3);
    await s.call('POST', '/api/bande/fiche', {
      id_bande: j.b.id,
      date: day(j.offset),
      eau_litres: eau,
      temp_min,
      temp_max: temp_min + 9 + (Math.abs(j.offset) % 4),
      humidite: 55 + (Math.abs(j.offset * 7) % 20),
      ...(malade ? { note: 'Oiseaux abattus, boivent peu' } : {}),
    });
  }
}
