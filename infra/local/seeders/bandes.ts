// Demo batches for `npm start`: a broiler batch nearly ready for sale, a laying batch in
// production and a closed batch from last quarter, with weeks of expenses, sales (one
// cancelled), losses, weighings and daily egg collections. Dates are relative to today, so the
// dashboard shows a living month on first start. Everything goes through the public API, each entry
// with the day it happened (`date`), within its batch's life.
import type { DemoSession } from './session';

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

/** An expense and the day it was paid, days from today. */
type Expense = [type: number, designation: string, prix: number, quantite: number, offset: number];

async function expenses(s: DemoSession, id: number, list: Expense[]) {
  for (const [id_type_depense, designation, prix_unitaire, quantite, offset] of list) {
    // Feed is bought in 50 kg sacks: its unit gives the batch's feed conversion ratio.
    const unite = id_type_depense === 1 && /sac 50 kg/.test(String(designation)) ? 'sac50' : undefined;
    await s.call('POST', '/api/bande/depense', { depense: { id_type_depense, designation, prix_unitaire, quantite, unite }, id_bande: id, date: day(offset) });
  }
}

export async function seedBandes(s: DemoSession): Promise<void> {
  // ── a closed broiler batch, started three months ago ──
  const old = await s.call('POST', '/api/bande/create', { nom: 'Chair — lot de juillet', nb_sujet: 250, date_demarage: day(-95), type: 'chair', id_bande: -1 });
  await expenses(s, old.id, [
    [2, 'Poussins Cobb 500', 450, 250, -95],
    [5, 'Copeaux de bois', 2500, 4, -95],
    [1, 'Aliment démarrage (sac 50 kg)', 17500, 6, -94],
    [3, 'Vaccins Gumboro + Newcastle', 12000, 1, -88],
    [1, 'Aliment croissance (sac 50 kg)', 16500, 10, -80],
  ]);
  await s.call('POST', '/api/bande/perte', { nombre: 6, id_bande: old.id, date: day(-85) });
  await s.call('POST', '/api/bande/vente', { prix_unitaire: 3000, quantite: 180, id_bande: old.id, id_vente: -1, date: day(-55) });
  await s.call('POST', '/api/bande/vente', { prix_unitaire: 2800, quantite: 60, id_bande: old.id, id_vente: -1, date: day(-52) });
  await s.call('POST', '/api/bande/cloturer', { id_bande: old.id });

  // ── the current broiler batch, 5 weeks old ──
  const chair = await s.call('POST', '/api/bande/create', { nom: 'Chair — bâtiment A', nb_sujet: 500, date_demarage: day(-35), type: 'chair', id_bande: -1 });
  await expenses(s, chair.id, [
    [2, 'Poussins chair (Cobb 500)', 475, 500, -35],
    [7, 'Transport des poussins', 10000, 1, -35],
    [5, 'Copeaux de bois', 2500, 8, -35],
    // Its first days' feed, bought with the chicks as a batch expense; from day 5 it eats from the
    // farm's feed store (./aliment.ts), so no later feed is booked on it (nothing counted twice).
    [1, 'Aliment démarrage (sac 50 kg)', 17500, 1, -35],
    [6, 'Électricité (chauffage)', 18000, 1, -30],
    [3, 'Vaccin Newcastle HB1', 6500, 2, -28],
    [3, 'Vitamines et anti-stress', 3500, 3, -14],
    [4, 'Ouvrier — 5 semaines', 15000, 5, 0],
  ]);
  // losses spread over the weeks, most of them in the first days
  for (const [nombre, offset] of [
    [4, -33],
    [2, -30],
    [3, -24],
    [1, -15],
    [2, -6],
  ])
    await s.call('POST', '/api/bande/perte', { nombre, id_bande: chair.id, date: day(offset) });
  for (const [week, poids] of [
    [1, 165],
    [2, 420],
    [3, 850],
    [4, 1400],
    [5, 1950],
  ] as const) {
    await s.call('POST', '/api/bande/pesage', {
      pesage: { poids_moyen: poids, unite: 'g', echantillon: 20, date_prise: day(-35 + week * 7) },
      id_bande: chair.id,
    });
  }
  await s.call('POST', '/api/bande/vente', { prix_unitaire: 3250, quantite: 120, id_bande: chair.id, id_vente: -1, date: day(-2) });
  await s.call('POST', '/api/bande/vente', { prix_unitaire: 3000, quantite: 80, id_bande: chair.id, id_vente: -1, date: day(-1) });
  // a sale recorded by mistake, then cancelled: kept with etat DELETED, out of every total
  const wrong = await s.call('POST', '/api/bande/vente', { prix_unitaire: 30000, quantite: 80, id_bande: chair.id, id_vente: -1, date: day(-1) });
  await s.call('GET', `/api/bande/vente/delete/${wrong.id}`);

  // ── a laying batch in production for three weeks ──
  const ponte = await s.call('POST', '/api/bande/create', {
    nom: 'Pondeuses — bâtiment B',
    nb_sujet: 400,
    date_demarage: day(-21),
    type: 'pondeuse',
    id_bande: -1,
  });
  await expenses(s, ponte.id, [
    [2, 'Poulettes prêtes à pondre', 4500, 40, -21],
    // Its feed comes from the farm's feed store (./aliment.ts); the shell grit is bought for it alone.
    [1, 'Coquillage', 3000, 5, -20],
    [3, 'Déparasitant', 8000, 1, -14],
    [6, 'Eau (forage)', 5000, 1, -7],
    [4, 'Ouvrier — 3 semaines', 15000, 3, 0],
  ]);
  await s.call('POST', '/api/bande/perte', { nombre: 2, id_bande: ponte.id, date: day(-12) });
  await s.call('POST', '/api/bande/perte', { nombre: 1, id_bande: ponte.id, date: day(-4) });
  await s.call('POST', '/api/bande/pesage', { pesage: { poids_moyen: 1.6, unite: 'kg', echantillon: 15, date_prise: day(-14) }, id_bande: ponte.id });
  await s.call('POST', '/api/bande/pesage', { pesage: { poids_moyen: 1.7, unite: 'kg', echantillon: 15, date_prise: day(-1) }, id_bande: ponte.id });
  for (let d = -20; d <= 0; d++) {
    // laying rises from ~70 % to ~88 % of the flock; the sizes grow with the hens
    const total = Math.round(397 * (0.7 + (0.18 * (d + 20)) / 20)) - (d % 3 === 0 ? 4 : 0);
    const xl = Math.round(total * 0.08);
    const l = Math.round(total * 0.3);
    const sm = Math.round(total * 0.2);
    const m = total - xl - l - sm;
    await s.call('POST', '/api/bande/collect', {
      id_bande: ponte.id,
      id: -1,
      collecte: total,
      calibres: JSON.stringify({ s: sm, m, l, xl }),
      date_collecte: day(d),
    });
  }
  // egg trays (30 eggs) sold at a tray's price: sent without `unite` they were eggs at 2 500 FCFA
  // each (decision 0217: a layer sale without a unit is eggs), a figure no farm would believe; and
  // 120 then 95 trays would take more eggs than the flock had laid by then (the egg stock)
  await s.call('POST', '/api/bande/vente', { prix_unitaire: 2500, quantite: 60, unite: 'plateau', id_bande: ponte.id, id_vente: -1, date: day(-10) });
  await s.call('POST', '/api/bande/vente', { prix_unitaire: 2400, quantite: 50, unite: 'plateau', id_bande: ponte.id, id_vente: -1, date: day(-3) });
}
