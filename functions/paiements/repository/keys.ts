// The keys of subscription payments and the references built from a payment's ids.
import type { PaymentService } from '@shared/paiements';
import { tenantPk } from '../../lib/repo/keys';

export const pad = (n: number) => String(n).padStart(10, '0');
export const PAYMENT = 'PAIEMENT#';
export const EVENT_DAYS = 30;

export const key = {
  payment: (t: number, id: number) => ({ PK: tenantPk(t), SK: `${PAYMENT}${pad(id)}` }),
  receipt: (t: number, id: number) => ({ PK: tenantPk(t), SK: `RECU#${pad(id)}` }),
  /** The last payment started with this provider and number (not under PAIEMENT#: not a payment). */
  startGuard: (t: number, service: PaymentService, msisdn: string) => ({ PK: tenantPk(t), SK: `PAIEMENT_EN_COURS#${service}#${msisdn}` }),
  event: (service: PaymentService, eventId: string) => ({ PK: `PAYEVT#${service}#${eventId}`, SK: 'EVT' }),
  revenue: (month: string) => ({ PK: 'OPS#REVENUS', SK: `MOIS#${month}` }),
  ledgerPk: (month: string) => `OPS#PAIEMENTS#${month}`,
};

export const month = (iso: string) => iso.slice(0, 7);

/** Our reference of a payment, sent to the provider and echoed in its webhooks. */
export const paymentReference = (tenantId: number, id: number) => `GNR-${tenantId}-${id}`;

export function parseReference(ref: string | null | undefined): { tenantId: number; id: number } | null {
  const m = /^GNR-(\d{1,10})-(\d{1,10})$/.exec(ref ?? '');
  if (!m) return null;
  return { tenantId: Number(m[1]), id: Number(m[2]) };
}

export const receiptNumber = (tenantId: number, id: number) => `RECU-${tenantId}-${String(id).padStart(6, '0')}`;

/** The Step Functions execution of a payment (unique per state machine for 90 days). */
export const executionName = (tenantId: number, id: number, suffix = '') => `pay-${tenantId}-${id}${suffix}`;
