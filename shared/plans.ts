// Subscription plans (part 2 §9). Limits are enforced server-side; null = unlimited.
export type PlanCode = 'db1' | 'pro' | 'ent';

export interface Plan {
  code: PlanCode;
  nom: string;
  mensualite: number; // FCFA per month
  maxSujets: number | null; // birds in active batches
  maxUsers: number;
  maxBoutiques: number;
  maxOnlineProducts: number | null;
}

export const PLANS: Record<PlanCode, Plan> = {
  db1: { code: 'db1', nom: 'Démarrage', mensualite: 5000, maxSujets: 1000, maxUsers: 2, maxBoutiques: 1, maxOnlineProducts: 5 },
  pro: { code: 'pro', nom: 'Professionnel', mensualite: 10000, maxSujets: 5000, maxUsers: 5, maxBoutiques: 3, maxOnlineProducts: 10 },
  ent: { code: 'ent', nom: 'Entreprise', mensualite: 20000, maxSujets: null, maxUsers: 20, maxBoutiques: 10, maxOnlineProducts: null },
};

/** The plans from the smallest to the largest: what a business outgrowing its plan moves to. */
const ORDER: readonly PlanCode[] = ['db1', 'pro', 'ent'];

/** The plan above `p` (a refusal of a limit says what it allows), or null for the top plan. */
export function nextPlan(p: Plan): Plan | null {
  const code = ORDER[ORDER.indexOf(p.code) + 1];
  return code ? PLANS[code] : null;
}

/** Spec: an unknown plan code falls back to pro. */
export function planFor(code: string | undefined | null): Plan {
  return (code && (PLANS as Record<string, Plan>)[code]) || PLANS.pro;
}

/** Limits in force: the current plan while valid (not expired, not suspended), else Démarrage (db1). */
export function effectivePlan(sub: { plan: string; validUntil: string; suspendu?: boolean } | null | undefined, now = new Date()): Plan {
  if (!sub || sub.suspendu || new Date(sub.validUntil).getTime() <= now.getTime()) return PLANS.db1;
  return planFor(sub.plan);
}
