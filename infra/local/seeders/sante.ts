// Demo flock health for `npm start`: the five-week broiler batch follows a plan of the
// business's own (the built-in broiler plan and a vitamin step before the sale) with its first
// three steps done (each with its product, lot and expiry), two late and one to come; a young
// broiler batch created with the built-in plan has a step done with its cost, one late and the
// rest to come, a treatment whose meat withdrawal is running, and today's losses high enough to
// raise the death alert. Everything through the public API, each record on the day it happened,
// like ./bandes.ts. No cost on the older batch's steps: its demo expenses already hold its vaccines.
import { PLAN_DEFAUT_CHAIR, PLANS_DEFAUT } from '@shared/sante/plans-defaut';
import type { EtapeBande, SanteBande } from '@shared/schemas/sante';
import type { DemoSession } from './session';

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

async function steps(s: DemoSession, id: number): Promise<EtapeBande[]> {
  return (await s.call<SanteBande>('GET', `/api/sante/bande/${id}`)).etapes;
}

/** A step done on its due day; the lot numbers are demo data, invented like every demo record. */
async function done(s: DemoSession, e: EtapeBande, produit: string, lot: string, cout?: number) {
  await s.call('POST', '/api/sante/etape/fait', {
    id_etape: e.id,
    date: e.date_prevue,
    produit,
    lot,
    expiration: day(180),
    ...(cout ? { cout } : {}),
  });
}

export async function seedSante(s: DemoSession): Promise<void> {
  const bandes = await s.call<{ id: number; nom: string }[]>('GET', '/api/bande');
  const a = bandes.find((b) => b.nom === 'Chair — bâtiment A');
  if (!a) throw new Error('demo seed: the broiler batch of ./bandes.ts is missing');

  // ── the five-week broiler batch, on a plan of the business's own ──
  const plan = await s.call<{ id: number }>('POST', '/api/sante/plan', {
    id_plan: -1,
    nom: 'Chair Keur Massar',
    type: 'chair',
    etapes: [...PLANS_DEFAUT[0]!.etapes, { age: 38, intitule: 'Vitamines + électrolytes (avant la vente)', voie: 'eau_de_boisson' }],
  });
  await s.call('POST', '/api/sante/bande/plan', { id_bande: a.id, id_plan: plan.id });
  const etapesA = await steps(s, a.id);
  const faits: [age: number, produit: string, lot: string][] = [
    [1, 'Vitaminol AD3E', 'VT-2291'],
    [7, 'Avinew (HB1 + H120)', 'NDV-2607-B'],
    [14, 'Bursine Plus (Gumboro)', 'IBD-2608-A'],
  ];
  for (const [age, produit, numero] of faits) {
    const e = etapesA.find((x) => x.age === age);
    if (e) await done(s, e, produit, numero);
  }
  // days 21 and 28 stay late, day 38 is to come

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
  await done(s, etapesC[0]!, 'Vitamines + électrolytes', 'VT-2304', 4500);
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
