// Flock health's figures (docs/sante.md): when a plan's step falls due for a batch, its
// status on a day, the withdrawal windows a sale or a slaughter must stay out of, and the death
// alert. The server and the screens compute them here, the same way.
import { addDays, daysBetween } from '../dates';
import type { StatutEtape, Traitement } from '../schemas/sante';

/**
 * The day a step for age `age` falls due in a batch placed on `dateDemarage` at `ageDemarrage`
 * days (0: day-old chicks): `date_demarage + (age − age_demarrage)`. A step before the placement
 * age is not created (null).
 */
export function datePrevue(dateDemarage: string, ageDemarrage: number | null | undefined, age: number): string | null {
  const depart = ageDemarrage ?? 0;
  if (age < depart) return null;
  return addDays(dateDemarage.slice(0, 10), age - depart);
}

/** A step's status on `today`: done and skipped are what was recorded; else by its due day. */
export function statutEtape(e: { date_prevue: string; etat?: 'fait' | 'saute' | null }, today: string): StatutEtape {
  if (e.etat === 'fait') return 'fait';
  if (e.etat === 'saute') return 'saute';
  if (e.date_prevue > today) return 'a_venir';
  return e.date_prevue === today ? 'aujourdhui' : 'en_retard';
}

/**
 * A treatment's withdrawal window for meat or eggs: from its first day to its last day plus the
 * label's withdrawal days, both ends included (a sale is allowed from the day after `jusqu_au`).
 * 0 days: the product has no withdrawal for that food, no window.
 */
export function fenetreAttente(t: { debut: string; fin: string }, jours: number): { debut: string; jusqu_au: string } | null {
  if (!jours || jours <= 0) return null;
  return { debut: t.debut, jusqu_au: addDays(t.fin, jours) };
}

/**
 * The withdrawals a batch carries on its BANDE item (`attentes`, one per treatment still in force,
 * written in the treatment's transaction with `sante_rev`, docs/data-model.md).
 */
export type AttentesBande = Record<string, { debut: string; viande_jusqu_au?: string | null; oeufs_jusqu_au?: string | null }>;

/** The last day of each withdrawal of a treatment (absent when that withdrawal is 0 days). */
export function finsAttente(t: Pick<Traitement, 'debut' | 'fin' | 'attente_viande_jours' | 'attente_oeufs_jours'>): {
  viande_jusqu_au?: string;
  oeufs_jusqu_au?: string;
} {
  const viande = fenetreAttente(t, t.attente_viande_jours);
  const oeufs = fenetreAttente(t, t.attente_oeufs_jours);
  return { ...(viande ? { viande_jusqu_au: viande.jusqu_au } : {}), ...(oeufs ? { oeufs_jusqu_au: oeufs.jusqu_au } : {}) };
}

/**
 * The windows of a batch's treatments still in force, keyed by treatment id, as the BANDE item
 * keeps them (a cancelled treatment, or one without withdrawal, blocks nothing): what the
 * treatment's transaction writes, what the batch's health record and the sale dialog check.
 */
export function attentesDesTraitements(
  traitements: readonly Pick<Traitement, 'id' | 'etat' | 'debut' | 'fin' | 'attente_viande_jours' | 'attente_oeufs_jours'>[] | undefined,
): AttentesBande {
  const out: AttentesBande = {};
  for (const t of traitements ?? []) {
    if (t.etat === 'DELETED') continue;
    const fins = finsAttente(t);
    if (fins.viande_jusqu_au || fins.oeufs_jusqu_au) out[String(t.id)] = { debut: t.debut, ...fins };
  }
  return out;
}

/**
 * The last day of the withdrawal of `kind` that covers `day` (the latest when several overlap), or
 * null when a sale or a slaughter of that food dated `day` is allowed.
 */
export function attenteSur(attentes: AttentesBande | null | undefined, day: string, kind: 'viande' | 'oeufs'): string | null {
  let fin: string | null = null;
  for (const w of Object.values(attentes ?? {})) {
    const jusqu = kind === 'viande' ? w.viande_jusqu_au : w.oeufs_jusqu_au;
    if (!jusqu || day < w.debut || day > jusqu) continue;
    if (!fin || jusqu > fin) fin = jusqu;
  }
  return fin;
}

/** The withdrawals running on `day`: the last day of each food's (absent: none runs). */
export function attentesDuJour(attentes: AttentesBande | null | undefined, day: string): { viande_jusqu_au?: string; oeufs_jusqu_au?: string } {
  const viande = attenteSur(attentes, day, 'viande');
  const oeufs = attenteSur(attentes, day, 'oeufs');
  return { ...(viande ? { viande_jusqu_au: viande } : {}), ...(oeufs ? { oeufs_jusqu_au: oeufs } : {}) };
}

/** Losses a death alert needs on one day at least, and how many times the recent average. */
export const ALERTE_MORTALITE_MIN = 3;
export const ALERTE_MORTALITE_FACTEUR = 3;
/** Days before the alert's day whose losses make the average. */
export const ALERTE_MORTALITE_JOURS = 7;

/**
 * A death alert on `day` (docs/sante.md "Alerte de mortalité"): the batch lost at least 3 birds
 * that day and at least 3 times its average daily losses over the 7 days before (days before the
 * batch's start are not counted: a batch 3 days old averages its 3 days; a batch on its first day
 * has no average, 0). `pertesParJour`: losses by day (YYYY-MM-DD), cancelled ones left out.
 */
export function alerteMortalite(
  pertesParJour: Readonly<Record<string, number>>,
  day: string,
  dateDemarage: string,
): { pertes: number; moyenne_7j: number } | null {
  const pertes = pertesParJour[day] ?? 0;
  if (pertes < ALERTE_MORTALITE_MIN) return null;
  const jours = Math.max(0, Math.min(ALERTE_MORTALITE_JOURS, daysBetween(dateDemarage.slice(0, 10), day)));
  let somme = 0;
  for (let i = 1; i <= jours; i++) somme += pertesParJour[addDays(day, -i)] ?? 0;
  const moyenne = jours ? somme / jours : 0;
  if (pertes < ALERTE_MORTALITE_FACTEUR * moyenne) return null;
  return { pertes, moyenne_7j: Math.round(moyenne * 10) / 10 };
}
