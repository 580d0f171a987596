// The WhatsApp side of a shared document: the wa.me address that opens a chat with
// the client (international number, digits only) or lets the user pick a contact when the client has
// none, with a short French message that says who sends what, how much, what is still owed, and the
// link. Built on the server (POST api/partage answers it) and shown as is by the screens.
import { formatFcfa } from './format';
import type { TypePartage } from './schemas/partage';

/** What each document is called in the message (« votre reçu de vente »). */
export const NOM_DOCUMENT: Record<TypePartage, string> = {
  recu_vente: 'reçu de vente',
  facture_commande: 'facture',
  recu_versement: 'reçu de remboursement',
  rapport_bande: 'rapport de bande',
  releve_client: 'relevé de compte',
};

export interface MessagePartage {
  entreprise: string;
  type: TypePartage;
  /** « V-000123 », « CMD-… », the batch's name, « du 01/11/2026 au 30/11/2026 ». */
  reference: string;
  /** The document's amount (a sale's total, a repayment, an order's total), when it has one. */
  montant?: number | null;
  /** What the client still owes after it, when the document is a client's. */
  solde?: number | null;
  url: string;
}

/** The message: one line each, plain text (WhatsApp shows it as typed). */
export function messagePartage(p: MessagePartage): string {
  const lignes = [`${p.entreprise} : votre ${NOM_DOCUMENT[p.type]} ${p.reference}`.trim()];
  if (p.montant !== undefined && p.montant !== null) lignes.push(`Montant : ${formatFcfa(p.montant)}`);
  if (p.solde !== undefined && p.solde !== null) lignes.push(p.solde > 0 ? `Reste à payer : ${formatFcfa(p.solde)}` : 'Votre compte est soldé.');
  lignes.push(`À consulter ici : ${p.url}`);
  return lignes.join('\n');
}

/**
 * https://wa.me/<digits>?text=<message>. `e164`: the client's number in international form
 * (+221771234567), or null: wa.me without a number lets the user choose the chat.
 */
export function lienWhatsapp(e164: string | null, message: string): string {
  const digits = e164 ? e164.replace(/\D/g, '') : '';
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
