// The periods of a statement: the screen's default (this month, to today) and the one a reminder
// sends (decision 0273: from the oldest unpaid sale, at most 90 days back; what came before is
// in the statement's opening balance).
import { addDays } from '@shared/dates';

/** A reminder's statement never starts more than this many days before today. */
export const RELANCE_JOURS_MAX = 90;

export interface Periode {
  debut: string;
  fin: string;
}

/** The current month up to today (a statement cannot end in the future). */
export function periodeParDefaut(today: string): Periode {
  return { debut: `${today.slice(0, 7)}-01`, fin: today };
}

/** A reminder's period: from the oldest unpaid sale (or 90 days ago when it is older or unknown) to today. */
export function periodeRelance(plusAncienne: string | null, today: string): Periode {
  const limite = addDays(today, -RELANCE_JOURS_MAX);
  const debut = plusAncienne && plusAncienne >= limite ? (plusAncienne > today ? today : plusAncienne) : limite;
  return { debut, fin: today };
}

const JOUR = /^\d{4}-\d{2}-\d{2}$/;

/** The French refusal of a typed period, or null when it can be asked. */
export function erreurPeriode(p: Periode, today: string, msg: { invalide: string; ordre: string; future: string }): string | null {
  if (!JOUR.test(p.debut) || !JOUR.test(p.fin) || Number.isNaN(Date.parse(p.debut)) || Number.isNaN(Date.parse(p.fin))) return msg.invalide;
  if (p.debut > p.fin) return msg.ordre;
  if (p.fin > today) return msg.future;
  return null;
}
