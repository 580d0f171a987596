// Subscription payments by mobile money (spec part 2 §5, §9): which country offers which service,
// how a phone number is written in each, what a payment costs, and the statuses a payment goes
// through. Used by the payment dialog, the payments Lambda and the tests alike.
import { checkPhone, nationalNumber } from './phone';
import { PHONE_MSG } from './messages/phone';
import type { Plan } from './plans';

export type PaymentService = 'wave' | 'orange_money';
export type PaymentCountry = 'sn' | 'ci';

/** A payment's life: PENDING until the provider confirms; SUCCESS extends the subscription once. */
export type PaymentStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'EXPIRED';

export const SERVICES: Record<PaymentService, { nom: string }> = {
  wave: { nom: 'Wave' },
  orange_money: { nom: 'Orange Money' },
};

/** Spec §9: sn offers Wave and Orange Money; ci offers Wave only. */
export const PAYMENT_COUNTRIES: Record<PaymentCountry, { nom: string; indicatif: string; services: readonly PaymentService[]; exemple: string }> = {
  sn: { nom: 'Sénégal', indicatif: '+221', services: ['wave', 'orange_money'], exemple: '77 123 45 67' },
  ci: { nom: "Côte d'Ivoire", indicatif: '+225', services: ['wave'], exemple: '07 12 34 56 78' },
};

/** The OTP field exists only for Orange Money Sénégal (spec §2 payment dialog, §5). */
export function needsOtp(pays: PaymentCountry, service: PaymentService): boolean {
  return pays === 'sn' && service === 'orange_money';
}

/** Dialled by the payer to receive the Orange Money one-time code (shown as a hint). */
export const OM_OTP_USSD = '#144#391#';

/** Spec §5 lets the client send a default OTP when none is typed (Wave): it is ignored there. */
export const DEFAULT_OTP = '0000';

/** At least one month (spec §5); at most a year per payment, so a typo cannot charge 100 months. */
export const MIN_MOIS = 1;
export const MAX_MOIS = 12;

/** Spec §9: total = months × monthly price. Always computed by the server from the plan code. */
export function paymentTotal(plan: Plan, nbMois: number): number {
  return plan.mensualite * nbMois;
}

/**
 * The payer's number: the phone rule of the whole product (shared/phone.ts) asking for a mobile of
 * the payment's country, since Wave and Orange Money pay from a mobile money account there. Spaces,
 * dots, dashes and the country code (+221, 00221, 221) are accepted as everywhere. Returns the
 * national number (what the payment history shows), or null.
 */
export function nationalMobile(pays: PaymentCountry, input: string): string | null {
  const r = checkPhone(input, pays, { mobile: true });
  return r.ok && r.country === pays ? nationalNumber(r.e164) : null;
}

/** International form without "+" (MSISDN), as the providers take it: 221771234567. */
export function msisdn(pays: PaymentCountry, national: string): string {
  return `${pays === 'sn' ? '221' : '225'}${national}`;
}

export const PHONE_HINT: Record<PaymentCountry, string> = {
  sn: PHONE_MSG.mobile('sn'),
  ci: PHONE_MSG.mobile('ci'),
};

/** French labels of the statuses, for the history and the operator's ledger. */
export const STATUS_LABEL: Record<PaymentStatus, string> = {
  PENDING: 'En attente',
  SUCCESS: 'Réussi',
  FAILED: 'Échoué',
  EXPIRED: 'Expiré',
};
