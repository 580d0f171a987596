// THE rule of a client's account (docs/releve.md): a client's debt (creance) is moved
// only by five kinds of movement, each written in the same DynamoDB transaction as the creance
// itself (functions/clients: the creance journal), so replaying them gives the debt on any date:
//   + vente_credit          a shop sale on credit (EMPRUNT), dated the sale (its typed day offline)
//   + livraison_commande    an order delivered with a balance left to pay, dated the delivery
//   − versement             a repayment, dated the repayment
//   − annulation_vente      a cancelled line of a credit sale, dated the cancel
//   + annulation_versement  a cancelled repayment, dated the cancel
// A cancellation carries the `ref` of what it cancels ('vente:<transaction>', 'versement:<id>'),
// so a statement can say what was cancelled and the age of a debt ignores what no longer stands.
// Amounts are whole FCFA, always > 0 here; the sign comes from the kind.

export const TYPES_MOUVEMENT = ['vente_credit', 'livraison_commande', 'versement', 'annulation_vente', 'annulation_versement'] as const;
export type TypeMouvement = (typeof TYPES_MOUVEMENT)[number];

export interface MouvementCreance {
  type: TypeMouvement;
  /** The day it counts on (YYYY-MM-DD). */
  date: string;
  /** When it was written (ISO): orders movements of one day; ties are broken by `ref`. */
  at: string;
  /** > 0, whole FCFA. */
  montant: number;
  /** 'vente:<id_transaction>', 'commande:<id>', 'versement:<id>'; a cancellation has the ref of what it cancels. */
  ref: string;
  /** What the statement prints (« Vente V-000123 », « Remboursement R-000009 », « Livraison CMD-… »). */
  libelle: string;
}

/** The refs of the journal's movements (a cancellation carries the ref of what it cancels). */
export const refVente = (idTransaction: number): string => `vente:${idTransaction}`;
export const refCommande = (idCommande: number): string => `commande:${idCommande}`;
export const refVersement = (idVersement: number): string => `versement:${idVersement}`;

/** +1 for what adds to the debt, −1 for what takes from it. */
export function signe(type: TypeMouvement): 1 | -1 {
  return type === 'versement' || type === 'annulation_vente' ? -1 : 1;
}

/** Date order, then write order, then ref: the order of a statement's lines and of the running balance. */
export function ordreMouvements(a: MouvementCreance, b: MouvementCreance): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  return a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0;
}

/** The debt at the end of `date` (YYYY-MM-DD): every movement dated on or before it. */
export function soldeAu(mouvements: readonly MouvementCreance[], date: string): number {
  return mouvements.filter((m) => m.date <= date).reduce((s, m) => s + signe(m.type) * m.montant, 0);
}

export interface LigneReleve extends MouvementCreance {
  /** The debt right after this line. */
  solde: number;
}

export interface Releve {
  debut: string;
  fin: string;
  /** The debt at the end of the day before `debut`. */
  solde_ouverture: number;
  lignes: LigneReleve[];
  /** Credit sales and order deliveries of the period. */
  ventes_credit: number;
  versements: number;
  /** Cancelled credit-sale lines (they take from the debt). */
  annulations_ventes: number;
  /** Cancelled repayments (they add to the debt again). */
  annulations_versements: number;
  /** = ouverture + ventes_credit − versements − annulations_ventes + annulations_versements = soldeAu(fin). */
  solde_cloture: number;
}

/** A client's statement for [debut, fin] (both YYYY-MM-DD, debut ≤ fin). */
export function releve(mouvements: readonly MouvementCreance[], debut: string, fin: string): Releve {
  const tries = [...mouvements].sort(ordreMouvements);
  const ouverture = soldeAu(tries, addDaysIso(debut, -1));
  let solde = ouverture;
  const lignes: LigneReleve[] = [];
  const totaux = { vente_credit: 0, livraison_commande: 0, versement: 0, annulation_vente: 0, annulation_versement: 0 };
  for (const m of tries) {
    if (m.date < debut || m.date > fin) continue;
    solde += signe(m.type) * m.montant;
    totaux[m.type] += m.montant;
    lignes.push({ ...m, solde });
  }
  return {
    debut,
    fin,
    solde_ouverture: ouverture,
    lignes,
    ventes_credit: totaux.vente_credit + totaux.livraison_commande,
    versements: totaux.versement,
    annulations_ventes: totaux.annulation_vente,
    annulations_versements: totaux.annulation_versement,
    solde_cloture: solde,
  };
}

/**
 * The debt right after the movement that created `ref` (a credit sale, a delivery, a repayment),
 * in statement order: what a receipt says is still owed. Null when no such movement exists (a cash
 * sale, a sale without a client).
 */
export function soldeApres(mouvements: readonly MouvementCreance[], ref: string): number | null {
  let solde = 0;
  for (const m of [...mouvements].sort(ordreMouvements)) {
    solde += signe(m.type) * m.montant;
    if (m.ref === ref && !m.type.startsWith('annulation_')) return solde;
  }
  return null;
}

export interface AgeDette {
  /** The day of the oldest credit sale or delivery not yet paid, or null when nothing is owed. */
  plus_ancienne: string | null;
  /** Days from it to `jour`. */
  age_jours: number | null;
}

/**
 * The oldest unpaid credit sale. A cancellation removes what it cancels (a cancelled
 * sale was never owed, a cancelled repayment never paid); the repayments that stand then pay the
 * oldest debts first (first in, first out), as a shopkeeper counts them.
 */
export function ageDette(mouvements: readonly MouvementCreance[], jour: string): AgeDette {
  const net = new Map<string, { date: string; at: string; montant: number; dette: boolean }>();
  for (const m of [...mouvements].sort(ordreMouvements)) {
    if (m.type === 'annulation_vente' || m.type === 'annulation_versement') {
      const o = net.get(m.ref);
      if (o) o.montant -= m.montant;
      continue;
    }
    const o = net.get(m.ref);
    if (o) o.montant += m.montant;
    else net.set(m.ref, { date: m.date, at: m.at, montant: m.montant, dette: m.type !== 'versement' });
  }
  const dettes = [...net.values()]
    .filter((d) => d.dette && d.montant > 0)
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.at < b.at ? -1 : 1));
  let paye = [...net.values()].filter((d) => !d.dette && d.montant > 0).reduce((s, d) => s + d.montant, 0);
  for (const d of dettes) {
    if (paye >= d.montant) {
      paye -= d.montant;
      continue;
    }
    return { plus_ancienne: d.date, age_jours: daysBetween(d.date, jour) };
  }
  return { plus_ancienne: null, age_jours: null };
}

function addDaysIso(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
