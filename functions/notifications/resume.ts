// The morning summary of one user (docs/notifications.md « Le résumé du matin »): what
// is due today for the features the user holds, in at most 3 short French lines, or null when
// nothing is due (nothing is sent). Pure: the job reads the business's figures once and builds
// each user's message from them and the user's rights.
import type { Rights, Role } from '@shared/rights';
import { hasRight } from '@shared/rights';
import { NOTIF_MSG } from '@shared/messages/notifications';
import type { NotificationPayload } from '@shared/schemas/notifications';

/** The business's figures of the day, each read only when some subscribed user holds its right. */
export interface FiguresDuJour {
  /** bandav: « À faire » of the flock (functions/sante aFaire). */
  sante?: {
    etapes_aujourdhui: number;
    etapes_en_retard: number;
    attentes: number;
    /** Batches with a death alert today or yesterday. */
    mortalite: number;
    /** Batches whose water dropped. */
    eau: number;
    /** Days of feed left, when under the business's threshold. */
    aliment_jours?: number;
  };
  /** commav: customer orders to deliver today or late. */
  commandes?: { total: number; en_retard: number };
  /** prav: online orders waiting. */
  en_ligne?: number;
}

export function resumeDuMatin(f: FiguresDuJour, user: { role: Role; droits: Rights }, day: string): NotificationPayload | null {
  const can = (c: 'bandav' | 'commav' | 'prav' | 'dashboardav') => hasRight(user.role, user.droits, c);
  const lignes: string[] = [];
  const ecrans: string[] = [];
  if (f.sante && can('bandav')) {
    const s = f.sante;
    const soins = [NOTIF_MSG.etapes(s.etapes_aujourdhui, s.etapes_en_retard), s.attentes ? NOTIF_MSG.attentes(s.attentes) : ''].filter(Boolean);
    if (soins.length) lignes.push(NOTIF_MSG.ligneSante(soins));
    const alertes = [
      s.mortalite ? NOTIF_MSG.mortalite(s.mortalite) : '',
      s.eau ? NOTIF_MSG.eau(s.eau) : '',
      s.aliment_jours !== undefined ? NOTIF_MSG.aliment(s.aliment_jours) : '',
    ].filter(Boolean);
    if (alertes.length) lignes.push(NOTIF_MSG.ligneAlertes(alertes));
    // « À faire » is on the dashboard; a user without it opens the batches.
    if (soins.length || alertes.length) ecrans.push(can('dashboardav') ? '#/dashboard' : '#/bande');
  }
  const boutique: string[] = [];
  if (f.commandes && f.commandes.total > 0 && can('commav')) {
    boutique.push(NOTIF_MSG.commandes(f.commandes.total, f.commandes.en_retard));
    ecrans.push('#/commande');
  }
  if (f.en_ligne && can('prav')) {
    boutique.push(NOTIF_MSG.enLigne(f.en_ligne));
    ecrans.push('#/ecommerce');
  }
  if (boutique.length) lignes.push(NOTIF_MSG.ligneCommandes(boutique));
  if (!lignes.length) return null;
  // One concerned screen: open it; several: the dashboard when the user has it.
  const url = ecrans.length === 1 ? ecrans[0] : can('dashboardav') ? '#/dashboard' : ecrans[0];
  return { titre: NOTIF_MSG.titreMatin, corps: lignes.join('\n'), url, tag: `matin-${day}` };
}

/** The death alert of one batch, pushed when it is raised (one per batch and day). */
export function alerteMortalitePayload(b: { id: number; nom: string }, pertes: number, moyenne: number, day: string): NotificationPayload {
  return { titre: NOTIF_MSG.titreAlerte, corps: NOTIF_MSG.alerteMortalite(b.nom, pertes, moyenne), url: `#/bande/${b.id}`, tag: `mortalite-${b.id}-${day}` };
}
