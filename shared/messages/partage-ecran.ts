// French texts of the screens that share a document: « Envoyer par WhatsApp » and the links of a
// document, the discount and the balance a receipt prints, the client statement (relevé de compte)
// and the debt follow-up list (« Relances »). The server's own messages are in ./partage.ts and
// ./releve.ts.
import { formatJour } from '../dates';
import { formatFcfa, formatNumber } from '../format';

/** « 12/11/2026 » from an ISO date or date-time (the businesses are at UTC+0). */
const jour = (iso: string) => formatJour(iso.slice(0, 10));

export const PARTAGE_ECRAN = {
  // ── the share button (every document) ──
  envoyer: 'Envoyer par WhatsApp',
  preparation: 'Préparation du lien…',
  horsLigne: 'Le partage demande une connexion : reconnectez-vous pour envoyer ce document.',
  echec: "Le lien n'a pas pu être créé. Réessayez dans un instant.",
  ouvrirWhatsapp: 'Ouvrir WhatsApp',
  /** Shown when the browser kept WhatsApp from opening by itself (a popup blocker). */
  whatsappBloque: 'WhatsApp ne s’est pas ouvert tout seul : touchez « Ouvrir WhatsApp ».',
  messageTitre: 'Message envoyé avec le lien',
  lien: 'Lien du document',
  copierLien: 'Copier le lien',
  lienCopie: 'Lien copié.',
  copieImpossible: 'Copie impossible ici : le lien est sélectionné, copiez-le avec le menu du téléphone.',
  expireLe: (iso: string) => `Le lien expire le ${jour(iso)}.`,
  liensTitre: 'Liens partagés de ce document',
  liensChargement: 'Chargement des liens…',
  lienInfo: (creeLe: string, par: string, expire: string) => `Créé le ${jour(creeLe)} par ${par}, valable jusqu'au ${jour(expire)}`,
  periode: (debut: string, fin: string) => `du ${formatJour(debut)} au ${formatJour(fin)}`,
  revoquer: 'Révoquer',
  revoquerTitre: 'Révoquer le lien',
  revoquerQuestion: (creeLe: string) =>
    `Révoquer le lien créé le ${jour(creeLe)} ? La page ne s'ouvrira plus pour personne, même pour qui l'a déjà reçue. Ce document reste dans l'application.`,
  revoquerOui: 'Oui, révoquer',
  revoquerEchec: "Le lien n'a pas pu être révoqué. Réessayez dans un instant.",
  lienRevoque: 'Lien révoqué : la page ne s’ouvre plus.',

  // ── receipts ──
  remisePourcentage: (p: number) => `Remise ${formatNumber(p)} %`,
  remiseMontant: (m: number) => `Remise ${formatFcfa(m)}`,
  /** Under a discounted line: the catalogue price, the discount and the unit price paid. */
  ligneRemise: (prixVente: number, remise: string, prixPaye: number) =>
    `Prix catalogue ${formatFcfa(prixVente)} · ${remise} · payé ${formatFcfa(prixPaye)} l'unité`,
  resteApresVente: 'Reste à payer après cette vente\u00a0:',
  resteAPayer: 'Reste à payer\u00a0:',
  compteSolde: 'Compte soldé.',

  // ── the client statement ──
  releveTitre: 'Relevé de compte',
  releveBouton: 'Relevé',
  releveDebut: 'Du',
  releveFin: 'Au',
  releveDebutApresFin: 'La date de début doit précéder la date de fin.',
  releveFinFuture: 'La date de fin ne peut pas être dans le futur.',
  releveDateInvalide: 'Choisissez deux dates.',
  relevePeriode: (debut: string, fin: string) => `Période du ${formatJour(debut)} au ${formatJour(fin)}`,
  releveOuverture: (veille: string) => `Solde au ${formatJour(veille)}`,
  releveCloture: (fin: string) => `Solde au ${formatJour(fin)}`,
  releveAucun: 'Aucun mouvement sur cette période.',
  releveDate: 'Date',
  releveLibelle: 'Libellé',
  releveDebit: 'Débit',
  releveCredit: 'Crédit',
  releveSolde: 'Solde',
  releveVentes: 'Ventes à crédit',
  releveVersements: 'Remboursements',
  releveAnnulationsVentes: 'Ventes annulées',
  releveAnnulationsVersements: 'Remboursements annulés',
  releveClient: 'Client',
  releveCompte: 'N° de compte',
  releveTelephone: 'Téléphone',
  releveCsv: 'Exporter CSV',
  releveUnite: 'Montants en FCFA.',
  releveIntrouvable: 'Client introuvable.',

  // ── the debt follow-up ──
  relancesTitre: 'Relances',
  relancesSousTitre: 'Les clients qui doivent encore, la plus ancienne dette d’abord. Un relevé envoyé par WhatsApp est noté comme relance.',
  relancesNombre: 'Clients à relancer',
  relancesTotal: 'Total dû',
  relancesAucune: 'Aucun client ne doit rien : rien à relancer.',
  relancesClient: 'Client',
  relancesTelephone: 'Téléphone',
  relancesMontant: 'Montant dû',
  relancesAnciennete: 'Plus ancienne dette',
  relancesDerniere: 'Dernière relance',
  relancer: 'Relancer par WhatsApp',
  relanceEnCours: 'Envoi…',
  relanceFaite: (client: string) => `Relance notée pour ${client}.`,
  relanceEchec: "La relance n'a pas pu être envoyée. Réessayez dans un instant.",
  sansTelephone: 'pas de numéro',
  depuis: (jour0: string, jours: number) =>
    `${formatJour(jour0)}, depuis ${jours === 0 ? "aujourd'hui" : jours === 1 ? '1 jour' : `${formatNumber(jours)} jours`}`,
  relancePar: (le: string, par: string) => `relancé le ${jour(le)} par ${par}`,
  jamais: 'jamais',
} as const;
