// What the server must answer to each write, decided on the model (contract-17 and the spec), and
// the French messages the contract fixes word for word. Written out here rather than imported from
// the product's message constants: the harness checks the product against the contract's text.
import { frDay, type Day } from './model';

/** 12 500 → « 12 500 » (a plain space every three digits, as the messages write a count). */
const nombre = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
/** Eggs as the messages write them: « 3 plateaux et 5 œufs », « 1 plateau », « 5 œufs », « 0 œuf ». */
export function plateaux(oeufs: number): string {
  const p = Math.floor(oeufs / 30);
  const r = oeufs % 30;
  const o = r <= 1 ? `${r} œuf` : `${r} œufs`;
  if (!p) return o;
  const pp = p === 1 ? '1 plateau' : `${nombre(p)} plateaux`;
  return r ? `${pp} et ${o}` : pp;
}
const deCalibre = (c: string | null) => (c ? ` de calibre ${c.toUpperCase()}` : '');

export const MSG = {
  // contract item 2
  dateFuture: 'La date ne peut pas être dans le futur.',
  dateBeforeStart: (start: Day) => `La date ne peut pas précéder le démarrage de la bande (le ${frDay(start)}).`,
  startFuture: 'Le démarrage ne peut pas être dans le futur.',
  startTooOld: 'Le démarrage ne peut pas remonter à plus de 3 ans.',
  // contract item 5
  creanceCancel: "Ce client a déjà remboursé tout ou partie de cette vente : annulez d'abord le remboursement.",
  // a batch sale's unit (decision 0217)
  uniteChair: 'Une bande de poulets de chair vend des sujets : les œufs et les plateaux ne se vendent que sur une bande de pondeuses.',
  wholeEggs: "Les œufs se vendent entiers : la quantité doit faire un nombre entier d'œufs (un plateau compte 30 œufs).",
  wholeHens: 'Une vente de poules de réforme se compte en poules entières : la quantité doit être un nombre entier.',
  // spec part 1 / part 2 catalogue, as the product words it (typos fixed in docs/decisions.md)
  closed: 'Cette bande est clôturée : elle ne peut plus être modifiée.',
  bandeArchivee: 'Cette bande est archivée : restaurez-la pour y saisir des données.',
  notLaying: 'Les collectes ne concernent que les bandes de pondeuses.',
  empruntClient: 'Le client est obligatoire pour une vente à crédit',
  remiseMontant: 'La remise doit être inférieure au prix unitaire',
  remisePourcentage: 'Le pourcentage de remise doit être inférieur à 100',
  montantTooHigh: 'Montant supérieur à la créance',
  commandeDelivered: 'Cette commande est déjà livrée.',
  commandeLastLine: 'Une commande doit contenir au moins un produit.',
  accompteTooHigh: "L'acompte ne peut pas dépasser le montant total de la commande.",
  alreadyCancelled: 'Cet enregistrement est déjà annulé.',
  saleCancelled: 'Cette vente a été annulée.',
  shopSale: "Cette vente a été faite en boutique : annulez-la depuis l'historique des ventes.",
  venteAlreadyDeleted: 'Cette vente est déjà annulée.',
  versementAlreadyCanceled: 'Ce versement est déjà annulé.',
  reapproAlreadyCanceled: 'Cet approvisionnement est déjà annulé.',
  ajustementNotCancelable: "Un ajustement d'inventaire ne s'annule pas : faites un nouvel ajustement.",
  ecomAlreadyCanceled: 'Cette commande est déjà annulée.',
  ecomNotCancelable: 'Une commande payée ou livrée ne peut plus être annulée.',
  ecomAlreadyPayed: 'Cette commande est déjà payée.',
  ecomAlreadyDelivered: 'Cette commande est déjà livrée.',
  ecomCanceled: 'Cette commande est annulée.',
  // the idempotency layer: a copy sent while the first is being written
  inProgress: 'Cette opération est déjà en cours de traitement, réessayez dans un instant.',
  // flock health: treatments and their withdrawal periods (decision 0227)
  avantDemarrage: (start: Day) => `La date ne peut pas précéder le démarrage de la bande (${frDay(start)}).`,
  attenteViande: (fin: Day) => `Délai d'attente en cours : la viande de cette bande ne peut pas être vendue ni abattue jusqu'au ${frDay(fin)} inclus.`,
  attenteOeufs: (fin: Day) => `Délai d'attente en cours : les œufs de cette bande ne peuvent pas être vendus jusqu'au ${frDay(fin)} inclus.`,
  traitementDejaAnnule: 'Ce traitement est déjà annulé.',
  etapeNotFound: 'Étape introuvable',
  etapeDejaFaite: 'Cette étape est déjà faite.',
  etapeDejaSautee: 'Cette étape est déjà sautée.',
  etapeNonFaite: "Cette étape n'est ni faite ni sautée : rien à annuler.",
  expirationAvantDate: "La date d'expiration ne peut pas précéder la date d'administration.",
  // The daily sheet.
  apresCloture: (fin: Day) => `La bande est clôturée depuis le ${frDay(fin)} : la date ne peut pas être après.`,
  eauSansSujets: "Aucun sujet vivant ce jour-là : pas d'eau bue à enregistrer.",
  eauTropGrande: (max: string, vivants: string) => `L'eau bue dépasse le maximum plausible pour ${vivants} sujets vivants (${max} litres).`,
  // The farm's feed store.
  alimentDejaAnnule: 'Cette saisie est déjà annulée.',
  bandeFermee: "Cette bande est clôturée ou archivée : elle ne prend plus d'aliment du stock.",
  stockInsuffisant: (day: Day, dispo: string, sortie: string) =>
    `Stock d'aliment insuffisant le ${frDay(day)} : ${dispo} kg en stock ce jour-là pour ${sortie} kg consommés.`,
  annulationAchat: (day: Day, dispo: string, sortie: string) =>
    `Annulation impossible : sans cet achat, le stock d'aliment du ${frDay(day)} serait de ${dispo} kg pour ${sortie} kg consommés.`,
  depenseSante: "Cette dépense vient d'un soin (étape ou traitement) : annulez le soin, sa dépense sera annulée avec.",
  // A layer batch's egg stock and what the shed sends to the shop (the contract's OEUFS_MSG).
  pasPondeuse: "Cette bande n'est pas une bande de pondeuses : elle n'a pas de stock d'œufs.",
  oeufsDejaAnnule: 'Cette saisie est déjà annulée.',
  produitSansOeufs: (nom: string) => `« ${nom} » n'est pas un produit d'œufs : indiquez sur sa fiche combien d'œufs contient une unité (30 pour un plateau).`,
  unitesEntieres: (oeufs: number, parUnite: number, nom: string) =>
    `${nombre(oeufs)} œufs ne font pas un nombre entier de « ${nom} » (${nombre(parUnite)} œufs par unité).`,
  stockOeufs: (day: Day, calibre: string | null, dispo: number, demande: number) =>
    `Stock d'œufs insuffisant le ${frDay(day)} : ${nombre(dispo)} œufs${deCalibre(calibre)} en stock ce jour-là (${plateaux(dispo)}) pour ${nombre(demande)} demandés.`,
  collecteNecessaire: (day: Day, calibre: string | null, dispo: number, demande: number) =>
    `Impossible : sans ces œufs, le stock${deCalibre(calibre)} du ${frDay(day)} serait de ${nombre(dispo)} œufs pour ${nombre(demande)} déjà sortis (vendus, cassés ou envoyés à la boutique).`,
  dejaVendu: (nom: string, stock: number, quantite: number) =>
    `Annulation impossible : la boutique a déjà vendu une partie de « ${nom} » (${nombre(stock)} en stock pour ${nombre(quantite)} à reprendre).`,
} as const;

/**
 * The expected answer: accepted; refused (with the statuses and, where a text is fixed, the
 * messages that may explain it); or either — a case the contract does not decide, where the
 * figures must still follow what the server did.
 */
export type Expect = { ok: true } | { ok: false; status: number[]; messages?: string[]; why: string } | { either: true; why: string };

export const OK: Expect = { ok: true };

/** Collects the reasons a write must be refused; several at once keep every status and drop the message check. */
export class Reasons {
  private list: { status: number; message?: string; why: string }[] = [];
  private eitherWhy: string | null = null;
  add(why: string, status = 400, message?: string): this {
    this.list.push({ status, message, why });
    return this;
  }
  either(why: string): this {
    this.eitherWhy ??= why;
    return this;
  }
  get refused(): boolean {
    return this.list.length > 0;
  }
  expect(): Expect {
    if (this.list.length) {
      const status = [...new Set(this.list.map((r) => r.status))];
      const why = this.list.map((r) => r.why).join(' + ');
      // One reason with a fixed text: that text. Several: the server may name any of them.
      const messages = this.list.every((r) => r.message) ? this.list.map((r) => r.message!) : undefined;
      return { ok: false, status, messages, why };
    }
    if (this.eitherWhy) return { either: true, why: this.eitherWhy };
    return OK;
  }
}
