// Demo flock health for `npm start` (issue 34 §6): the current broiler batch follows a plan of the
// business's own (the built-in broiler plan and a vitamin step before the sale), with its first
// three steps done (each with its product, lot and expiry), two late and one to come, and a
// treatment started today whose meat withdrawal is running. Seeded after the shop: the shop's demo
// sales of this batch's birds are in the past, before the treatment. No cost on the steps: the
// batch's demo expenses already hold its vaccines.
import { PLANS_DEFAUT } from '../../../shared/sante/plans-defaut';
import type { DemoSession } from './session';

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

export async function seedSante(s: DemoSession): Promise<void> {
  const bandes = (await s.call('GET', '/api/bande')) as { id: number; type: string; statut?: string; date_demarage: string }[];
  const chair = bandes.find((b) => b.type === 'chair' && (b.statut ?? 'ACTIVE') === 'ACTIVE');
  if (!chair) return;
  const plan = await s.call('POST', '/api/sante/plan', {
    id_plan: -1,
    nom: 'Chair Keur Massar',
    type: 'chair',
    etapes: [...PLANS_DEFAUT[0].etapes, { age: 38, intitule: 'Vitamines + électrolytes (avant la vente)', voie: 'eau_de_boisson' }],
  });
  await s.call('POST', '/api/sante/bande/plan', { id_bande: chair.id, id_plan: plan.id });
  const cal = (await s.call('GET', `/api/sante/bande/${chair.id}`)) as { etapes: { id: number; age: number; date_prevue: string }[] };
  const done: [age: number, produit: string, lot: string][] = [
    [1, 'Vitaminol AD3E', 'VT-2291'],
    [7, 'Avinew (HB1 + H120)', 'NDV-2607-B'],
    [14, 'Bursine Plus (Gumboro)', 'IBD-2608-A'],
  ];
  for (const [age, produit, lot] of done) {
    const e = cal.etapes.find((x) => x.age === age);
    if (!e) continue;
    await s.call('POST', '/api/sante/etape/fait', { id_etape: e.id, date: e.date_prevue, produit, lot, expiration: day(180) });
  }
  await s.call('POST', '/api/sante/traitement', {
    id_bande: chair.id,
    produit: 'Amoxicilline 50 %',
    molecule: 'amoxicilline',
    motif: 'Diarrhée, sur avis du vétérinaire',
    debut: day(0),
    fin: day(2),
    attente_viande_jours: 5,
    attente_oeufs_jours: 0,
  });
}
