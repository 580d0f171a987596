// The period rule lives in shared/period.ts: the payment dialog computes the same end date.
export { addMonths, extendPeriod, type CurrentSubscription, type NewPeriod } from '@shared/period';
