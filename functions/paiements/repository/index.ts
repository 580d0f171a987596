// Every DynamoDB key of subscription payments (docs/data-model.md, "Subscriptions and payments"):
// - the payment: `ENT#<t> / PAIEMENT#<id>`, also in GSI1 under `OPS#PAIEMENTS#<yyyy-mm>` (the
//   operator's ledger of a month, across businesses);
// - its receipt: `ENT#<t> / RECU#<id>`, written by the activation transaction;
// - a provider event already handled: `PAYEVT#<service>#<event id> / EVT` (TTL 30 days);
// - the revenue of a month: `OPS#REVENUS / MOIS#<yyyy-mm>` (ADD in the activation transaction).
//
// One module per item: keys.ts (keys and references), payments.ts, receipts.ts, events.ts, and
// activation.ts (the granting transaction and the months' revenue).
export { executionName, parseReference, paymentReference } from './keys';
export {
  closePayment,
  createPayment,
  getPayment,
  getStartGuard,
  ledgerOfMonth,
  listPayments,
  pendingCreatedBetween,
  recordCallback,
  recordProviderAnswer,
  storeTaskToken,
  type PaymentItem,
  type StartGuard,
} from './payments';
export { getReceipt, markReceiptMailed, type ReceiptItem } from './receipts';
export { claimEvent } from './events';
export { activatePayment, revenueMonths, type ActivationResult } from './activation';
