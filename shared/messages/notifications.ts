// French texts of the notifications pushed to a phone: the morning summary, the death
// alert, the API's refusals and the profile screen's « Notifications sur ce téléphone ».
import { formatNombre } from '../format';

const s = (n: number, one: string, many: string) => `${formatNombre(n)} ${n > 1 ? many : one}`;

export const NOTIF_MSG = {
  // ── API refusals ──
  endpointRefuse: "Adresse de notification refusée : elle doit être celle d'un service de notification connu (Chrome, Firefox, Edge, Safari).",
  tropDAppareils: (max: number) => `Les notifications sont déjà activées sur ${max} appareils : désactivez-les sur l'un d'eux avant d'en ajouter un autre.`,
  abonnementInconnu: 'Les notifications ne sont pas activées sur cet appareil pour votre compte.',

  // ── the morning summary (one per user and morning, nothing when nothing is due) ──
  titreMatin: 'Ganaar — aujourd’hui',
  /** Health steps due today and late (« 2 soins aujourd'hui, 1 en retard »). */
  etapes: (aujourdhui: number, retard: number) =>
    [aujourdhui ? `${s(aujourdhui, 'soin', 'soins')} aujourd’hui` : '', retard ? `${s(retard, 'soin', 'soins')} en retard` : ''].filter(Boolean).join(', '),
  attentes: (n: number) => `${s(n, 'délai d’attente en cours', 'délais d’attente en cours')}`,
  mortalite: (bandes: number) => `mortalité anormale (${s(bandes, 'bande', 'bandes')})`,
  eau: (bandes: number) => `baisse d’eau (${s(bandes, 'bande', 'bandes')})`,
  aliment: (jours: number) => `${s(jours, 'jour', 'jours')} d’aliment restant${jours > 1 ? 's' : ''}`,
  ligneSante: (parts: string[]) => `Santé : ${parts.join(' · ')}`,
  ligneAlertes: (parts: string[]) => `Alertes : ${parts.join(' · ')}`,
  commandes: (total: number, retard: number) => `${s(total, 'commande', 'commandes')} à livrer${retard ? ` (${formatNombre(retard)} en retard)` : ''}`,
  enLigne: (n: number) => `${s(n, 'commande en ligne', 'commandes en ligne')} en attente`,
  ligneCommandes: (parts: string[]) => `Boutique : ${parts.join(' · ')}`,

  // ── the death alert, pushed when it is raised ──
  titreAlerte: 'Ganaar — alerte mortalité',
  alerteMortalite: (bande: string, pertes: number, moyenne: number) =>
    `Alerte mortalité : ${bande} — ${s(pertes, 'mort', 'morts')} aujourd’hui (moyenne des 7 jours : ${formatNombre(moyenne)}).`,

  // ── the profile screen ──
  ecranTitre: 'Notifications sur ce téléphone',
  ecranExplication:
    'Chaque matin à 6 h, un résumé de ce qui est à faire (soins, alertes, aliment, commandes), et une alerte dès qu’une bande perd anormalement des sujets.',
  activer: 'Activer',
  desactiver: 'Désactiver',
  etatActif: 'Les notifications sont activées sur ce téléphone.',
  etatInactif: 'Les notifications ne sont pas activées sur ce téléphone.',
  etatRefuse: 'Les notifications sont bloquées pour Ganaar dans les réglages du navigateur : autorisez-les dans les paramètres du site, puis revenez ici.',
  etatNonSupporte:
    'Ce navigateur ne peut pas recevoir de notifications. Sur iPhone, ajoutez d’abord Ganaar à l’écran d’accueil ; sur Android, utilisez Chrome.',
  etatHorsLigne: 'Hors connexion : reconnectez-vous à Internet pour activer ou désactiver les notifications.',
  activees: 'Notifications activées sur ce téléphone.',
  desactivees: 'Notifications désactivées sur ce téléphone.',
  echec: 'Les notifications n’ont pas pu être activées. Réessayez.',
  permissionNonAccordee: 'Vous n’avez pas autorisé les notifications.',
};

/** The field texts of shared/schemas/notifications.ts: each rule's words, word for word as the forms and the API show them. */
export const NOTIFICATIONS_SCHEMA_MSG = {
  invalide: (label: string | number) => `${label} invalide`,
  adresseNotificationInvalide: 'Adresse de notification invalide',
  cleP256dh: 'Clé p256dh',
  cleAuth: 'Clé auth',
  clesNotificationRequises: 'Clés de notification requises',
};
