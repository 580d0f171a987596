// Demo flock health for `npm start` (issue 34): the broiler batch in its fifth week follows the
// built-in broiler plan, its vaccinations done with their lots and its anticoccidial late; a young
// broiler batch created with the plan has a step done, one late and the rest to come, a treatment
// whose meat withdrawal is running, and today's losses high enough to raise the death alert.
// Everything through the public API, each record on the day it happened, like ./bandes.ts.
import { PLAN_DEFAUT_CHAIR } from '../../../shared/sante/plans-defaut';
import type { EtapeBande, SanteBande } from '../../../shared/schemas/sante';
import type { DemoSession } from './session';

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

/** A lot number as printed on a vial (demo data: invented, like every demo record). */
const lot = (n: number) => `DEMO-${String(n).padStart(4, '0')}`;

async function steps(s: DemoSession, id: number): Promise<EtapeBande[]> {
  return (await s.call<SanteBande>('GET', `/api/sante/bande/${id}`)).etapes;
}

async function done(s: DemoSession, e: EtapeBande, produit: string, n: number, cout?: number) {
  await s.call('POST', '/api/sante/etape/fait', {
    id_etape: e.id,
    date: e.date_prevue,
    produit,
    lot: lot(n),
    expiration: day(180),
    ...(cout ? { cout } : {}),
  });
}

export async function seedSante(s: DemoSession): Promise<void> {
  const bandes = await s.call<{ id: number; nom: string }[]>('GET', '/api/bande');
  const a = bandes.find((b) => b.nom === 'Chair — bâtiment A');
  if (!a) throw new Error('demo seed: the broiler batch of ./bandes.ts is missing');

  // ── the five-week broiler batch: its vaccines were booked as expenses, so no cost here ──
  await s.call('POST', '/api/sante/bande/plan', { id_bande: a.id, id_plan: PLAN_DEFAUT_CHAIR });
  const produits = ['Vitamines + électrolytes', 'HB1 + H120', 'Gumboro D78', 'La Sota'];
  const etapesA = await steps(s, a.id);
  for (const [i, e] of etapesA.slice(0, 4).entries()) await done(s, e, produits[i]!, i + 1);
  // the anticoccidial (day 28) stays late

  // ── a young broiler batch created with the plan ──
  const c = await s.call('POST', '/api/bande/create', {
    nom: 'Chair — bâtiment C',
    nb_sujet: 300,
    date_demarage: day(-10),
    type: 'chair',
    id_bande: -1,
    id_plan: PLAN_DEFAUT_CHAIR,
  });
  await s.call('POST', '/api/bande/depense', {
    depense: { id_type_depense: 2, designation: 'Poussins chair (Cobb 500)', prix_unitaire: 475, quantite: 300 },
    id_bande: c.id,
    date: day(-10),
  });
  const etapesC = await steps(s, c.id);
  // day 1 done with its cost (it becomes the batch's « Vaccins et médicaments » expense); day 7 left late
  await done(s, etapesC[0]!, 'Vitamines + électrolytes', 11, 4500);
  // a treatment whose meat withdrawal is running (the days are the label's: the farm types them)
  await s.call('POST', '/api/sante/traitement', {
    id_bande: c.id,
    produit: 'Oxytétracycline 20 %',
    molecule: 'Oxytétracycline',
    motif: 'Toux et râles depuis trois jours',
    debut: day(-2),
    fin: day(2),
    attente_viande_jours: 7,
    attente_oeufs_jours: 0,
    cout: 6000,
  });
  // losses: one a day, then six today — the dashboard's death alert
  for (const [nombre, offset] of [
    [1, -6],
    [1, -4],
    [1, -2],
    [6, 0],
  ])
    await s.call('POST', '/api/bande/perte', { nombre, id_bande: c.id, date: day(offset!) });
}
